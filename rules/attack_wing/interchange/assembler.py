"""The assembler: a reader's entries resolved and built into the fleet and its report.

It places each resolved card in its ship (captain, admiral, upgrades), enforces the fleet file's
limits, and settles same-named cards the resolver could not tell apart by the ship's upgrade bar
and by the SP the source printed (priced by Muster's engine). Nothing is dropped silently: every
entry ends up in :attr:`~rules.attack_wing.interchange.report.ImportResult.cards` with its status.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, RESOURCE, SHIP, Card, Catalog
from rules.attack_wing.checks.beneath_rules import places_beneath
from rules.attack_wing.engine import validate_fleet
from rules.attack_wing.fleet import ROLE_BENEATH, ROLE_SIDEBOARD, Fleet, FleetInputError, FleetShip
from rules.attack_wing.fleet_file import MAX_CARDS_PER_SHIP, MAX_RESOURCES, MAX_SHIPS, MAX_SIDEBOARD
from rules.attack_wing.formats import DEFAULT_FORMAT
from rules.attack_wing.interchange.entries import Entry, Parsed, ShipEntries, entry_fields
from rules.attack_wing.interchange.report import AMBIGUOUS, MATCHED, UNPLACED, CardMatch, ImportResult, InterchangeError
from rules.attack_wing.interchange.resolver import Found, Resolver, candidates, describe_card, same_play
from rules.translation import gettext as _


def _bar_fit(ship: Card, upgrades: list[Card | None]) -> int:
    """How many of ``upgrades`` the ship's own upgrade bar holds, slot by slot."""
    free = list(ship.slots)
    held = 0
    for card in upgrades:
        if card is not None and card.upgrade_type in free:
            free.remove(card.upgrade_type)
            held += 1
    return held


@dataclass
class _Assembly:
    """What a build collects as it goes: every entry's match, the problems to report, the notes."""

    matches: list[CardMatch] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class _Seats:
    """The ship's seats a placed card may take: one captain, one admiral, any upgrades in order."""

    captain: str | None = None
    admiral: str | None = None
    upgrades: list[str] = field(default_factory=list)
    beneath: list[tuple[str, str]] = field(default_factory=list)  # (host id, card id)
    cards: dict[int, Card] = field(default_factory=dict)  # each seated source entry's card, by id(entry)


