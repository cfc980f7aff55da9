"""Victory Points and winning a Standard Game (seed 004, "Victory Points" and "Winning the Game")."""

import pytest

from rules.spearpoint import (
    WINNING_POINTS,
    GameScore,
    Overrun,
    Taken,
    Unit,
    UnitScored,
    Victory,
    score_game,
    victory_points,
)
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR

PLAYER_AID = SEEDS_DIR / "004_e915a1b7ebe39e30.txt"
TIGER = Unit("Tiger I", "german", "vehicle", 21)
PANZER_IV = Unit("Panzer IV", "german", "vehicle", 10)
SHERMAN = Unit("M4 Sherman", "american", "vehicle", 12)


@pytest.mark.skipif(not PLAYER_AID.exists(), reason=DOCUMENTS_ABSENT)
def test_winning_points_are_the_player_aids():
    assert f"the first player to score {WINNING_POINTS} Victory Points" in PLAYER_AID.read_text()


def test_victory_points_destroyed_units_score_their_cost_captured_twice_their_cost():
    assert victory_points(TIGER, Taken.DESTROYED) == 21
    assert victory_points(TIGER, Taken.CAPTURED) == 42


@pytest.mark.parametrize(("filler", "winner"), [(8, None), (9, "ann")])
def test_winning_the_game_at_51_victory_points(filler, winner):
    """21 + 21 + filler: 50 does not win, 51 does."""
    filler_unit = Unit("Filler", "german", "infantry", filler)
    events = [UnitScored("ann", TIGER, Taken.DESTROYED), UnitScored("ann", TIGER, Taken.DESTROYED)]
    score = score_game([*events, UnitScored("ann", filler_unit, Taken.DESTROYED)])
    assert score.points == {"ann": 42 + filler}
    assert (score.winner, score.victory) == (winner, Victory.POINTS if winner else None)


def test_the_first_player_to_51_wins():
    events = [
        UnitScored("bob", SHERMAN, Taken.CAPTURED),  # bob 24
        UnitScored("ann", TIGER, Taken.CAPTURED),  # ann 42
        UnitScored("bob", SHERMAN, Taken.CAPTURED),  # bob 48
        UnitScored("ann", PANZER_IV, Taken.DESTROYED),  # ann 52: wins
    ]
    assert score_game(events) == GameScore(points={"bob": 48, "ann": 52}, winner="ann", victory=Victory.POINTS)


def test_an_overrun_recorded_by_the_judge_wins_whatever_the_points():
    events = [UnitScored("ann", TIGER, Taken.CAPTURED), Overrun("bob")]
    assert score_game(events) == GameScore(points={"ann": 42}, winner="bob", victory=Victory.OVERRUN)


def test_nothing_scores_after_the_game_is_won():
    with pytest.raises(ValueError, match="ended when bob won by overrun"):
        score_game([Overrun("bob"), UnitScored("ann", TIGER, Taken.DESTROYED)])


def test_no_events_no_points_no_winner():
    assert score_game([]) == GameScore(points={})
