"""What a card's page shows beside its text: its stats, upgrade bar, maneuver dial, firing arcs, actions and cost
rules.

Everything comes from the catalog's record: the dial, the arcs and the Action Bar are the facts the card readers
keep on each ship (``dial_top_speed``, ``dial_maneuver``, ``dial_move``, ``firing_arc``, ``action`` restrictions,
read from the class records of both databases), so the page draws only what the catalog knows. A catalog read
before the readers kept each move has a dial without moves: the page then draws the kinds only, until
``import_cards`` reads the held file again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, SHIP, UPGRADE, Card

from .catalog import slot_label

# Maneuver kinds as the readers name them, in the order a dial reads, with their words; the kinds a dial prints as a
# left and a right move (both databases give the pair one colour).
MANEUVERS = {
    "straight": "Straight",
    "bank": "Bank",
    "turn": "Turn",
    "come-about": "Come about",
    "spin": "Spin",
    "flank": "Flank",
    "45-degree-rotate": "45° rotate",
    "90-degree-rotate": "90° rotate",
    "stop": "Full stop",
}
# The same kinds as a sentence says them (lower case in English), in the reader's language.
MANEUVER_WORDS = {
    "straight": gettext_lazy("straight"),
    "bank": gettext_lazy("bank"),
    "turn": gettext_lazy("turn"),
    "come-about": gettext_lazy("come about"),
    "spin": gettext_lazy("spin"),
    "flank": gettext_lazy("flank"),
    "45-degree-rotate": gettext_lazy("45° rotate"),
    "90-degree-rotate": gettext_lazy("90° rotate"),
    "stop": gettext_lazy("full stop"),
}
SIDE_WORDS = {"left": gettext_lazy("left"), "right": gettext_lazy("right")}
COLOUR_WORDS = {"white": gettext_lazy("white"), "green": gettext_lazy("green"), "red": gettext_lazy("red")}


def maneuver_words(kind: str) -> str:
    """A maneuver kind in a sentence's words ("come about"), an unknown kind as the reader names it."""
    return str(MANEUVER_WORDS.get(kind, kind.replace("-", " ")))


SIDED = ("bank", "turn", "spin", "flank", "45-degree-rotate", "90-degree-rotate")
# The drawn dial's columns, left to right: the left moves, straight, the right moves, then the rest.
COLUMNS = (
    ("turn", "left"),
    ("bank", "left"),
    ("straight", ""),
    ("bank", "right"),
    ("turn", "right"),
    ("come-about", ""),
    ("spin", "left"),
    ("spin", "right"),
    ("flank", "left"),
    ("flank", "right"),
    ("45-degree-rotate", "left"),
    ("45-degree-rotate", "right"),
    ("90-degree-rotate", "left"),
    ("90-degree-rotate", "right"),
    ("stop", ""),
)
CELL = 24  # the drawn dial's square for one move, in SVG units
ARC_RADIUS = 44  # the drawn arcs: wedges about the centre (50, 50) of a 100 x 100 picture
ACTION_WORDS = {
    "evade": "Evade",
    "target-lock": "Target Lock",
    "scan": "Scan",
    "battlestations": "Battle Stations",
    "cloak": "Cloak",
    "sensor-echo": "Sensor Echo",
    "regenerate": "Regenerate",
}


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    side: str  # "left", "right" or "" for a move without a side
    colour: str  # "white", "green" or "red"
    column: int  # its column on the drawn dial

    @property
    def x(self) -> int:
        """Where its square starts on the drawn dial (after the column of speeds)."""
        return CELL * (self.column + 1)

    @property
    def words(self) -> str:
        name = maneuver_words(self.kind)
        if not self.side:
            return name
        return _("%(maneuver)s %(side)s") % {"maneuver": name, "side": SIDE_WORDS.get(self.side, self.side)}


