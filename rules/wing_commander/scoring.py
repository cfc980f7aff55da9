"""How a Wing Commander game ends, turned into a win, loss or draw for each side.

The manual (seed 001) names two ways to win -- "destroying your opponent's
carrier" or "reducing your opponent's Power Points to 0" -- and one draw, in
Combat Phase step 6 (Aftermath): "If any player's Power Points are reduced to 0
at the end of the Combat Phase, the game is over and the player with Power
Points remaining is the winner. If both Players are reduced to 0, the game is
considered a draw." A destroyed carrier ends the game at once ("If you destroy
the enemy carrier the game is over! You win."), so it decides the game whatever
the Power Points stand at.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.translation import gettext as _
from rules.wing_commander.deck import KILRATHI, SIDES, TERRAN


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


class Ending(StrEnum):
    CARRIER_DESTROYED = "carrier-destroyed"
    POWER_POINTS = "power-points"  # one side's Power Points reached 0
    BOTH_POWER_POINTS = "both-power-points"  # both reached 0: a draw


@dataclass(frozen=True, slots=True)
class MatchResult:
    terran: Outcome
    kilrathi: Outcome
    ending: Ending

    def outcome(self, side: str) -> Outcome:
        return self.terran if side == TERRAN else self.kilrathi


def match_result(
    *, terran_power_points: int, kilrathi_power_points: int, carrier_destroyed: str | None = None
) -> MatchResult:
    """The result of a finished game.

    ``carrier_destroyed`` is the side whose carrier was destroyed, if any; the
    Power Points are the totals when the game stopped (0 or below means out).
    A game where no carrier fell and both sides still have Power Points is not
    over, and asking for its result is a ``ValueError``.
    """
    if carrier_destroyed is not None:
        if carrier_destroyed not in SIDES:
            raise ValueError(f"carrier_destroyed must be one of {SIDES}, got {carrier_destroyed!r}")
        return _won_by(TERRAN if carrier_destroyed == KILRATHI else KILRATHI, Ending.CARRIER_DESTROYED)
    terran_out, kilrathi_out = terran_power_points <= 0, kilrathi_power_points <= 0
    if terran_out and kilrathi_out:
        return MatchResult(Outcome.DRAW, Outcome.DRAW, Ending.BOTH_POWER_POINTS)
    if terran_out or kilrathi_out:
        return _won_by(KILRATHI if terran_out else TERRAN, Ending.POWER_POINTS)
    raise ValueError(_("the game is not over: no carrier was destroyed and both sides have Power Points left"))


def _won_by(winner: str, ending: Ending) -> MatchResult:
    if winner == TERRAN:
        return MatchResult(Outcome.WIN, Outcome.LOSS, ending)
    return MatchResult(Outcome.LOSS, Outcome.WIN, ending)
