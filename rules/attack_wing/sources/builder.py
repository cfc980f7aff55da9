"""What both readers share: the catalog builder (id bookkeeping, lenient dates) and name rules.

The community databases are hand-maintained and carry flaws (ids given as
lists, a duplicated id, impossible or unpadded dates). A reader must survive
every one of them and say what it did, so the flaws end up in
``Catalog.skipped`` / ``Catalog.warnings`` instead of an exception.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from datetime import date

from rules.attack_wing.card_text.descriptors import normalize_class
from rules.attack_wing.catalog import Card, CardSet, Catalog, Restriction, Skipped

# Ship classes whose model stands on the oversized base. Seed 003, "Suggested tournament
# format": "Borg Cube Class & Nor Class Orbital Space Station Class". Matched on the whole
# normalized class name, so "Borg Tactical Cube" and "Borg Scout Cube" (standard bases) stay out.
OVERSIZED_CLASSES = frozenset({"borg cube", "nor class orbital space station"})


class CatalogFormatError(ValueError):
    """The file is not a card database of the expected shape (malformed, truncated, wrong file)."""


def faction_slug(name: str) -> str:
    """Both sources' faction names as one vocabulary: "Mirror Universe" -> "mirror-universe"."""
    return "-".join(name.strip().lower().split())


def ship_markers(ship_class: str) -> tuple[Restriction, ...]:
    """Fleet-building facts about a ship that follow from its class name alone."""
    normalized = normalize_class(ship_class)
    markers = []
    if normalized in OVERSIZED_CLASSES:
        markers.append(Restriction("oversized_base"))
    if "shuttle" in normalized:
        markers.append(Restriction("shuttlecraft"))
    return tuple(markers)


def dial_markers(maneuvers: Iterable[tuple[int, str, str]]) -> tuple[Restriction, ...]:
    """A ship's maneuver dial, as facts on its card: its top speed, the kinds of maneuver on it and each move.

    Both databases print each class's dial (Utopia ``shipClasses``, Space Dock ``ShipClassDetails``);
    two cards are bought by it: Warp Drive Refit (T212) "may only be purchased for a ship that does not
    have a 4 or higher on its Maneuver Dial", Klingon Helmsman (C234) "cannot be deployed to a ship that
    does not have a [come-about] Maneuver on its Maneuver Dial". ``(speed, kind, colour)`` triples; reverse
    maneuvers have a negative speed, and "left-"/"right-" name one kind ("about" is the come about): both
    databases print a left move and its right mirror in one colour (Utopia names the pair once). Each move
    is ``dial_move`` "<speed> <kind> <colour>" ("2 bank white"), so a card's page can draw the whole dial;
    a move whose colour is not white, green or red is left out of them (the card-file checks refuse it).
    """
    triples = list(maneuvers)
    if not triples:
        return ()
    kinds = sorted({_dial_kind(kind) for _, kind, _ in triples})
    top = max(speed for speed, _, _ in triples)
    moves = dict.fromkeys(
        f"{speed} {_dial_kind(kind)} {colour}"
        for speed, kind, colour in sorted(triples, key=lambda t: -t[0])
        if colour in DIAL_COLOURS
    )
    return (
        Restriction("dial_top_speed", top),
        *(Restriction("dial_maneuver", kind) for kind in kinds),
        *(Restriction("dial_move", move) for move in moves),
    )


DIAL_COLOURS = ("white", "green", "red")


def _dial_kind(kind: str) -> str:
    kind = re.sub(r"^(?:left|right)-", "", kind)
    return _DIAL_KINDS.get(kind, kind)


def arc_markers(front: str, rear: str, second: str = "") -> tuple[Restriction, ...]:
    """A ship's firing arcs, as facts on its card: ``firing_arc`` "front 180", "rear 90", "second 45".

    Both databases print them with the class's dial (Utopia ``frontArc``/``rearArc``/``secondArc``, Space Dock
    ``<FrontArc>``/``<RearArc>``), in degrees, blank for an arc the ship lacks. A class with neither a forward
    nor a rear arc is one of the Borg classes, whose cards print the 360-degree arc (seed 003, Additional Rules
    Cards, "360-Degree Arcs"): read as ``firing_arc`` "all 360". Values that are not whole degrees from 1 to
    360 are left out (the card-file checks refuse them).
    """
    if not front.strip() and not rear.strip():
        return (Restriction("firing_arc", "all 360"),)
    arcs = {place: _degrees(value) for place, value in (("front", front), ("rear", rear), ("second", second))}
    return tuple(Restriction("firing_arc", f"{place} {deg}") for place, deg in arcs.items() if deg is not None)


def _degrees(value: str) -> int | None:
    value = value.strip()
    return int(value) if value.isdigit() and 1 <= int(value) <= 360 else None


_DIAL_KINDS = {"about": "come-about"}


ACTIONS = ("evade", "target-lock", "scan", "battlestations", "cloak", "sensor-echo", "regenerate")


