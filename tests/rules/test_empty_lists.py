"""No game plays an empty list: an empty deck, fleet or reserves deck is one clear violation, never "legal".

Seed 001 (Wing Commander, play deck restriction 1: at least 40 cards), seed 002
(Starship Command, Campaign Rules: a player buys a fleet to fight with) and seed 004
(Spearpoint 1943, Standard Game Setup: 80-100 points of units).
"""

from rules.inputs.list_check import EMPTY_LIST
from rules.spearpoint import ReservesDeck, check_reserves
from rules.starship_command import FleetList, check_fleet
from rules.wing_commander import Deck, DeckEntry, check_deck


def codes(report):
    return [violation.code for violation in report.violations]


def test_seed_001_an_empty_wing_commander_deck_is_illegal_in_casual_play_too():
    for tournament in (True, False):
        report = check_deck(Deck(side="terran", cards=()), tournament=tournament)
        assert codes(report) == [EMPTY_LIST]
        assert "empty" in report.violations[0].message


def test_seed_001_a_deck_of_carriers_only_is_too_small_not_empty():
    report = check_deck(Deck(side="terran", cards=(DeckEntry("Tiger's Claw", "carrier", "terran", 1),)))
    assert codes(report) == ["DECK_TOO_SMALL"]


def test_seed_002_an_empty_starship_command_fleet_is_illegal():
    report = check_fleet(FleetList(race="confederation", ships=()))
    assert not report.legal
    assert codes(report) == [EMPTY_LIST]
    assert report.violations[0].message == "The fleet is empty; buy at least one ship."


def test_seed_004_an_empty_spearpoint_reserves_deck_is_illegal_with_one_message():
    report = check_reserves(ReservesDeck(side="american", units=(), starting_hand=()))
    assert EMPTY_LIST in codes(report)
    assert "RESERVES_UNDER_MIN" not in codes(report)
