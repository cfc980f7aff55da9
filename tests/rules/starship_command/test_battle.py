"""Battle scoring and the end of the game (seed 002: "Scoring Points", "Victory – Winning the Game",
"Self Destruct", "The Confederation" (Warp), "Retreating", "Carriers", "Boarding Parties")."""

import pytest

from rules.starship_command import (
    PRESETS,
    Fate,
    ShipCard,
    ShipFate,
    VictoryCondition,
    battle_points,
    destroyed_value,
    game_standing,
)
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR
from tests.rules.starship_command.cards import SARATOGA, ship

RULEBOOK = SEEDS_DIR / "002_802ef45c99732f6e.txt"
KRAKEN = ship("Kraken", "shiltons", 30, shields=12, structure=20)
CARRIER = ship("Hive", "packtons", 35, shields=15, structure=25, fighters=3, ship_class="carrier")


def test_scoring_points_destroyed_enemy_ships_score_their_value_for_the_destroyer():
    """ "Every ship that a player destroys is worth a certain number of points ... 29 points for the Saratoga"."""
    fates = [ShipFate(SARATOGA, owner="ann", fate=Fate.DESTROYED, shield_damage=20, destroyed_by="cat")]
    assert battle_points(fates) == {"ann": 0, "cat": 29}


def test_scoring_points_survivors_score_value_minus_structure_damage_not_shield_damage():
    fates = [
        ShipFate(SARATOGA, owner="ann", fate=Fate.SURVIVED, shield_damage=20, structure_damage=15),
        ShipFate(KRAKEN, owner="cat", fate=Fate.SURVIVED, shield_damage=11),
    ]
    assert battle_points(fates) == {"ann": 29 - 15, "cat": 30}


def test_scoring_points_a_survivor_worth_less_than_its_damage_scores_below_zero():
    """The rule subtracts the Structure damage with no floor (Campaign Victory is where a floor appears)."""
    frail = ship("Frail", value=5, shields=2, structure=12)
    assert battle_points([ShipFate(frail, owner="ann", fate=Fate.SURVIVED, shield_damage=2, structure_damage=11)]) == {
        "ann": -6
    }


@pytest.mark.parametrize("fate", [Fate.RETREATED, Fate.WARPED_OUT])
def test_retreated_and_warped_out_ships_count_as_surviving_damage_included(fate):
    fates = [ShipFate(SARATOGA, owner="ann", fate=fate, shield_damage=20, structure_damage=4)]
    assert battle_points(fates) == {"ann": 25}


def test_self_destruct_no_one_receives_points():
    fates = [ShipFate(SARATOGA, owner="ann", fate=Fate.SELF_DESTRUCTED, shield_damage=20, structure_damage=10)]
    assert battle_points(fates) == {"ann": 0}


def test_carriers_destroyed_carrier_scores_its_value_plus_the_squadrons_still_aboard():
    fate = ShipFate(CARRIER, owner="dan", fate=Fate.DESTROYED, destroyed_by="bob", fighters_aboard=(4, 5))
    assert destroyed_value(fate) == 35 + 4 + 5
    assert battle_points([fate]) == {"dan": 0, "bob": 44}


def test_boarding_parties_a_captured_survivor_scores_for_its_captor():
    fates = [ShipFate(KRAKEN, owner="cat", fate=Fate.SURVIVED, shield_damage=12, structure_damage=5, captured_by="ann")]
    assert battle_points(fates) == {"cat": 0, "ann": 25}


def test_a_captured_ship_destroyed_by_its_old_owner_scores_for_him():
    fate = ShipFate(KRAKEN, owner="cat", fate=Fate.DESTROYED, captured_by="ann", destroyed_by="cat")
    assert battle_points([fate]) == {"cat": 30, "ann": 0}