def action_markers(actions: Iterable[str]) -> tuple[Restriction, ...]:
    """A ship's Action Bar, as facts on its card (``Restriction("action", "battlestations")``, one per icon).

    Both databases print it (Utopia ``actions``, Space Dock ``<Battlestations>1</Battlestations>`` and the like);
    Standby Battle Stations (E145) "may only be purchased for a ship that has the [battlestations] icon on its
    Action Bar". Unknown names are left out.
    """
    found = dict.fromkeys(a for a in (" ".join(str(x).lower().split()) for x in actions) if a in ACTIONS)
    return tuple(Restriction("action", a) for a in found)


def support_vehicle_rules(name: str) -> list[Restriction]:
    """The Borg Support Vehicle rules, printed on the token and dock cards of both sources.

    The token makes its ship a support vehicle of hull 7 or less costing -10 SP (-15 SP as a
    Borg Sphere); neither it nor the dock's ship may be a Capital Ship (FAQ 2016, Cube 384).
    """
    normalized = " ".join(name.lower().split())
    if normalized.startswith("borg support vehicle token"):
        return [
            Restriction("support_vehicle"),
            Restriction("no_capital_ship"),
            Restriction("hull_max", 7),
            Restriction("ship_discount", None, 10),
            Restriction("ship_discount", "Borg Sphere", 15),
        ]
    if normalized.startswith("borg support vehicle dock"):
        return [Restriction("no_capital_ship"), Restriction("ship_class", "Borg Cube")]
    return []


_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


class CatalogBuilder:
    """Collects cards and sets, resolving ids and recording every repair it makes."""

    def __init__(self) -> None:
        self.catalog = Catalog()

    def warn(self, message: str) -> None:
        self.catalog.warnings.append(message)

    def skip(self, source_id: str, reason: str) -> None:
        self.catalog.skipped.append(Skipped(str(source_id), reason))

    def parse_date(self, value: object, where: str) -> date | None:
        """ISO dates; unpadded ones ("2017-12-3") are repaired, impossible ones ("2017-02-29") dropped."""
        if value in (None, ""):
            return None
        match = _DATE.match(str(value).strip())
        if not match:
            self.warn(f"{where}: release date {value!r} is not a date; left unknown")
            return None
        try:
            parsed = date(*(int(part) for part in match.groups()))
        except ValueError:
            self.warn(f"{where}: release date {value!r} does not exist; left unknown")
            return None
        if parsed.isoformat() != str(value).strip():
            self.warn(f"{where}: release date {value!r} read as {parsed.isoformat()}")
        return parsed

    def add_set(self, card_set: CardSet) -> None:
        if card_set.id in self.catalog.sets:
            self.warn(f"set {card_set.id}: listed twice; the first entry is kept")
            return
        self.catalog.sets[card_set.id] = card_set

    def claim_id(self, raw_id: object, reserved: set[str]) -> tuple[str | None, tuple[str, ...]]:
        """The card id for a source id, plus alias ids; ``(None, ())`` when the record has no usable id.

        A list (``["T311", "T311a"]``: one card printed under several numbers) takes its first
        id not already used by another record, so two printings listed as ``["T311"]`` and
        ``["T311", "T311a"]`` stay two cards; the other ids become aliases. ``reserved`` holds
        the plain string ids of the whole file, so a list never takes a later record's id.
        """
        if isinstance(raw_id, str) and raw_id.strip():
            return raw_id.strip(), ()
        if isinstance(raw_id, list) and raw_id and all(isinstance(i, str) and i.strip() for i in raw_id):
            ids = [i.strip() for i in raw_id]
            free = [i for i in ids if i not in self.catalog.cards and i not in reserved]
            if not free:
                return ids[0], ()  # every id taken: reported as a duplicate by add_card
            chosen = free[0]
            self.warn(f"card {chosen}: id given as a list {ids}; stored as {chosen}")
            return chosen, tuple(i for i in ids if i != chosen and i not in self.catalog.cards and i not in reserved)
        return None, ()

    def add_card(self, card: Card, aliases: tuple[str, ...] = ()) -> None:
        """Add a card; a repeated id is merged when only its sets differ, else the repeat is skipped."""
        existing = self.catalog.cards.get(card.id)
        if existing is None:
            self.catalog.cards[card.id] = card
            for alias in aliases:
                self.catalog.aliases.setdefault(alias, card.id)
            return
        if _same_card(existing, card):
            merged = tuple(dict.fromkeys(existing.set_ids + card.set_ids))
            self.catalog.cards[card.id] = _replace_sets(existing, merged)
            self.warn(f"card {card.id}: listed twice with the same data; sets merged")
        else:
            self.skip(card.id, f"duplicate id {card.id} with different data ({card.name!r}); the first record is kept")

    def finish(self) -> Catalog:
        missing = sorted({s for c in self.catalog.cards.values() for s in c.set_ids} - self.catalog.sets.keys())
        if missing:
            self.warn(f"{len(missing)} set id(s) used by cards but not listed: {', '.join(missing[:10])}")
        return self.catalog


def _same_card(a: Card, b: Card) -> bool:
    return _replace_sets(a, ()) == _replace_sets(b, ())


def _replace_sets(card: Card, set_ids: tuple[str, ...]) -> Card:
    return replace(card, set_ids=set_ids)
