"""What every reader shares: the error, the recognition report, safe decoding, the card resolver.

Readers turn a source (a link, a text export, a squad file) into :class:`Entry` records
— one per card, saying what the source said (an id, or a name with its type hints) and
where the card sits — and :class:`Assembler` resolves them against the site's catalog and
builds the :class:`~rules.attack_wing.fleet.Fleet`. Nothing is dropped silently: every
entry ends up in :attr:`ImportResult.cards` with its status.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import date

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, Card, Catalog
from rules.attack_wing.engine import validate_fleet
from rules.attack_wing.fleet import Fleet, FleetInputError, FleetShip
from rules.attack_wing.fleet_file import MAX_CARDS_PER_SHIP, MAX_FILE_BYTES, MAX_RESOURCES, MAX_SHIPS
from rules.attack_wing.formats import DEFAULT_FORMAT

MAX_INPUT_BYTES = MAX_FILE_BYTES  # 256 KiB, as for Muster's own fleet files
MAX_JSON_DEPTH = 12  # the deepest real source (a Utopia link) nests 7 levels
MAX_LINES = 2000
MAX_LINE_CHARS = 4000  # a "Not legal: ..." line lists every violation

# Recognition statuses, card by card.
MATCHED = "matched"  # one card fits (by id, or by name and type)
AMBIGUOUS = "ambiguous"  # several cards fit; ``note`` says which was taken and why
NOT_FOUND = "not_found"  # no card fits; the card is not in the fleet
UNPLACED = "unplaced"  # the card is known but Muster's fleet has no place for it (e.g. a sideboard)
STATUSES = (MATCHED, AMBIGUOUS, NOT_FOUND, UNPLACED)

# Roles, as the fleet file and the engine's report name them.
ROLES = ("ship", "captain", "admiral", "upgrade", "resource")
ROLE_KINDS = {
    "card": (CAPTAIN, ADMIRAL, UPGRADE, OTHER),  # "on this ship", the role follows the card's kind
    "ship": (SHIP,),
    "captain": (CAPTAIN, ADMIRAL),
    "admiral": (ADMIRAL,),
    "upgrade": (UPGRADE, OTHER),
    "resource": (RESOURCE,),
}


class InterchangeError(ValueError):
    """A source that cannot be read at all; ``message`` is one sentence fit to show the player."""

    def __init__(self, message: str, code: str = "UNREADABLE_FLEET") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True, slots=True)
class CardMatch:
    """One card of the source and what became of it.

    ``ship`` is the index of its ship in :attr:`ImportResult.fleet` (``None`` for a fleet
    resource, or for the cards of a ship that could not be found); ``position`` its place among
    that ship's upgrades (``None`` for other roles). ``source_cost`` is the SP the source printed
    next to the card, when it printed one; Muster's own cost comes from the engine's report
    (see :func:`rules.attack_wing.interchange.cost_rows`). ``role`` is the card's place in the
    fleet file (``ship``, ``captain``, ``admiral``, ``upgrade``, ``resource``), or ``card`` for a
    card outside the fleet whose place the source does not say (a sideboard card).
    """

    status: str
    role: str
    source: str  # what the source said: an id, or a name as written
    card_id: str | None = None
    name: str | None = None
    ship: int | None = None
    position: int | None = None
    how: str = ""  # "id", "name", "name+type", ...
    note: str = ""  # for ambiguous / not found / unplaced: what happened and why
    source_cost: int | None = None
    alternatives: tuple[str, ...] = ()  # the other candidates' ids, for an ambiguous name


@dataclass(frozen=True, slots=True)
class ImportResult:
    format: str
    fleet: Fleet
    cards: tuple[CardMatch, ...]
    name: str | None = None  # the fleet's name, when the source has one
    source_total: int | None = None  # the fleet total the source printed
    source_ship_totals: tuple[int | None, ...] = ()  # per ship of ``fleet``
    problems: tuple[str, ...] = ()  # sentences for the player: cards not found, totals that do not add up
    notes: tuple[str, ...] = ()  # information: other squads in the file, hand-entered points, ...
    format_key: str | None = None  # Muster JSON only
    date: date | None = None  # Muster JSON only

    @property
    def complete(self) -> bool:
        """Every card found a place and nothing in the source disagrees with itself."""
        return not self.problems

    def by_status(self, status: str) -> tuple[CardMatch, ...]:
        return tuple(c for c in self.cards if c.status == status)


# -- decoding -------------------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ESCAPED_CONTROL = re.compile(r"(?<!\\)(?:\\\\)*\\u00(?:0[0-8bcefBCEF]|1[0-9a-fA-F]|7[fF])")


def as_text(data: bytes | str, what: str) -> str:
    """The input as text: size-limited, UTF-8, without NUL or other control characters."""
    if isinstance(data, bytes | bytearray | memoryview):
        data = bytes(data)
        if len(data) > MAX_INPUT_BYTES:
            raise InterchangeError(f"The {what} is larger than {MAX_INPUT_BYTES // 1024} KiB.", "TOO_LARGE")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InterchangeError(f"The {what} is not UTF-8 text.", "NOT_TEXT") from None
    if not isinstance(data, str):
        raise InterchangeError(f"The {what} must be text.", "NOT_TEXT")
    if len(data) > MAX_INPUT_BYTES:
        raise InterchangeError(f"The {what} is larger than {MAX_INPUT_BYTES // 1024} KiB.", "TOO_LARGE")
    data = data.removeprefix("\ufeff")
    if _CONTROL.search(data):
        raise InterchangeError(f"The {what} contains control characters, so it is not a fleet.", "NOT_TEXT")
    return data


def load_json(text: str, what: str) -> object:
    """JSON with a nesting limit checked before parsing, so hostile depth never reaches the parser."""
    if _ESCAPED_CONTROL.search(text):
        raise InterchangeError(f"The {what} contains control characters, so it is not a fleet.", "NOT_TEXT")
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_JSON_DEPTH:
                raise InterchangeError(f"The {what} is nested too deeply to be a fleet.", "TOO_DEEP")
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InterchangeError(
            f"The {what} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).", "BAD_JSON"
        ) from None
    except (RecursionError, ValueError):
        raise InterchangeError(f"The {what} has numbers or nesting no fleet has.", "BAD_JSON") from None


def text_lines(text: str, what: str) -> list[str]:
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise InterchangeError(f"The {what} has more than {MAX_LINES} lines; no fleet is that long.", "TOO_LARGE")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            raise InterchangeError(f"Line {number} of the {what} is too long to be a card.", "TOO_LARGE")
    return lines


# -- names ----------------------------------------------------------------------------------

_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def name_key(name: str) -> str:
    """How two sources' spellings of one card name compare: no case, accents, quotes or punctuation."""
    text = unicodedata.normalize("NFKD", name.translate(_QUOTES))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "", text)