def test_a_battle_adds_up_every_players_ships():
    fates = [
        ShipFate(SARATOGA, owner="ann", fate=Fate.SURVIVED, shield_damage=20, structure_damage=9),
        ShipFate(KRAKEN, owner="cat", fate=Fate.DESTROYED, destroyed_by="ann"),
        ShipFate(CARRIER, owner="bob", fate=Fate.WARPED_OUT, shield_damage=3),
    ]
    assert battle_points(fates) == {"ann": 20 + 30, "cat": 0, "bob": 35}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"fate": Fate.DESTROYED}, "names who destroyed it"),
        ({"fate": Fate.SURVIVED, "destroyed_by": "cat"}, "names who destroyed it"),
        ({"fate": Fate.DESTROYED, "destroyed_by": "ann"}, "destroyed by an enemy"),
        ({"fate": Fate.SURVIVED, "captured_by": "ann"}, "its own owner"),
        ({"fate": Fate.SURVIVED, "shield_damage": 21}, "shield damage"),
        ({"fate": Fate.SURVIVED, "shield_damage": -1}, "shield damage"),
        ({"fate": Fate.SURVIVED, "structure_damage": 24}, "less Structure damage"),
        ({"fate": Fate.SURVIVED, "fighters_aboard": (3,)}, "only a destroyed carrier"),
    ],
)
def test_impossible_fates_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ShipFate(SARATOGA, owner="ann", **kwargs)


def test_a_carrier_cannot_lose_more_squadrons_than_it_carries():
    with pytest.raises(ValueError, match="at most 3"):
        ShipFate(CARRIER, owner="dan", fate=Fate.DESTROYED, destroyed_by="bob", fighters_aboard=(1, 1, 1, 1))


def test_ship_card_refuses_unknown_race_and_weapons():
    with pytest.raises(ValueError, match="race"):
        ShipCard("X", "klingons", "cruiser", 10, 5, 5, 5)
    with pytest.raises(ValueError, match="unknown weapons"):
        ShipCard("X", "packtons", "cruiser", 10, 5, 5, 5, weapons=("disruptor",))


@pytest.mark.skipif(not RULEBOOK.exists(), reason=DOCUMENTS_ABSENT)
def test_presets_are_the_rulebooks_recommendations():
    assert (
        "We recommend either 2 battles or 250 points for a shorter game (45-60 Minutes) or 4 battles or 500 points "
        "for a longer game (2 hours)." in RULEBOOK.read_text()
    )
    presets = {name: (condition.battles, condition.points) for name, condition in PRESETS.items()}
    assert presets == {
        "short-battles": (2, None),
        "short-points": (None, 250),
        "long-battles": (4, None),
        "long-points": (None, 500),
    }


def test_victory_after_a_predetermined_number_of_battles_the_most_points_wins():
    condition = PRESETS["short-battles"]
    first = game_standing([{"ann": 120, "cat": 90}], condition)
    assert (first.over, first.winners, first.battles_played) == (False, (), 1)
    final = game_standing([{"ann": 120, "cat": 90}, {"ann": 10, "cat": 70}], condition)
    assert (final.over, final.winners, final.totals) == (True, ("cat",), {"ann": 130, "cat": 160})


@pytest.mark.parametrize(("score", "over"), [(249, False), (250, True)])
def test_victory_the_first_to_reach_the_points_target_wins(score, over):
    standing = game_standing([{"ann": 100, "cat": 60}, {"ann": score - 100, "cat": 60}], PRESETS["short-points"])
    assert standing.over is over
    assert standing.winners == (("ann",) if over else ())


def test_victory_when_several_pass_the_target_in_one_battle_the_most_points_wins():
    standing = game_standing([{"ann": 260, "cat": 300, "bob": 10}], PRESETS["short-points"])
    assert standing.winners == ("cat",)


def test_victory_a_tie_at_the_end_is_shared():
    standing = game_standing([{"ann": 100, "cat": 100}, {"ann": 50, "cat": 50}], PRESETS["short-battles"])
    assert standing.winners == ("ann", "cat")


def test_with_both_limits_the_game_ends_at_whichever_comes_first():
    condition = VictoryCondition(battles=4, points=500)
    assert game_standing([{"ann": 510, "cat": 0}], condition).over
    assert not game_standing([{"ann": 100, "cat": 0}] * 3, condition).over
    assert game_standing([{"ann": 100, "cat": 0}] * 4, condition).winners == ("ann",)


def test_a_battle_after_the_game_ended_is_refused():
    with pytest.raises(ValueError, match="ended after battle 1"):
        game_standing([{"ann": 300}, {"cat": 300}], PRESETS["short-points"])


@pytest.mark.parametrize("kwargs", [{}, {"battles": 0}, {"points": 0}])
def test_a_game_needs_a_way_to_end(kwargs):
    with pytest.raises(ValueError):
        VictoryCondition(**kwargs)
