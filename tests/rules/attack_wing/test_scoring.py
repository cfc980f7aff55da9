"""Seed 003, Suggested tournament format, "Fleet Points", and Resources rule 3."""

from __future__ import annotations

import pytest

from rules.attack_wing import bye, fleet_points, validate_fleet
from tests.rules.attack_wing.conftest import AKIRA, GALAXY, PROMETHEUS, fleet, ship


@pytest.fixture
def opponent(utopia):
    return validate_fleet(fleet(GALAXY, PROMETHEUS, AKIRA, resources=("R028",)), utopia, "wizkids-2016")  # 44/47/39 + 5


def test_full_wipe_scores_the_base_including_the_resource(opponent):
    result = fleet_points(opponent, destroyed=[0, 1, 2])
    assert (result.base, result.surviving, result.wiped_out, result.points) == (130, 0, True, 130)


def test_resource_does_not_score_without_a_wipe(opponent):
    result = fleet_points(opponent, destroyed=[0])
    assert result.surviving == 47 + 39 + 5 and result.points == 130 - 91


def test_removed_upgrades_score_and_the_base_is_a_parameter(opponent):
    result = fleet_points(opponent, destroyed=[], removed={2: ["W202"]}, base=120, bonus=3)
    assert (result.surviving, result.points) == (135 - 6, 0 + 3)  # never below 0, then the bonus


def test_resource_assigned_to_a_card_scores_with_that_card(utopia):
    klingon = ship("S172", "Cap053", "R010e")  # the Fleet Captain card carries the resource's SP
    opponent = validate_fleet(fleet(klingon, GALAXY, AKIRA, resources=("R010",)), utopia, "wizkids-2016")
    result = fleet_points(opponent, destroyed=[0])
    assert any(c.card == "R010e" and c.status == "destroyed" for c in result.cards)
    assert result.surviving == 42 + 39  # its crew discount made GALAXY 42; the resource line is 0 SP


def test_unknown_ship_or_card_is_refused(opponent):
    with pytest.raises(ValueError, match="no ship with index"):
        fleet_points(opponent, destroyed=[7])
    with pytest.raises(ValueError, match="no card"):
        fleet_points(opponent, destroyed=[], removed={0: ["W999"]})


def test_bye_is_60_fleet_points():
    assert bye().points == 60 and bye(50).points == 50