def ship_names(title: str) -> tuple[tuple[str, ...], str]:
    """Readings of a ship written "Name (Class)": the names to try (as written first) and the class.

    The class may itself hold brackets ("U.S.S. Enterprise (Constitution Class (Refit))"), and a
    unique ship's own name may too, so every split is offered; the first " (" gives the class.
    """
    if not title.endswith(")") or " (" not in title:
        return (title,), ""
    cuts = [i for i in range(len(title)) if title.startswith(" (", i)]
    names = (title, *(title[:i] for i in reversed(cuts)))
    return tuple(dict.fromkeys(names)), title[cuts[0] + 2 : -1]


# -- entries and resolution -----------------------------------------------------------------


@dataclass(slots=True)
class Entry:
    """One card as a source gives it, before resolution."""

    role: str
    source: str  # shown back to the player
    card_id: str | None = None  # an id, when the source gives ids
    family: str | None = None  # "utopia" / "spacedock" / "muster": whose ids they are
    name: str | None = None  # a name, when the source gives names (or as well as an id)
    names: tuple[str, ...] = ()  # names to try in order (as written, then with hints taken off); default (name,)
    type_hint: str = ""  # an upgrade type or other-card type the source states ("crew", "fleet-captain")
    kinds: tuple[str, ...] = ()  # card kinds the source allows here; default: the role's kinds
    ship_class: str = ""
    set_hint: str = ""  # set names or codes as the source prints them
    skill: int | None = None
    source_cost: int | None = None
    ship_factions: tuple[str, ...] = ()  # the factions of the ship the card is on (set while resolving)
    unplaced: str = ""  # the source holds it somewhere Muster's fleet has no place for; why
    optional: bool = False  # the source may not mean a card here (a line notes can look like)


