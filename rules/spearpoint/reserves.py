"""Frontline General: Spearpoint 1943 reserves decks (player aid, seed 004, "Standard Game Setup").

"Select Units for Reserves Deck (100 points max; 80 points min.)" and "Choose
starting hand of 4 units". The starting hand is chosen from the units selected,
so it counts toward the points and must be in the deck. A deck is one side's:
the game pits an American deck against a German one. The same unit may be
taken several times.

The player aid prints the unit types as icons only; the types here are the ones
its text names (infantry, vehicles, artillery and guns, aircraft, crews). A unit
that needs a crew to function names the kind of crew; the setup rules put no
limit on crews, so the crew requirement is carried, not judged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.inputs.list_check import ListReport, Violation, empty_list, file_record, tally
from rules.translation import gettext as _

AMERICAN = "american"
GERMAN = "german"
SIDES = (AMERICAN, GERMAN)
UNIT_TYPES = ("infantry", "vehicle", "artillery", "aircraft", "crew")
CREWS = ("none", "tank-crew", "artillery-crew", "pilot")  # "none" is the card's "N/C"

RESERVES_MIN_POINTS = 80
RESERVES_MAX_POINTS = 100
STARTING_HAND_UNITS = 4


@dataclass(frozen=True, slots=True)
class Unit:
    name: str
    side: str
    unit_type: str
    cost: int  # point cost, also its worth in Victory Points when destroyed
    crew: str = "none"  # the crew the unit needs to function


@dataclass(frozen=True, slots=True)
class ReservesEntry:
    unit: Unit
    count: int


@dataclass(frozen=True, slots=True)
class ReservesDeck:
    side: str
    units: tuple[ReservesEntry, ...]
    starting_hand: tuple[str, ...]  # unit names, one per card (a name twice for two copies)


@dataclass(frozen=True, slots=True)
class ReservesReport(ListReport):
    points: int
    units: int
    starting_hand: int
    violations: tuple[Violation, ...]

    def totals(self) -> dict[str, int | str]:
        return {"points": self.points, "units": self.units, "starting_hand": self.starting_hand}


def check_reserves(deck: ReservesDeck) -> ReservesReport:
    points = sum(entry.unit.cost * entry.count for entry in deck.units)
    violations = []
    if points > RESERVES_MAX_POINTS:
        violations.append(
            Violation(
                "RESERVES_OVER_MAX",
                _("The Reserves Deck costs %(points)d points; it may cost at most %(most)d.")
                % {"points": points, "most": RESERVES_MAX_POINTS},
            )
        )
    if not deck.units:
        violations.append(
            empty_list(
                _("The Reserves Deck is empty; select %(least)d–%(most)d points of units.")
                % {"least": RESERVES_MIN_POINTS, "most": RESERVES_MAX_POINTS}
            )
        )
    elif points < RESERVES_MIN_POINTS:
        violations.append(
            Violation(
                "RESERVES_UNDER_MIN",
                _("The Reserves Deck costs %(points)d points; it must cost at least %(least)d.")
                % {"points": points, "least": RESERVES_MIN_POINTS},
            )
        )
    violations += [
        Violation(
            "MIXED_SIDES",
            _("%(unit)s is a %(unit_side)s unit; a %(side)s Reserves Deck holds only %(side)s units.")
            % {"unit": entry.unit.name, "unit_side": entry.unit.side.capitalize(), "side": deck.side.capitalize()},
            entry.unit.name,
        )
        for entry in deck.units
        if entry.unit.side != deck.side
    ]
    if len(deck.starting_hand) != STARTING_HAND_UNITS:
        violations.append(
            Violation(
                "STARTING_HAND_SIZE",
                _("The starting hand has %(count)d units; it must have exactly %(exact)d.")
                % {"count": len(deck.starting_hand), "exact": STARTING_HAND_UNITS},
            )
        )
    in_deck = tally((entry.unit.name, entry.count) for entry in deck.units)
    violations += [
        Violation(
            "STARTING_HAND_NOT_IN_DECK",
            _("The starting hand holds %(count)d of %(unit)s, but the Reserves Deck holds %(held)d.")
            % {"count": count, "unit": name, "held": in_deck[name]},
            name,
        )
        for name, count in Counter(deck.starting_hand).items()
        if count > in_deck[name]
    ]
    return ReservesReport(
        points=points,
        units=sum(entry.count for entry in deck.units),
        starting_hand=len(deck.starting_hand),
        violations=tuple(violations),
    )


def reserves_from_data(data: object) -> ReservesDeck:
    """Read a parsed reserves file; anything malformed raises :class:`~rules.inputs.list_check.ListFileError`."""
    top = file_record(data, ("side", "units", "starting_hand"))
    side = top.text("side", choices=SIDES)
    units = tuple(
        ReservesEntry(
            unit=Unit(
                name=line.text("name"),
                side=line.text("side", choices=SIDES),
                unit_type=line.text("type", choices=UNIT_TYPES),
                cost=line.number("cost", minimum=1),
                crew=line.text("crew", choices=CREWS, default="none"),
            ),
            count=line.number("count", minimum=1),
        )
        for line in top.records("units", ("name", "side", "type", "cost", "count", "crew"))
    )
    return ReservesDeck(side=side, units=units, starting_hand=tuple(top.texts("starting_hand")))


def check_list_data(data: object) -> ReservesReport:
    """Read and judge a parsed reserves file in one step, as the command line does."""
    return check_reserves(reserves_from_data(data))