class Assembler:
    """Resolves a reader's entries and builds the fleet and the report."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver

    def build(self, fmt: str, parsed: Parsed, choices: dict[int, str] | None = None, **extra: Any) -> ImportResult:
        """The fleet ``parsed`` describes and the card-by-card report of how each entry was read.

        Ships come first (a ship's cards are placed once the ship is found, and a ship not found
        takes its cards out with it), then the resources, then the cards known to be outside the
        fleet. Same-named cards are settled last, by the SP the source printed, because that needs
        the whole fleet priced. Refuses (``InterchangeError``) a fleet past the file's limits or
        without one ship the catalog knows; everything else is reported and left out, never dropped
        silently.
        """
        if len(parsed.ships) > MAX_SHIPS:
            message = _("A fleet has at most %(limit)d ships; this one lists %(count)d.")
            raise InterchangeError(message % {"limit": MAX_SHIPS, "count": len(parsed.ships)})
        assembly = _Assembly(problems=list(parsed.problems), notes=list(parsed.notes))
        ships: list[FleetShip] = []
        totals: list[int | None] = []
        for number, entries in enumerate(parsed.ships, 1):
            ship = self.ship(number, entries, len(ships), assembly)
            if ship is not None:
                ships.append(ship)
                totals.append(entries.source_total)
        resources = self.resources(parsed.resources, assembly)
        sideboard = self.sideboard(parsed.sideboard, assembly)
        for entry in parsed.loose:
            found = self.resolver.find(entry)
            where = entry.unplaced or _("outside the fleet")
            assembly.matches.append(self.unplaced(entry, None, where, found.card))
        if not ships and not sideboard:
            _refuse_no_ships(parsed, assembly.matches)
        fleet = Fleet(ships=tuple(ships), resources=tuple(resources), sideboard=tuple(sideboard))
        fleet = self.by_printed_cost(fleet, assembly.matches)
        catalog = self.resolver.catalog
        assembly.matches = [
            replace(m, candidates=candidates(m, catalog)) if m.doubtful else m for m in assembly.matches
        ]
        for index, card_id in sorted((choices or {}).items()):
            fleet = self.chosen(fleet, assembly, index, card_id)
        for match in assembly.matches:
            where = _("ship %(number)d") % {"number": match.ship + 1} if match.ship is not None else _("the fleet")
            if match.status == AMBIGUOUS:
                fitting = "; ".join(str(c) for c in match.candidates if c.fits)
                assembly.problems.append(
                    _("%(source)r on %(where)s is ambiguous: %(note)s. Which is it? %(fitting)s.")
                    % {"source": match.source, "where": where, "note": match.note, "fitting": fitting}
                )
            elif match.doubtful:  # a near miss that fits one card: a guess, so the list needs a look
                assembly.problems.append(
                    _(
                        "%(source)r on %(where)s names no card; it was read as %(name)r, the nearest name. "
                        "Take it if it is the card meant, or correct the list."
                    )
                    % {"source": match.source, "where": where, "name": match.name}
                )
        return ImportResult(
            format=fmt,
            fleet=fleet,
            cards=tuple(assembly.matches),
            name=parsed.name,
            source_total=parsed.source_total,
            source_ship_totals=tuple(totals),
            problems=tuple(dict.fromkeys(assembly.problems)),
            notes=tuple(assembly.notes),
            **extra,
        )

    def ship(self, number: int, entries: ShipEntries, index: int, assembly: _Assembly) -> FleetShip | None:
        """Ship ``number`` of the source with its cards placed, as the fleet's ship ``index``; ``None``
        when the catalog has no such ship (it and its cards are then reported, left out)."""
        if len(entries.cards) > MAX_CARDS_PER_SHIP:
            message = _("Ship %(number)d carries more than %(limit)d cards; no ship can.")
            raise InterchangeError(message % {"number": number, "limit": MAX_CARDS_PER_SHIP})
        found = self.resolver.find(entries.ship)
        if found.card is None:
            assembly.matches.append(_match(entries.ship, found, None, None))
            assembly.problems.append(
                _("Ship %(number)d: %(note)s; the ship and its cards are left out.")
                % {"number": number, "note": found.note}
            )
            assembly.matches += [
                CardMatch(
                    status=UNPLACED,
                    role=entry.role,
                    source=entry.source,
                    note=_("on ship %(number)d, which could not be found") % {"number": number},
                    source_cost=entry.source_cost,
                )
                for entry in entries.cards
            ]
            return None
        ship_match = len(assembly.matches)
        assembly.matches.append(_match(entries.ship, found, index, None))
        seats = _Seats()
        for entry in entries.cards:
            entry.ship_factions = found.card.factions
            self.place(entry, number, index, seats, assembly)
        if found.status == AMBIGUOUS:
            found = self.by_upgrade_bar(found, [self.resolver.catalog.get(card_id) for card_id in seats.upgrades])
            assembly.matches[ship_match] = _match(entries.ship, found, index, None)
        assert found.card is not None  # the ship found, or the one of those that fit its upgrade bar
        return FleetShip(
            ship=found.card.id,
            captain=seats.captain,
            admiral=seats.admiral,
            upgrades=tuple(seats.upgrades),
            blind_booster=entries.blind_booster,
            beneath=tuple(seats.beneath),
        )

    def place(self, entry: Entry, number: int, index: int, seats: _Seats, assembly: _Assembly) -> None:
        """Find ``entry`` and seat it on the ship: a card of no stated role takes the role its kind plays
        (a second captain-like card becomes an upgrade where it can); a second captain or admiral is
        left out."""
        if entry.unplaced:
            assembly.matches.append(self.unplaced(entry, index, entry.unplaced))
            return
        card_found = self.resolver.find(entry)
        if card_found.card is None and (helper := self.resolver.helper_note(entry.card_id)):
            assembly.matches.append(self.unplaced(entry, index, helper))
            assembly.notes.append(_("Ship %(number)d: %(note)s.") % {"number": number, "note": helper})
            return
        if card_found.card is None:
            assembly.matches.append(_match(entry, card_found, index, None))
            assembly.problems.append(
                _("Ship %(number)d: %(note)s; that card is left out.") % {"number": number, "note": card_found.note}
            )
            return
        card = card_found.card
        seats.cards[id(entry)] = card  # by the reader's own entry, which the cards it holds name as their host
        role = entry.role
        if role == "card":
            role = role_for(card)
            if role == "captain" and seats.captain is not None:
                role = "upgrade" if card.kind not in (CAPTAIN, ADMIRAL) else role
            entry = Entry(**{**entry_fields(entry), "role": role})
        host = seats.cards.get(id(entry.host)) if entry.host is not None else None
        if role == "upgrade" and host is not None and places_beneath(host):
            seats.beneath.append((host.id, card.id))
            match = _match(entry, card_found, index, len(seats.beneath) - 1)
            note = match.note or _("face down beneath %(card)s") % {"card": host.name}
            assembly.matches.append(replace(match, role=ROLE_BENEATH, note=note))
            return
        if role == "captain" and seats.captain is None:
            seats.captain = card.id
        elif role == "admiral" and seats.admiral is None:
            seats.admiral = card.id
        elif role == "upgrade":
            seats.upgrades.append(card.id)
            assembly.matches.append(_match(entry, card_found, index, len(seats.upgrades) - 1))
            return
        else:
            note = (
                _("a second captain on ship %(number)d; a Muster ship holds one")
                if role == "captain"
                else _("a second admiral on ship %(number)d; a Muster ship holds one")
                if role == "admiral"
                else _("a second %(role)s on ship %(number)d; a Muster ship holds one")
            ) % {"role": role, "number": number}
            assembly.matches.append(self.unplaced(entry, index, note, card))
            assembly.problems.append(
                _("Ship %(number)d: %(card)s is %(note)s, so it is left out.")
                % {"number": number, "card": card.name, "note": note}
            )
            return
        if role == "captain" and card.kind == ADMIRAL:
            note = card_found.note or _("an admiral as captain, face down")
            card_found = Found(card, card_found.status, card_found.how, note, card_found.alternatives, card_found.tied)
        assembly.matches.append(_match(entry, card_found, index, None))

    def resources(self, entries: list[Entry], assembly: _Assembly) -> list[str]:
        """The fleet's resources, up to the file's limit; a resource-shaped line the catalog does not
        know that may be a note (Space Dock's) becomes one."""
        resources: list[str] = []
        for entry in entries:
            found = self.resolver.find(entry)
            if found.card is None and entry.optional:
                assembly.notes.insert(0, _("Squad notes: %(notes)s") % {"notes": entry.source})
            elif found.card is None:
                assembly.matches.append(_match(entry, found, None, None))
                assembly.problems.append(_("Resource: %(note)s; it is left out.") % {"note": found.note})
            elif len(resources) >= MAX_RESOURCES:
                why = _("more resources than a fleet can hold")
                assembly.matches.append(self.unplaced(entry, None, why, found.card))
                assembly.problems.append(
                    _("Resource %(card)s is left out: a fleet holds at most %(limit)d.")
                    % {"card": found.card.name, "limit": MAX_RESOURCES}
                )
            else:
                resources.append(found.card.id)
                assembly.matches.append(_match(entry, found, None, None))
        return resources

    def sideboard(self, entries: list[Entry], assembly: _Assembly) -> list[str]:
        """The cards the source places on the Reinforcements Sideboard, up to the fleet file's limit; which of
        them the sideboard may hold is the engine's to say (``rules.attack_wing.checks.sideboard_rules``)."""
        if len(entries) > MAX_SIDEBOARD:
            message = _("A sideboard holds at most %(limit)d cards; this one lists %(count)d.")
            raise InterchangeError(message % {"limit": MAX_SIDEBOARD, "count": len(entries)})
        cards: list[str] = []
        for entry in entries:
            found = self.resolver.find(entry)
            if found.card is None:
                assembly.matches.append(_match(entry, found, None, None))
                assembly.problems.append(_("Sideboard: %(note)s; that card is left out.") % {"note": found.note})
                continue
            cards.append(found.card.id)
            assembly.matches.append(replace(_match(entry, found, None, len(cards) - 1), role=ROLE_SIDEBOARD))
        return cards

    def chosen(self, fleet: Fleet, assembly: _Assembly, index: int, card_id: str) -> Fleet:
        """The organizer's answer to a doubtful line (card ``index`` of the report): the card they picked among
        its candidates, the rest of the list as read. A pick that answers no doubt is a problem, not applied."""
        match = assembly.matches[index] if 0 <= index < len(assembly.matches) else None
        if match is None or not match.candidates or card_id not in {c.id for c in match.candidates}:
            assembly.problems.append(
                _("The choice of %(id)r for line %(line)d answers no doubt of this list.")
                % {"id": card_id, "line": index + 1}
            )
            return fleet
        card = self.resolver.catalog.get(card_id)
        assert card is not None  # a candidate is a catalog card
        assembly.matches[index] = replace(
            match,
            status=MATCHED,
            card_id=card.id,
            name=card.name,
            how="chosen",
            note=_("chosen by hand among %(count)d cards") % {"count": len(match.candidates)},
            candidates=tuple(replace(c, chosen=c.id == card_id) for c in match.candidates),
        )
        return _swap(fleet, match, card.id)

    def by_printed_cost(self, fleet: Fleet, matches: list[CardMatch]) -> Fleet:
        """Same-named cards that play differently: the one Muster prices, in this fleet, at the SP the
        source printed beside it (faction penalties and discounts included), when exactly one does."""
        catalog = self.resolver.catalog
        for number, match in enumerate(matches):
            if match.source_cost is None or match.card_id is None or match.status not in (MATCHED, AMBIGUOUS):
                continue
            chosen = catalog.get(match.card_id)
            assert chosen is not None  # a matched line names a catalog card
            others = [c for c in map(catalog.get, match.alternatives) if c is not None and not same_play(chosen, c)]
            if not others:
                continue
            fitting = [
                c for c in (chosen, *others) if _cost_in(_swap(fleet, match, c.id), match, catalog) == match.source_cost
            ]
            if not fitting or not all(same_play(fitting[0], c) for c in fitting[1:]):
                continue
            pick = fitting[0]
            if pick is chosen and match.status == MATCHED:
                continue  # the source's hints chose it already, and its note says how
            fleet = _swap(fleet, match, pick.id)
            matches[number] = replace(
                match,
                status=MATCHED,
                card_id=pick.id,
                name=pick.name,
                note=_(
                    "%(count)d cards are named %(name)r; took %(id)s (%(card)s), "
                    "the one Muster prices at the %(cost)d SP the source printed beside it"
                )
                % {
                    "count": len(others) + 1,
                    "name": pick.name,
                    "id": pick.id,
                    "card": describe_card(pick),
                    "cost": match.source_cost,
                },
                alternatives=tuple(c.id for c in (chosen, *others) if c is not pick),
            )
        return fleet

    def by_upgrade_bar(self, found: Found, upgrades: list[Card | None]) -> Found:
        """Same-named ships that differ in their upgrade bar: the one whose bar holds the ship's cards."""
        # the ship found and the catalog's cards tied with it (none is missing: the resolver read them there)
        tied = (self.resolver.catalog.get(i) for i in found.tied)
        candidates = [card for card in (found.card, *tied) if card is not None]
        fits = [_bar_fit(card, upgrades) for card in candidates]
        best = max(fits)
        if fits.count(best) > 1:
            return found
        chosen = candidates[fits.index(best)]
        others = (
            *(c.id for c in candidates if c is not chosen),
            *(i for i in found.alternatives if i not in found.tied),
        )
        note = _(
            "%(count)d cards named %(name)r fit the name; took %(id)s (%(card)s) "
            "because its upgrade bar holds the upgrades listed on it"
        ) % {"count": len(candidates), "name": chosen.name, "id": chosen.id, "card": describe_card(chosen)}
        return Found(chosen, MATCHED, found.how, note, others)

    @staticmethod
    def unplaced(entry: Entry, ship: int | None, why: str, card: Card | None = None) -> CardMatch:
        return CardMatch(
            status=UNPLACED,
            role=entry.role,
            source=entry.source,
            card_id=card.id if card else None,
            name=card.name if card else None,
            ship=ship,
            note=why,
            source_cost=entry.source_cost,
        )


def _refuse_no_ships(parsed: Parsed, matches: list[CardMatch]) -> None:
    """Refuse a fleet left without ships, saying why: none of its ships is known, or it lists none."""
    if parsed.ships:
        first = next(m for m in matches if m.role == "ship")
        raise InterchangeError(
            _(
                "None of the ships in this fleet is in the site's card catalog (the first is %(note)s), "
                "so nothing can be imported."
            )
            % {"note": first.note},
            "NO_SHIPS",
        )
    if parsed.problems:
        message = _("This fleet has no ships (%(why)s).") % {"why": parsed.problems[0].rstrip(".")}
    else:
        message = _("This fleet has no ships.")
    raise InterchangeError(message, "NO_SHIPS")


def _swap(fleet: Fleet, match: CardMatch, card_id: str) -> Fleet:
    """``fleet`` with the card ``match`` stands for replaced by ``card_id``."""
    if match.role == "resource":
        assert match.card_id is not None  # a card the fleet holds
        resources = list(fleet.resources)
        resources[resources.index(match.card_id)] = card_id
        return replace(fleet, resources=tuple(resources))
    if match.role == ROLE_SIDEBOARD:
        assert match.position is not None  # its place on the sideboard
        sideboard = list(fleet.sideboard)
        sideboard[match.position] = card_id
        return replace(fleet, sideboard=tuple(sideboard))
    assert match.ship is not None  # a card on a ship of the fleet
    ships = list(fleet.ships)
    ship = ships[match.ship]
    if match.role == "upgrade":
        assert match.position is not None
        upgrades = list(ship.upgrades)
        upgrades[match.position] = card_id
        ships[match.ship] = replace(ship, upgrades=tuple(upgrades))
    elif match.role == ROLE_BENEATH:
        assert match.position is not None
        beneath = list(ship.beneath)
        beneath[match.position] = (beneath[match.position][0], card_id)
        ships[match.ship] = replace(ship, beneath=tuple(beneath))
    else:
        seat: dict[str, Any] = {match.role: card_id}  # the ship, its captain or its admiral
        ships[match.ship] = replace(ship, **seat)
    return replace(fleet, ships=tuple(ships))


def _cost_in(fleet: Fleet, match: CardMatch, catalog: Catalog) -> int | None:
    """What Muster's engine charges for the card ``match`` stands for, in ``fleet``."""
    try:
        report = validate_fleet(fleet, catalog, DEFAULT_FORMAT)
    except FleetInputError:
        return None
    if match.role == "resource":
        return next((r.cost for r in report.resources if r.id == match.card_id), None)
    if match.role == ROLE_SIDEBOARD:
        assert match.position is not None  # its place on the sideboard
        return report.sideboard[match.position].cost
    assert match.ship is not None  # a card on a ship of the fleet
    lines = report.ships[match.ship].cards
    if match.role in ("upgrade", ROLE_BENEATH):
        upgrades = [line for line in lines if line.role == "upgrade"]
        position = upgrade_line(fleet, match)
        return upgrades[position].cost if position < len(upgrades) else None
    return next((line.cost for line in lines if line.role == match.role), None)


def upgrade_line(fleet: Fleet, match: CardMatch) -> int:
    """Where the card of an ``upgrade`` or ``beneath`` match is among its ship's upgrade lines of the report,
    which lists the cards face down beneath another after the ship's upgrades."""
    assert match.position is not None  # a card on a ship of the fleet
    if match.role == ROLE_BENEATH:
        assert match.ship is not None
        return len(fleet.ships[match.ship].upgrades) + match.position
    return match.position


def _match(entry: Entry, found: Found, ship: int | None, position: int | None) -> CardMatch:
    card = found.card
    return CardMatch(
        status=found.status,
        role=entry.role,
        source=entry.source,
        card_id=card.id if card else None,
        name=card.name if card else None,
        ship=ship,
        position=position,
        how=found.how,
        note=found.note,
        source_cost=entry.source_cost,
        alternatives=found.alternatives,
        tied=found.tied,
    )


def role_for(card: Card) -> str:
    """The role a card takes when the source says only "on this ship"."""
    if card.kind == CAPTAIN:
        return "captain"
    if card.kind == ADMIRAL:
        return "admiral"
    if card.kind == SHIP:
        return "ship"
    if card.kind == RESOURCE:
        return "resource"
    return "upgrade"