@dataclass(slots=True)
class ShipEntries:
    ship: Entry
    cards: list[Entry] = field(default_factory=list)
    blind_booster: bool = False
    source_total: int | None = None


@dataclass(slots=True)
class Parsed:
    """What a reader found, before the cards are resolved."""

    ships: list[ShipEntries] = field(default_factory=list)
    resources: list[Entry] = field(default_factory=list)
    loose: list[Entry] = field(default_factory=list)  # known to be outside the fleet (sideboard, ...)
    name: str | None = None
    source_total: int | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Found:
    card: Card | None
    status: str
    how: str = ""
    note: str = ""
    alternatives: tuple[str, ...] = ()  # every other card the name fits
    tied: tuple[str, ...] = ()  # those that fit exactly as well as the one taken


class Resolver:
    """Finds the catalog card for an entry: by id when the id is the catalog's, else by name and type.

    ``references`` are the card databases the source's ids come from, by family
    (``{"utopia": catalog, "spacedock": catalog}``): an id of another family is translated
    through its card's name, type, class, faction, sets and cost. Without the reference, such
    an id can only be reported as not found.
    """

    def __init__(self, catalog: Catalog, references: dict[str, Catalog] | None = None) -> None:
        self.catalog = catalog
        self.references = dict(references or {})
        self.by_name = _names(catalog)
        self.set_names = {s.id: name_key(s.name) for s in catalog.sets.values()}

    def find(self, entry: Entry) -> Found:
        kinds = entry.kinds or ROLE_KINDS[entry.role]
        reference = self.references.get(entry.family or "")
        source_card = reference.get(entry.card_id) if reference is not None and entry.card_id else None
        if entry.card_id:
            own = self.catalog.get(entry.card_id)
            if own is not None:
                # The id is the catalog's own unless the source says the card has another name.
                said = source_card.name if source_card is not None else entry.name
                if said is None or name_key(said) == name_key(own.name):
                    if own.kind in kinds:
                        return Found(own, MATCHED, "id")
                    return Found(
                        None,
                        NOT_FOUND,
                        "id",
                        f"{own.name} ({entry.card_id}) is {_a(own.kind)} card, not {_a(entry.role)}",
                    )
        hint = entry
        if source_card is not None:
            hint = Entry(
                role=entry.role,
                source=entry.source,
                name=source_card.name,
                type_hint=source_card.upgrade_type,
                kinds=(source_card.kind,) if source_card.kind in kinds else kinds,
                ship_class=source_card.ship_class,
                skill=source_card.skill if source_card.kind in (CAPTAIN, ADMIRAL) else None,
                source_cost=source_card.cost,
                ship_factions=entry.ship_factions,
            )
            found = self.by_name_and_type(hint, kinds, source_card)
            if found.card is not None:
                return Found(found.card, found.status, "id→name", found.note, found.alternatives, found.tied)
            return found
        if entry.name:
            found = self.by_name_and_type(hint, kinds, None)
            own = self.catalog.get(entry.card_id) if entry.card_id else None
            if found.card is None and own is not None and own.kind in kinds:
                # the source's title is not the catalog's (a renamed or re-spelled card): trust the id
                note = f"the source calls it {entry.name!r}; the catalog's card {own.id} is named {own.name!r}"
                return Found(own, MATCHED, "id", note)
            return found
        family = {"utopia": "a Utopia", "spacedock": "a Space Dock", "muster": "a Muster"}.get(entry.family or "", "an")
        return Found(
            None,
            NOT_FOUND,
            "id",
            f"{family} card id {entry.card_id!r} that the site's card catalog does not hold",
        )

    def peek(self, card_id: str, family: str) -> Card | None:
        """The card an id names, from the source's own card database when known, else the catalog."""
        reference = self.references.get(family)
        card = reference.get(card_id) if reference is not None else None
        return card or self.catalog.get(card_id)

    def by_name_and_type(self, entry: Entry, kinds: tuple[str, ...], source_card: Card | None) -> Found:
        names = entry.names or (entry.name or "",)
        candidates: list[Card] = []
        for name in names:
            candidates = [c for c in self.by_name.get(name_key(name), ()) if c.kind in kinds]
            if candidates:
                break
        else:
            name = names[-1]
        written = names[0]
        if candidates and SHIP in kinds and name != written and written.startswith(name + " (") and written[-1] == ")":
            # "Name (Class)", the class itself possibly bracketed: "(Constitution Class (Refit))"
            entry = Entry(**{**_fields(entry), "ship_class": written[len(name) + 2 : -1]})
        if not candidates and entry.ship_class and SHIP in kinds:
            # a generic ship written by its class only ("Galaxy Class")
            candidates = [c for c in self.by_class(entry.ship_class) if not c.unique]
        if not candidates:
            others = [c for n in names for c in self.by_name.get(name_key(n), ())]
            if others:
                kind = others[0].kind
                return Found(None, NOT_FOUND, "name", f"{name!r} is {_a(kind)} card, not {_a(entry.role)}")
            return Found(None, NOT_FOUND, "name", f"no card named {names[0]!r} in the site's card catalog")
        if len(candidates) == 1:
            return Found(candidates[0], MATCHED, "name")
        scored = sorted(candidates, key=lambda c: (-self.score(c, entry, source_card), c.id))
        best = self.score(scored[0], entry, source_card)
        top = [c for c in scored if self.score(c, entry, source_card) == best]
        if all(_same_play(top[0], c) for c in top[1:]):
            differ = [c for c in scored if not _same_play(top[0], c)]
            notes = []
            if len(top) > 1:
                notes.append(f"{len(top)} printings of {top[0].name} with the same cost and text; took {top[0].id}")
            if differ:
                reasons = self.reasons(top[0], entry) or "it fits what the source says best"
                notes.append(
                    f"{len(candidates)} cards are named {top[0].name!r}; took {top[0].id} ({_describe(top[0])}) "
                    f"because {reasons}"
                )
            return Found(top[0], MATCHED, "name", "; ".join(notes), tuple(c.id for c in scored[1:]))
        reasons = self.reasons(top[0], entry)
        return Found(
            top[0],
            AMBIGUOUS,
            "name",
            f"{len(top)} cards named {top[0].name!r} fit equally well; took {top[0].id} ({_describe(top[0])})"
            + (f" because {reasons}" if reasons else " (the first by id)"),
            tuple(c.id for c in scored[1:]),
            tuple(c.id for c in top[1:]),
        )

    def by_class(self, ship_class: str) -> list[Card]:
        key = name_key(ship_class)
        return [c for c in self.catalog.cards.values() if c.kind == SHIP and name_key(c.ship_class) == key]

    def score(self, card: Card, entry: Entry, source_card: Card | None) -> int:
        """How well a same-named card fits what the source says; higher is better."""
        points = 0
        if entry.type_hint and name_key(card.upgrade_type) == name_key(entry.type_hint):
            points += 40
        if entry.ship_class and name_key(card.ship_class) == name_key(entry.ship_class):
            points += 40
        if entry.skill is not None and card.skill == entry.skill:
            points += 20
        if entry.set_hint:
            hints = {name_key(h) for h in entry.set_hint.split(",") if h.strip()}
            own = {name_key(s) for s in card.set_ids} | {self.set_names.get(s, "") for s in card.set_ids}
            if hints & own:
                points += 30
            elif any(n and h and (n in h or h in n) for n in own for h in hints):
                points += 15
        if source_card is not None:
            if set(card.set_ids) & set(source_card.set_ids):
                points += 30
            if set(card.factions) == set(source_card.factions):
                points += 10
            if card.unique == source_card.unique:
                points += 5
            if card.kind == SHIP and (card.attack, card.agility, card.hull, card.shields) == (
                source_card.attack,
                source_card.agility,
                source_card.hull,
                source_card.shields,
            ):
                points += 10
        if entry.ship_factions and set(card.factions) & set(entry.ship_factions):
            points += 12
        if entry.source_cost is not None:
            gap = abs(card.cost - entry.source_cost)
            points += max(0, 8 - 2 * gap)
        return points

    @staticmethod
    def reasons(card: Card, entry: Entry) -> str:
        said = []
        if entry.ship_class:
            said.append(f"the source names the class {entry.ship_class!r}")
        if entry.type_hint:
            said.append(f"the source calls it {entry.type_hint}")
        if entry.set_hint:
            said.append(f"the source names the set {entry.set_hint!r}")
        if entry.ship_factions and set(card.factions) & set(entry.ship_factions):
            said.append("it shares its ship's faction")
        if entry.source_cost is not None:
            said.append(f"its cost is nearest the {entry.source_cost} SP the source printed")
        return " and ".join(said)