@dataclass(frozen=True, slots=True)
class Speed:
    speed: int  # negative for a reverse maneuver
    moves: tuple[Move, ...]

    @property
    def label(self) -> str:
        if self.speed < 0:
            return _("Reverse %(speed)s") % {"speed": -self.speed}
        return _("Speed %(speed)s") % {"speed": self.speed}

    @property
    def words(self) -> str:
        """ "forward (white), bank left (white), bank right (white)"."""
        return ", ".join(
            _("%(maneuver)s (%(colour)s)")
            % {"maneuver": self._move_words(move), "colour": COLOUR_WORDS.get(move.colour, move.colour)}
            for move in self.moves
        )

    def _move_words(self, move: Move) -> str:
        if move.kind == "straight":
            return _("backward") if self.speed < 0 else _("forward")
        return move.words


@dataclass(frozen=True, slots=True)
class Dial:
    top_speed: int
    maneuvers: tuple[tuple[str, str], ...]  # (kind, words)
    speeds: tuple[Speed, ...]  # fastest first, the reverse speeds last; empty when the catalog has no moves
    columns: tuple[tuple[str, str], ...]  # (kind, side) of each drawn column

    @property
    def words(self) -> str:
        kinds = ", ".join(maneuver_words(kind) for kind, _words in self.maneuvers)
        words = _("Maneuver dial: speeds up to %(speed)s; %(maneuvers)s.")
        return words % {"speed": self.top_speed, "maneuvers": kinds}

    @property
    def width(self) -> int:
        return CELL * (len(self.columns) + 1)

    @property
    def height(self) -> int:
        return CELL * len(self.speeds)

    @property
    def cells(self) -> list[tuple[int, Speed]]:
        """Each speed with the top of its row on the drawing."""
        return [(row * CELL, speed) for row, speed in enumerate(self.speeds)]


@dataclass(frozen=True, slots=True)
class Arc:
    place: str  # "front", "rear", "all" (the 360-degree arc) or "second" (Utopia's further arc, direction unknown)
    degrees: int

    @property
    def words(self) -> str:
        if self.place == "all":
            return _("360° firing arc: it fires in every direction.")
        if self.place == "second":
            return _("A second arc of %(degrees)s° (the card database does not say where it points).") % {
                "degrees": self.degrees
            }
        if self.place == "front":
            return _("%(degrees)s° forward firing arc.") % {"degrees": self.degrees}
        return _("%(degrees)s° rear firing arc.") % {"degrees": self.degrees}

    @property
    def path(self) -> str:
        """The arc as an SVG wedge from the centre, the front up; "" for an arc not drawn (the second arc)."""
        if self.place == "all":
            return f"M50 {50 - ARC_RADIUS} A{ARC_RADIUS} {ARC_RADIUS} 0 1 1 49.99 {50 - ARC_RADIUS} Z"
        if self.place not in ("front", "rear"):
            return ""
        half = math.radians(min(self.degrees, 359) / 2)
        heading = 0.0 if self.place == "front" else math.pi
        start, end = heading - half, heading + half
        x1, y1 = 50 + ARC_RADIUS * math.sin(start), 50 - ARC_RADIUS * math.cos(start)
        x2, y2 = 50 + ARC_RADIUS * math.sin(end), 50 - ARC_RADIUS * math.cos(end)
        large = 1 if self.degrees > 180 else 0
        return f"M50 50 L{x1:.1f} {y1:.1f} A{ARC_RADIUS} {ARC_RADIUS} 0 {large} 1 {x2:.1f} {y2:.1f} Z"


@dataclass(frozen=True, slots=True)
class CardFacts:
    stats: tuple[tuple[str, str, int], ...]  # (key, label, value) the card prints; the key names it in English
    upgrade_bar: tuple[str, ...]  # slot labels, ships only
    dial: Dial | None
    arcs: tuple[Arc, ...]
    arc_words: tuple[str, ...]  # each arc in words, and "No rear firing arc." for a ship without one
    actions: tuple[str, ...]
    penalty: str  # the faction penalty the card pays on another faction's ship, in words ("" if none)
    cost_sentences: tuple[str, ...]  # the card's own sentences about SP


