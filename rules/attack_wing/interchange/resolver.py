"""Resolution and id translation: the catalog card for each entry.

By id when the id is the catalog's own; else by name and type, with the source's hints (class,
skill, sets, upgrade type, the ship's faction, the printed cost) to tell same-named cards apart;
an id of the *other* card database is translated through that database's card. Used by the
:mod:`~rules.attack_wing.interchange.assembler` for imports and by the Utopia writers to put a
Space Dock fleet into Utopia's ids.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, SHIP, Card, Catalog
from rules.attack_wing.interchange.entries import ROLE_KINDS, Entry, entry_fields, name_key, ship_names
from rules.attack_wing.interchange.report import AMBIGUOUS, MATCHED, NEAR_NAME, NOT_FOUND, Candidate, CardMatch
from rules.translation import gettext as _
from rules.translation import gettext_noop

NEAR_CUTOFF = 0.86  # how alike (difflib's ratio of the names' keys) a typed name must be to a card's to be read as it
ROLE_KINDS_ALL = dict.fromkeys(kind for kinds in ROLE_KINDS.values() for kind in kinds)


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
        self._classes: dict[str, list[Card]] | None = None
        self._by_length: dict[int, list[str]] | None = None
        self._near: dict[str, list[tuple[float, str]]] = {}

    def find(self, entry: Entry) -> Found:
        kinds = entry.kinds or ROLE_KINDS[entry.role]
        reference = self.references.get(entry.family or "")
        source_card = reference.get(entry.card_id) if reference is not None and entry.card_id else None
        if entry.card_id:
            own = self.catalog.get(entry.card_id)
            if own is not None:
                # The id is the catalog's own unless the source says the card has another name.
                said = source_card.name if source_card is not None else entry.name
                readings = (said,) if source_card is not None or said is None else (entry.names or (said,))
                if said is None or any(name_key(n) == name_key(own.name) for n in readings if n):  # "Name (Class)"
                    if own.kind in kinds:
                        return Found(own, MATCHED, "id")
                    return Found(
                        None,
                        NOT_FOUND,
                        "id",
                        _("%(name)s (%(id)s) is %(kind)s, not %(role)s")
                        % {"name": own.name, "id": entry.card_id, "kind": _a_card(own.kind), "role": _a(entry.role)},
                    )
        hint = entry
        if source_card is None and entry.card_id and not entry.set_hint and (printed := self.set_in_id(entry)):
            # an older Space Dock id names its set: "quantum_torpedoes_71531"
            hint = Entry(**{**entry_fields(entry), "set_hint": printed})
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
            if not any(c.kind in kinds for c in self.by_name.get(name_key(source_card.name), ())):
                twin = self.printed_twin(source_card, kinds)
                if twin is not None:
                    said = _("the source's card is named %(name)r; the same printed card here is %(twin)r") % {
                        "name": source_card.name,
                        "twin": twin.name,
                    }
                    return Found(twin, MATCHED, "id→card", said)
            found = self.by_name_and_type(hint, kinds, source_card)
            if found.card is not None:
                return Found(found.card, found.status, "id→name", found.note, found.alternatives, found.tied)
            return found
        if entry.name:
            found = self.by_name_and_type(hint, kinds, None)
            own = self.catalog.get(entry.card_id) if entry.card_id else None
            if found.card is None and own is not None and own.kind in kinds:
                # the source's title is not the catalog's (a renamed or re-spelled card): trust the id
                note = _("the source calls it %(said)r; the catalog's card %(id)s is named %(name)r") % {
                    "said": entry.name,
                    "id": own.id,
                    "name": own.name,
                }
                return Found(own, MATCHED, "id", note)
            return found
        helper = self.helper_note(entry.card_id)
        if helper:
            return Found(None, NOT_FOUND, "id", helper)
        unknown = {
            "utopia": _("a Utopia card id %(id)r that the site's card catalog does not hold"),
            "spacedock": _("a Space Dock card id %(id)r that the site's card catalog does not hold"),
            "muster": _("a Muster card id %(id)r that the site's card catalog does not hold"),
        }.get(entry.family or "", _("an card id %(id)r that the site's card catalog does not hold"))
        return Found(None, NOT_FOUND, "id", unknown % {"id": entry.card_id})

    def set_in_id(self, entry: Entry) -> str:
        """The set a Space Dock id ends with ("dominion_starship_71279" -> "71279"), when the catalog has that set."""
        card_id = entry.card_id or ""
        if entry.family != "spacedock" or "_" not in card_id:
            return ""
        suffix = card_id.rsplit("_", 1)[1]
        return suffix if suffix in self.catalog.sets else ""

    def helper_note(self, card_id: str | None) -> str:
        """Why an id the catalog skipped as a helper record of the builder's own screen is no card, else ''."""
        return helper_note(self.catalog, card_id)

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
            entry = Entry(**{**entry_fields(entry), "ship_class": written[len(name) + 2 : -1]})
        if not candidates and SHIP in kinds:
            # a generic ship written by its class only ("Galaxy Class", "Jem'Hadar Attack Ship")
            for ship_class in dict.fromkeys((entry.ship_class, *names) if entry.near else (entry.ship_class,)):
                candidates = [c for c in self.by_class(ship_class) if not c.unique] if ship_class else []
                if candidates:
                    entry = Entry(**{**entry_fields(entry), "ship_class": ship_class})
                    break
        near = ""
        if not candidates and entry.near:
            candidates, near = self.nearest(names, kinds)
        if not candidates:
            others = [c for n in names for c in self.by_name.get(name_key(n), ())]
            if others:
                kind = others[0].kind
                note = _("%(name)r is %(kind)s, not %(role)s") % {
                    "name": name,
                    "kind": _a_card(kind),
                    "role": _a(entry.role),
                }
                return Found(None, NOT_FOUND, "name", note)
            note = _("no card named %(name)r in the site's card catalog") % {"name": names[0]}
            return Found(None, NOT_FOUND, "name", note)
        if source_card is not None and source_card.kind == SHIP and not source_card.unique and source_card.ship_class:
            # a generic ship of the other database: only a ship of its class is the same ship
            same = [c for c in candidates if name_key(c.ship_class) == name_key(source_card.ship_class)]
            if not same and all(c.kind == SHIP for c in candidates):
                # the generic ship of that class under another name (Space Dock's "Dominion Starship" of the
                # Jem'Hadar Battleship is Utopia's "Jem'Hadar Battleship")
                same = [c for c in self.by_class(source_card.ship_class) if not c.unique and c.kind in kinds]
                candidates = same or candidates
            if not same and all(c.kind == SHIP for c in candidates):
                return Found(
                    None,
                    NOT_FOUND,
                    "name",
                    _("no %(name)r of the %(class)s in the site's card catalog")
                    % {"name": source_card.name, "class": source_card.ship_class},
                )
        found = self.choose(candidates, entry, source_card)
        if near:
            note = "; ".join(n for n in (near, found.note) if n)
            if len({name_key(c.name) for c in candidates}) > 1:  # two names equally near: asked, not guessed
                tied = tuple(c.id for c in candidates if c is not found.card)
                return Found(found.card, AMBIGUOUS, NEAR_NAME, note, found.alternatives, tied)
            return Found(found.card, found.status, NEAR_NAME, note, found.alternatives, found.tied)
        return found

    def nearest(self, names: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[list[Card], str]:
        """The cards of ``kinds`` whose name is nearest one of ``names`` (a typing slip), and the note saying so;
        names equally near are all returned, so that the choice is asked, not guessed."""
        best: tuple[float, list[str], str] = (0.0, [], "")
        for name in names:
            for ratio, key in self.close_names(name_key(name)):
                if not any(c.kind in kinds for c in self.by_name[key]):
                    continue
                if ratio > best[0] + 1e-9:
                    best = (ratio, [key], name)
                elif abs(ratio - best[0]) <= 1e-9 and key not in best[1]:
                    best[1].append(key)
        ratio, found, written = best
        if not found:
            return [], ""
        cards = [c for key in found for c in self.by_name[key] if c.kind in kinds]
        spelled = _(" or ").join(repr(self.by_name[key][0].name) for key in found)
        note = _("no card is named %(written)r; read as %(spelled)s, the nearest name (%(alike)s alike)")
        return cards, note % {"written": written, "spelled": spelled, "alike": f"{ratio:.0%}"}

    def close_names(self, wanted: str) -> list[tuple[float, str]]:
        """The catalog's name keys at least :data:`NEAR_CUTOFF` alike to ``wanted``, with how alike (once per key:
        a long list of lines that are no cards must not cost a long wait)."""
        if wanted in self._near:
            return self._near[wanted]
        if self._by_length is None:
            self._by_length = {}
            for key in self.by_name:
                self._by_length.setdefault(len(key), []).append(key)
        size = len(wanted)
        # two strings this alike differ in length by at most this (difflib's ratio is 2 * matches / total length)
        spread = int(size * (1 - NEAR_CUTOFF) / NEAR_CUTOFF) + 1
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(wanted)
        found = []
        for length in range(max(1, size - spread), size + spread + 1):
            for key in self._by_length.get(length, ()):
                matcher.set_seq1(key)
                if matcher.real_quick_ratio() >= NEAR_CUTOFF and matcher.quick_ratio() >= NEAR_CUTOFF:
                    ratio = matcher.ratio()
                    if ratio >= NEAR_CUTOFF:
                        found.append((ratio, key))
        self._near[wanted] = found
        return found

    def kinds_named(self, entry: Entry) -> set[str]:
        """The kinds of card a typed line may name (by its names, a ship's class, or the nearest name)."""
        for name in entry.names or (entry.name or "",):
            found = {c.kind for c in self.by_name.get(name_key(name), ())}
            if found:
                return found
            ship_names_, ship_class = ship_names(name)
            if any(self.by_class(c) for c in (ship_class, name) if c):
                return {SHIP}
            found = {c.kind for n in ship_names_ for c in self.by_name.get(name_key(n), ())}
            if SHIP in found:
                return {SHIP}
        cards, _near = self.nearest(entry.names or (entry.name or "",), tuple(ROLE_KINDS_ALL))
        return {c.kind for c in cards}

    def choose(self, candidates: list[Card], entry: Entry, source_card: Card | None) -> Found:
        """Of the cards a name fits, the one the source's hints choose; flagged when several fit as well.

        A class or an upgrade type the source states is no mere hint: the cards of another are left out,
        so that a printed cost cannot pick them (unless none has it)."""
        for stated, of in ((entry.ship_class, "ship_class"), (entry.type_hint, "upgrade_type")):
            if stated:
                candidates = [c for c in candidates if name_key(getattr(c, of)) == name_key(stated)] or candidates
        if len(candidates) == 1:
            return Found(candidates[0], MATCHED, "name")
        scored = sorted(candidates, key=lambda c: (-self.score(c, entry, source_card), c.id))
        best = self.score(scored[0], entry, source_card)
        top = [c for c in scored if self.score(c, entry, source_card) == best]
        if all(same_play(top[0], c) for c in top[1:]):
            differ = [c for c in scored if not same_play(top[0], c)]
            notes = []
            if len(top) > 1:
                notes.append(
                    _("%(count)d printings of %(name)s with the same cost and text; took %(id)s")
                    % {"count": len(top), "name": top[0].name, "id": top[0].id}
                )
            if differ:
                reasons = self.reasons(top[0], entry) or _("it fits what the source says best")
                notes.append(
                    _("%(count)d cards are named %(name)r; took %(id)s (%(card)s) because %(reasons)s")
                    % {
                        "count": len(candidates),
                        "name": top[0].name,
                        "id": top[0].id,
                        "card": describe_card(top[0]),
                        "reasons": reasons,
                    }
                )
            return Found(top[0], MATCHED, "name", "; ".join(notes), tuple(c.id for c in scored[1:]))
        reasons = self.reasons(top[0], entry)
        return Found(
            top[0],
            AMBIGUOUS,
            "name",
            (
                _("%(count)d cards named %(name)r fit equally well; took %(id)s (%(card)s) because %(reasons)s")
                if reasons
                else _("%(count)d cards named %(name)r fit equally well; took %(id)s (%(card)s) (the first by id)")
            )
            % {
                "count": len(top),
                "name": top[0].name,
                "id": top[0].id,
                "card": describe_card(top[0]),
                "reasons": reasons,
            },
            tuple(c.id for c in scored[1:]),
            tuple(c.id for c in top[1:]),
        )

    def printed_twin(self, source_card: Card, kinds: tuple[str, ...]) -> Card | None:
        """The catalog's card for a card the other database names differently ("U.S.S. Enterprise-E" and
        "U.S.S. Enterprise NCC-1701-E", "Cold Storage Unit" and "Cold Storage Units", a generic "Gorn"
        captain and the generic "Independent" one): same kind and type, same printed cost, uniqueness,
        skill and ship values, released in a set they share; of several, those of the source's
        factions. Several twins left that play alike are one card printed twice; the one whose name
        shares the most with the source's is taken. Twins that play differently are no answer.
        """
        if source_card.kind not in kinds:
            return None
        twins = [
            card
            for card in self.catalog.cards.values()
            if card.kind == source_card.kind
            and set(card.set_ids) & set(source_card.set_ids)
            and _printed(card) == _printed(source_card)
        ]
        twins = [card for card in twins if set(card.factions) == set(source_card.factions)] or twins
        if not twins or not all(same_play(twins[0], twin) for twin in twins[1:]):
            return None
        wanted = name_key(source_card.name)
        return min(twins, key=lambda card: (-_shared_prefix(name_key(card.name), wanted), card.id))

    def by_class(self, ship_class: str) -> list[Card]:
        if self._classes is None:
            self._classes = {}
            for card in self.catalog.cards.values():
                if card.kind == SHIP:
                    self._classes.setdefault(name_key(card.ship_class), []).append(card)
        return self._classes.get(name_key(ship_class), [])

    def score(self, card: Card, entry: Entry, source_card: Card | None) -> int:
        """How well a same-named card fits what the source says; higher is better."""
        points = 0
        if entry.role in (CAPTAIN, ADMIRAL) and card.kind == entry.role:
            points += 6  # "(Captain)": the captain card before an admiral of that name serving as one
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
        if entry.ship_factions and bool(set(card.factions) & set(entry.ship_factions)) != bool(entry.penalty):
            points += 12  # its ship's faction, or another when the source says it paid a faction penalty
        if entry.source_cost is not None:
            gap = abs(card.cost - (entry.source_cost - entry.penalty))
            points += max(0, 8 - 2 * gap)
        return points

    @staticmethod
    def reasons(card: Card, entry: Entry) -> str:
        said = []
        if entry.ship_class:
            said.append(_("the source names the class %(class)r") % {"class": entry.ship_class})
        if entry.type_hint:
            said.append(_("the source calls it %(type)s") % {"type": entry.type_hint})
        if entry.set_hint:
            said.append(_("the source names the set %(set)r") % {"set": entry.set_hint})
        if entry.ship_factions and set(card.factions) & set(entry.ship_factions):
            said.append(_("it shares its ship's faction"))
        if entry.penalty:
            said.append(_("the source says it paid a +%(penalty)d SP faction penalty") % {"penalty": entry.penalty})
        if entry.source_cost is not None:
            said.append(_("its cost is nearest the %(cost)d SP the source printed") % {"cost": entry.source_cost})
        return _(" and ").join(said)


def same_play(a: Card, b: Card) -> bool:
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


def _printed(card: Card) -> tuple[object, ...]:
    """What a card prints that decides its cost and place in a fleet, whatever its name."""
    return (card.upgrade_type, card.cost, card.unique, card.skill, card.attack, card.agility, card.hull, card.shields)


def _shared_prefix(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


# A card's kind and the role a source gives it, in the words of a note ("is a ship card, not a captain").
_KIND_CARD_WORDS = {
    "ship": gettext_noop("a ship card"),
    "captain": gettext_noop("a captain card"),
    "admiral": gettext_noop("an admiral card"),
    "upgrade": gettext_noop("an upgrade card"),
    "resource": gettext_noop("a resource card"),
    "other": gettext_noop("an other card"),
}
_ROLE_WORDS = {
    "card": gettext_noop("a card for a ship"),
    "ship": gettext_noop("a ship"),
    "captain": gettext_noop("a captain"),
    "admiral": gettext_noop("an admiral"),
    "upgrade": gettext_noop("an upgrade"),
    "resource": gettext_noop("a resource"),
}


def _a(word: str) -> str:
    if word in _ROLE_WORDS:
        return _(_ROLE_WORDS[word])
    return ("an " if word[0] in "aeiou" else "a ") + word


def _a_card(kind: str) -> str:
    if kind in _KIND_CARD_WORDS:
        return _(_KIND_CARD_WORDS[kind])
    return _a(kind) + " card"


def helper_note(catalog: Catalog, card_id: str | None) -> str:
    """The note for an id the catalog reader skipped as a helper record of the Utopia builder ("Tuesday (Weapon)",
    W251): no card of the game, so it is left out; the cards it holds and the discount it stands for stay."""
    skipped = next((s for s in catalog.skipped if s.source_id == card_id and "helper" in s.reason), None)
    if skipped is None:
        return ""
    return _(
        "%(id)s is a helper record of the Utopia builder, not a card of the game: it takes no slot and costs "
        "nothing, so it is left out; the cards it holds stay"
    ) % {"id": card_id}


def candidates(match: CardMatch, catalog: Catalog) -> tuple[Candidate, ...]:
    """Every card ``match`` may stand for, the one taken first, each with its type, sets, factions and cost."""
    cards = [catalog.get(i) for i in (match.card_id, *match.alternatives) if i]
    return tuple(
        Candidate(
            id=card.id,
            name=card.name,
            type=(card.upgrade_type or card.kind) + (f" ({card.ship_class})" if card.ship_class else ""),
            sets=tuple(catalog.sets[s].name if s in catalog.sets else s for s in card.set_ids),
            factions=card.factions,
            cost=card.cost,
            chosen=card.id == match.card_id,
            fits=card.id == match.card_id or card.id in match.tied,
        )
        for card in cards
        if card is not None
    )


def describe_card(card: Card) -> str:
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