def _same_play(a: Card, b: Card) -> bool:
    """Two printings that play alike: choosing either changes no cost and no rule."""
    return (a.kind, a.upgrade_type, a.cost, a.factions, a.unique, a.skill, a.talent_slots, a.restrictions) == (
        b.kind,
        b.upgrade_type,
        b.cost,
        b.factions,
        b.unique,
        b.skill,
        b.talent_slots,
        b.restrictions,
    ) and (a.ship_class, a.hull, a.attack, a.agility, a.shields, a.slots) == (
        b.ship_class,
        b.hull,
        b.attack,
        b.agility,
        b.shields,
        b.slots,
    )


def _bar_fit(ship: Card, upgrades: list[Card]) -> int:
    """How many of ``upgrades`` the ship's own upgrade bar holds, slot by slot."""
    free = list(ship.slots)
    held = 0
    for card in upgrades:
        if card is not None and card.upgrade_type in free:
            free.remove(card.upgrade_type)
            held += 1
    return held


def _a(word: str) -> str:
    if word == "card":
        return "a card for a ship"
    return ("an " if word[0] in "aeiou" else "a ") + word


def _describe(card: Card) -> str:
    parts = [card.upgrade_type or card.kind, f"{card.cost} SP"]
    if card.ship_class:
        parts.insert(0, card.ship_class)
    if card.factions:
        parts.append("/".join(card.factions))
    return ", ".join(parts)


