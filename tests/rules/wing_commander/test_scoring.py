"""Game results from the manual's ways to win (seed 001: the opening "You win the game by either",
Combat Phase step 6 "Aftermath" for Power Points and the draw, and attacking carriers)."""

import pytest

from rules.wing_commander import KILRATHI, TERRAN, Ending, MatchResult, Outcome, match_result


@pytest.mark.parametrize(
    ("destroyed", "expected"),
    [
        (KILRATHI, MatchResult(Outcome.WIN, Outcome.LOSS, Ending.CARRIER_DESTROYED)),
        (TERRAN, MatchResult(Outcome.LOSS, Outcome.WIN, Ending.CARRIER_DESTROYED)),
    ],
)
def test_destroying_the_enemy_carrier_wins_whatever_the_power_points(destroyed, expected):
    for terran_points, kilrathi_points in [(20, 20), (0, 0), (1, 0), (0, 1)]:
        result = match_result(
            terran_power_points=terran_points, kilrathi_power_points=kilrathi_points, carrier_destroyed=destroyed
        )
        assert result == expected


@pytest.mark.parametrize(
    ("terran", "kilrathi", "expected"),
    [
        (0, 5, MatchResult(Outcome.LOSS, Outcome.WIN, Ending.POWER_POINTS)),
        (-3, 1, MatchResult(Outcome.LOSS, Outcome.WIN, Ending.POWER_POINTS)),
        (1, 0, MatchResult(Outcome.WIN, Outcome.LOSS, Ending.POWER_POINTS)),
        (0, 0, MatchResult(Outcome.DRAW, Outcome.DRAW, Ending.BOTH_POWER_POINTS)),
        (-2, 0, MatchResult(Outcome.DRAW, Outcome.DRAW, Ending.BOTH_POWER_POINTS)),
    ],
)
def test_aftermath_power_points_at_zero_lose_and_both_at_zero_draw(terran, kilrathi, expected):
    assert match_result(terran_power_points=terran, kilrathi_power_points=kilrathi) == expected


def test_result_per_side():
    result = match_result(terran_power_points=4, kilrathi_power_points=0)
    assert (result.outcome(TERRAN), result.outcome(KILRATHI)) == (Outcome.WIN, Outcome.LOSS)
    assert Outcome.WIN == "win" and Outcome.DRAW == "draw"


def test_a_game_still_going_has_no_result():
    with pytest.raises(ValueError, match="not over"):
        match_result(terran_power_points=1, kilrathi_power_points=1)


def test_an_unknown_side_for_the_destroyed_carrier_is_refused():
    with pytest.raises(ValueError, match="carrier_destroyed"):
        match_result(terran_power_points=1, kilrathi_power_points=1, carrier_destroyed="confederation")
