"""Spearpoint 1943 Victory Points and the end of a Standard Game (player aid, seed 004).

"Destroyed Units are worth their Cost in Victory Points" and "Captured Units are
worth their Cost * 2 in Victory Points". "In a Standard Game, the first player
to score 51 Victory Points or Overrun their opponent by maintaining at least one
unopposed committed land Unit for three consecutive Turns is the victor."

Because the first player to get there wins, a game is scored from its events in
the order they happened; an Overrun is an event the judge records when it
happens, since it depends on the table, not on points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.spearpoint.reserves import Unit
from rules.translation import gettext as _

WINNING_POINTS = 51


class Taken(StrEnum):
    DESTROYED = "destroyed"
    CAPTURED = "captured"


class Victory(StrEnum):
    POINTS = "points"
    OVERRUN = "overrun"


@dataclass(frozen=True, slots=True)
class UnitScored:
    """``player`` destroyed or captured an enemy ``unit``."""

    player: str
    unit: Unit
    taken: Taken


@dataclass(frozen=True, slots=True)
class Overrun:
    """The judge's record that ``player`` overran the opponent."""

    player: str


@dataclass(frozen=True, slots=True)
class GameScore:
    points: dict[str, int]  # Victory Points per player who scored any
    winner: str | None = None
    victory: Victory | None = None


def victory_points(unit: Unit, taken: Taken) -> int:
    return unit.cost * (2 if taken == Taken.CAPTURED else 1)


def score_game(events: Iterable[UnitScored | Overrun]) -> GameScore:
    """Victory Points and the winner, if any, after ``events`` in the order they happened.

    An event after the game was won is a ``ValueError``: the game ended there.
    """
    points: dict[str, int] = {}
    winner = victory = None
    for event in events:
        if winner is not None:
            raise ValueError(
                _("the game ended when %(winner)s won by %(victory)s; nothing scores after that")
                % {"winner": winner, "victory": victory}
            )
        if isinstance(event, Overrun):
            winner, victory = event.player, Victory.OVERRUN
            continue
        points[event.player] = points.get(event.player, 0) + victory_points(event.unit, event.taken)
        if points[event.player] >= WINNING_POINTS:
            winner, victory = event.player, Victory.POINTS
    return GameScore(points=points, winner=winner, victory=victory)