def _names(catalog: Catalog) -> dict[str, list[Card]]:
    cached = catalog.lookup_cache.get("interchange_names")
    signature = (len(catalog.cards), len(catalog.aliases))
    if cached is None or cached[0] != signature:
        by_name: dict[str, list[Card]] = {}
        for card in catalog.cards.values():
            by_name.setdefault(name_key(card.name), []).append(card)
        cached = (signature, by_name)
        catalog.lookup_cache["interchange_names"] = cached
    return cached[1]


class Assembler:
    """Resolves a reader's entries and builds the fleet and the report."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver

    def build(self, fmt: str, parsed: Parsed, **extra) -> ImportResult:
        matches: list[CardMatch] = []
        problems = list(parsed.problems)
        ships: list[FleetShip] = []
        totals: list[int | None] = []
        if len(parsed.ships) > MAX_SHIPS:
            raise InterchangeError(f"A fleet has at most {MAX_SHIPS} ships; this one lists {len(parsed.ships)}.")
        for number, entries in enumerate(parsed.ships, 1):
            if len(entries.cards) > MAX_CARDS_PER_SHIP:
                raise InterchangeError(f"Ship {number} carries more than {MAX_CARDS_PER_SHIP} cards; no ship can.")
            index = len(ships)
            found = self.resolver.find(entries.ship)
            if found.card is None:
                matches.append(_match(entries.ship, found, None, None))
                problems.append(f"Ship {number}: {found.note}; the ship and its cards are left out.")
                for entry in entries.cards:
                    matches.append(
                        CardMatch(
                            status=UNPLACED,
                            role=entry.role,
                            source=entry.source,
                            note=f"on ship {number}, which could not be found",
                            source_cost=entry.source_cost,
                        )
                    )
                continue
            ship_match = len(matches)
            matches.append(_match(entries.ship, found, index, None))
            captain = admiral = None
            upgrades: list[str] = []
            for entry in entries.cards:
                entry.ship_factions = found.card.factions
                if entry.unplaced:
                    matches.append(self.unplaced(entry, index, entry.unplaced))
                    continue
                card_found = self.resolver.find(entry)
                if card_found.card is None:
                    matches.append(_match(entry, card_found, index, None))
                    problems.append(f"Ship {number}: {card_found.note}; that card is left out.")
                    continue
                card = card_found.card
                role = entry.role
                if role == "card":
                    role = role_for(card)
                    if role == "captain" and captain is not None:
                        role = "upgrade" if card.kind not in (CAPTAIN, ADMIRAL) else role
                    entry = Entry(**{**_fields(entry), "role": role})
                if role == "captain" and captain is None:
                    captain = card.id
                elif role == "admiral" and admiral is None:
                    admiral = card.id
                elif role == "upgrade":
                    upgrades.append(card.id)
                    matches.append(_match(entry, card_found, index, len(upgrades) - 1))
                    continue
                else:
                    note = f"a second {role} on ship {number}; a Muster ship holds one"
                    matches.append(self.unplaced(entry, index, note, card))
                    problems.append(f"Ship {number}: {card.name} is {note}, so it is left out.")
                    continue
                if role == "captain" and card.kind == ADMIRAL:
                    note = card_found.note or "an admiral as captain, face down"
                    card_found = Found(
                        card, card_found.status, card_found.how, note, card_found.alternatives, card_found.tied
                    )
                matches.append(_match(entry, card_found, index, None))
            if found.status == AMBIGUOUS:
                found = self.by_upgrade_bar(found, [self.resolver.catalog.get(card_id) for card_id in upgrades])
                matches[ship_match] = _match(entries.ship, found, index, None)
            ships.append(
                FleetShip(
                    ship=found.card.id,
                    captain=captain,
                    admiral=admiral,
                    upgrades=tuple(upgrades),
                    blind_booster=entries.blind_booster,
                )
            )
            totals.append(entries.source_total)
        resources: list[str] = []
        notes = list(parsed.notes)
        for entry in parsed.resources:
            found = self.resolver.find(entry)
            if found.card is None and entry.optional:
                notes.insert(0, f"Squad notes: {entry.source}")
            elif found.card is None:
                matches.append(_match(entry, found, None, None))
                problems.append(f"Resource: {found.note}; it is left out.")
            elif len(resources) >= MAX_RESOURCES:
                matches.append(self.unplaced(entry, None, "more resources than a fleet can hold", found.card))
                problems.append(f"Resource {found.card.name} is left out: a fleet holds at most {MAX_RESOURCES}.")
            else:
                resources.append(found.card.id)
                matches.append(_match(entry, found, None, None))
        for entry in parsed.loose:
            found = self.resolver.find(entry)
            matches.append(self.unplaced(entry, None, entry.unplaced or "outside the fleet", found.card))
        if not ships:
            if parsed.ships:
                first = next(m for m in matches if m.role == "ship")
                raise InterchangeError(
                    f"None of the ships in this fleet is in the site's card catalog (the first is {first.note}), "
                    "so nothing can be imported.",
                    "NO_SHIPS",
                )
            why = f" ({parsed.problems[0].rstrip('.')})" if parsed.problems else ""
            raise InterchangeError(f"This fleet has no ships{why}.", "NO_SHIPS")
        fleet = self.by_printed_cost(Fleet(ships=tuple(ships), resources=tuple(resources)), matches)
        for match in matches:
            if match.status == AMBIGUOUS:
                where = f"ship {match.ship + 1}" if match.ship is not None else "the fleet"
                problems.append(f"{match.source!r} on {where} is ambiguous: {match.note}.")
        return ImportResult(
            format=fmt,
            fleet=fleet,
            cards=tuple(matches),
            name=parsed.name,
            source_total=parsed.source_total,
            source_ship_totals=tuple(totals),
            problems=tuple(dict.fromkeys(problems)),
            notes=tuple(notes),
            **extra,
        )

    def by_printed_cost(self, fleet: Fleet, matches: list[CardMatch]) -> Fleet:
        """Same-named cards that play differently: the one Muster prices, in this fleet, at the SP the
        source printed beside it (faction penalties and discounts included), when exactly one does."""
        catalog = self.resolver.catalog
        for number, match in enumerate(matches):
            if match.source_cost is None or match.card_id is None or match.status not in (MATCHED, AMBIGUOUS):
                continue
            chosen = catalog.get(match.card_id)
            others = [c for c in map(catalog.get, match.alternatives) if c is not None and not _same_play(chosen, c)]
            if not others:
                continue
            fitting = [
                c for c in (chosen, *others) if _cost_in(_swap(fleet, match, c.id), match, catalog) == match.source_cost
            ]
            if not fitting or not all(_same_play(fitting[0], c) for c in fitting[1:]):
                continue
            pick = fitting[0]
            if pick is chosen and match.status == MATCHED and not match.note:
                continue
            fleet = _swap(fleet, match, pick.id)
            matches[number] = replace(
                match,
                status=MATCHED,
                card_id=pick.id,
                name=pick.name,
                note=f"{len(others) + 1} cards are named {pick.name!r}; took {pick.id} ({_describe(pick)}), the one "
                f"Muster prices at the {match.source_cost} SP the source printed beside it",
                alternatives=tuple(c.id for c in (chosen, *others) if c is not pick),
            )
        return fleet

    def by_upgrade_bar(self, found: Found, upgrades: list[Card]) -> Found:
        """Same-named ships that differ in their upgrade bar: the one whose bar holds the ship's cards."""
        candidates = [found.card, *(self.resolver.catalog.get(i) for i in found.tied)]
        fits = [_bar_fit(card, upgrades) for card in candidates]
        best = max(fits)
        if fits.count(best) > 1:
            return found
        chosen = candidates[fits.index(best)]
        others = (
            *(c.id for c in candidates if c is not chosen),
            *(i for i in found.alternatives if i not in found.tied),
        )
        note = f"{len(candidates)} cards named {chosen.name!r} fit the name; took {chosen.id} ({_describe(chosen)}) "
        note += "because its upgrade bar holds the upgrades listed on it"
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


