"""Campaign fleet lists (seed 002, Campaign Rules: "Buying your fleet", "Making repairs and buying new ships")."""

import copy

import pytest

from rules.inputs.list_check import ListFileError
from rules.starship_command import FLEET_BUDGET, FleetList, FleetShip, check_fleet, check_list_data, fleet_from_data
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR

RULEBOOK = SEEDS_DIR / "002_802ef45c99732f6e.txt"


def fleet(*values, race="confederation", **kwargs):
    ships = tuple(FleetShip(f"Ship {i}", race, value) for i, value in enumerate(values))
    return FleetList(race=race, ships=ships, **kwargs)


def codes(report):
    return [v.code for v in report.violations]


@pytest.mark.skipif(not RULEBOOK.exists(), reason=DOCUMENTS_ABSENT)
def test_budget_is_the_rulebooks():
    assert f"Each player is given {FLEET_BUDGET} points to buy a fleet." in RULEBOOK.read_text()


@pytest.mark.parametrize(
    ("values", "expected", "banked"),
    [((50, 60, 40), [], 0), ((50, 60, 41), ["CAMPAIGN_OVER_BUDGET"], 0), ((50, 60), [], 40)],
)
def test_buying_your_fleet_150_points_at_value_cost_the_rest_banked(values, expected, banked):
    report = check_fleet(fleet(*values))
    assert codes(report) == expected
    assert (report.spent, report.banked) == (sum(values), banked)


def test_a_later_purchase_uses_the_budget_given():
    """After a battle: 50 points plus what was banked ("Making repairs and buying new ships")."""
    assert check_fleet(fleet(70, budget=70)).legal
    report = check_fleet(fleet(71, budget=70))
    assert codes(report) == ["CAMPAIGN_OVER_BUDGET"]
    assert report.violations[0].message == "The fleet costs 71 points, but only 70 points are available."


def test_campaign_rules_a_fleet_is_of_one_race():
    ships = (FleetShip("Saratoga", "confederation", 29), FleetShip("Kraken", "shiltons", 30))
    report = check_fleet(FleetList(race="confederation", ships=ships))
    assert [(v.code, v.card) for v in report.violations] == [("WRONG_RACE", "Kraken")]


def test_destroyed_ships_cannot_be_purchased_again():
    ships = (FleetShip("Saratoga", "confederation", 29), FleetShip("Repulse", "confederation", 25))
    report = check_fleet(FleetList(race="confederation", ships=ships, destroyed=frozenset({"Repulse"})))
    assert [(v.code, v.card) for v in report.violations] == [("SHIP_DESTROYED_EARLIER", "Repulse")]


def test_each_ship_card_is_one_ship():
    ships = (FleetShip("Saratoga", "confederation", 29),) * 2
    report = check_fleet(FleetList(race="confederation", ships=ships))
    assert [(v.code, v.card) for v in report.violations] == [("DUPLICATE_SHIP", "Saratoga")]


GOOD = {
    "race": "shiltons",
    "budget": 150,
    "ships": [{"name": "Kraken", "race": "shiltons", "value": 30}, {"name": "Puma", "race": "shiltons", "value": 22}],
    "destroyed": ["Tiger"],
}


def test_fleet_file_report_shape():
    assert check_list_data(GOOD).to_dict() == {
        "legal": True,
        "race": "shiltons",
        "ships": 2,
        "spent": 52,
        "budget": 150,
        "banked": 98,
        "violations": [],
    }


def test_fleet_file_budget_and_destroyed_are_optional():
    data = {"race": "shiltons", "ships": []}
    assert fleet_from_data(data) == FleetList(race="shiltons", ships=(), budget=150, destroyed=frozenset())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"race": "klingons"}, "race must be one of confederation, packtons"),
        ({"budget": -1}, "budget must be a whole number of at least 0, got -1"),
        ({"ships": [{"name": "Kraken", "race": "shiltons"}]}, "ships[0] is missing 'value'"),
        ({"ships": [{"name": "Kraken", "race": "shiltons", "value": "30"}]}, "ships[0].value must be a whole number"),
        ({"destroyed": "Tiger"}, "destroyed must be a JSON array, got a string"),
        ({"fleet": []}, "the file has unknown field 'fleet'"),
    ],
)
def test_fleet_file_errors_name_the_field(change, message):
    data = {**copy.deepcopy(GOOD), **change}
    with pytest.raises(ListFileError) as caught:
        fleet_from_data(data)
    assert str(caught.value).startswith(message)