def card_facts(card: Card) -> CardFacts:
    arcs = _arcs(card)
    return CardFacts(
        stats=_stats(card),
        upgrade_bar=tuple(map(slot_label, card.slots)),
        dial=_dial(card),
        arcs=arcs,
        arc_words=_arc_words(arcs),
        actions=tuple(ACTION_WORDS.get(str(r.value), str(r.value)) for r in card.restrictions if r.code == "action"),
        penalty=_penalty(card),
        cost_sentences=tuple(s for s in sentences(plain_text(card.text)) if " SP" in f" {s}"),
    )


def _stats(card: Card) -> tuple[tuple[str, str, int], ...]:
    if card.kind == SHIP:
        return (
            ("Attack", _("Attack"), card.attack),
            ("Agility", _("Agility"), card.agility),
            ("Hull", _("Hull"), card.hull),
            ("Shields", _("Shields"), card.shields),
        )
    if card.kind in (CAPTAIN, ADMIRAL):
        return (("Skill", _("Skill"), card.skill), ("Elite Talent slots", _("Elite Talent slots"), card.talent_slots))
    return ()


def _dial(card: Card) -> Dial | None:
    top = next((r.value for r in card.restrictions if r.code == "dial_top_speed"), None)
    if not isinstance(top, int):
        return None
    kinds = {str(r.value) for r in card.restrictions if r.code == "dial_maneuver"}
    ordered = [(kind, words) for kind, words in MANEUVERS.items() if kind in kinds]
    ordered += [(kind, kind.replace("-", " ").capitalize()) for kind in sorted(kinds - MANEUVERS.keys())]
    moves: dict[int, list[tuple[str, str]]] = {}
    for r in card.restrictions:
        if r.code == "dial_move":
            speed, kind, colour = str(r.value).split()
            moves.setdefault(int(speed), []).append((kind, colour))
    present = {(kind, side) for found in moves.values() for kind, _colour in found for side in _sides(kind)}
    columns = [column for column in COLUMNS if column in present]
    columns += sorted(present - set(COLUMNS))
    speeds = tuple(
        Speed(
            speed,
            tuple(
                sorted(
                    (
                        Move(kind, side, colour, columns.index((kind, side)))
                        for kind, colour in moves[speed]
                        for side in _sides(kind)
                    ),
                    key=lambda move: move.column,
                )
            ),
        )
        for speed in sorted(moves, key=lambda s: (s < 0, -s))  # forward speeds fastest first, then reverse 1, 2 …
    )
    return Dial(top, tuple(ordered), speeds, tuple(columns))


def _sides(kind: str) -> tuple[str, ...]:
    return ("left", "right") if kind in SIDED else ("",)


def _arcs(card: Card) -> tuple[Arc, ...]:
    arcs = []
    for r in card.restrictions:
        if r.code == "firing_arc":
            place, degrees = str(r.value).split()
            arcs.append(Arc(place, int(degrees)))
    return tuple(arcs)


def _arc_words(arcs: tuple[Arc, ...]) -> tuple[str, ...]:
    words = tuple(arc.words for arc in arcs)
    if arcs and not any(arc.place in ("rear", "all") for arc in arcs):
        words += (_("No rear firing arc."),)
    return words


def _penalty(card: Card) -> str:
    """Seed 003, Additional Rules 20 (and Admiral Cards: "Faction penalties are tripled")."""
    if card.kind == ADMIRAL:
        return _(
            "+3 SP face up on a ship that shares none of its factions (faction penalties are tripled for Admirals)."
        )
    if card.kind in (CAPTAIN, UPGRADE):
        return _("+1 SP on a ship that shares none of its factions (the faction penalty).")
    return ""