def _swap(fleet: Fleet, match: CardMatch, card_id: str) -> Fleet:
    """``fleet`` with the card ``match`` stands for replaced by ``card_id``."""
    if match.role == "resource":
        resources = list(fleet.resources)
        resources[resources.index(match.card_id)] = card_id
        return replace(fleet, resources=tuple(resources))
    ships = list(fleet.ships)
    ship = ships[match.ship]
    if match.role == "upgrade":
        upgrades = list(ship.upgrades)
        upgrades[match.position] = card_id
        ships[match.ship] = replace(ship, upgrades=tuple(upgrades))
    else:
        ships[match.ship] = replace(ship, **{match.role: card_id})
    return replace(fleet, ships=tuple(ships))


def _cost_in(fleet: Fleet, match: CardMatch, catalog: Catalog) -> int | None:
    """What Muster's engine charges for the card ``match`` stands for, in ``fleet``."""
    try:
        report = validate_fleet(fleet, catalog, DEFAULT_FORMAT)
    except FleetInputError:
        return None
    if match.role == "resource":
        return next((r.cost for r in report.resources if r.id == match.card_id), None)
    lines = report.ships[match.ship].cards
    if match.role == "upgrade":
        upgrades = [line for line in lines if line.role == "upgrade"]
        return upgrades[match.position].cost if match.position < len(upgrades) else None
    return next((line.cost for line in lines if line.role == match.role), None)


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


def _fields(entry: Entry) -> dict:
    return {name: getattr(entry, name) for name in Entry.__slots__}


__all__ = [
    "AMBIGUOUS",
    "MATCHED",
    "MAX_INPUT_BYTES",
    "NOT_FOUND",
    "UNPLACED",
    "CardMatch",
    "ImportResult",
    "InterchangeError",
]
