"""Reserves decks (seed 004, "Standard Game Setup": 100 points max, 80 points min, a starting hand of 4 units)."""

import copy

import pytest

from rules.inputs.list_check import ListFileError
from rules.spearpoint import (
    RESERVES_MAX_POINTS,
    RESERVES_MIN_POINTS,
    STARTING_HAND_UNITS,
    ReservesDeck,
    ReservesEntry,
    Unit,
    check_list_data,
    check_reserves,
    reserves_from_data,
)
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR

PLAYER_AID = SEEDS_DIR / "004_e915a1b7ebe39e30.txt"
RIFLES = Unit("Rifle Squad", "american", "infantry", 5)
SHERMAN = Unit("M4 Sherman", "american", "vehicle", 12, crew="tank-crew")
CREW = Unit("Tank Crew", "american", "crew", 2)
TIGER = Unit("Tiger I", "german", "vehicle", 21, crew="tank-crew")
HAND = ("Rifle Squad", "Rifle Squad", "M4 Sherman", "Tank Crew")


def reserves(points, *extra, hand=HAND):
    """An American deck of exactly ``points`` points: a Sherman, a crew, rifles, and 1-point filler."""
    rifles, filler = divmod(points - 14, 5)
    units = [ReservesEntry(SHERMAN, 1), ReservesEntry(CREW, 1), ReservesEntry(RIFLES, rifles)]
    if filler:
        units.append(ReservesEntry(Unit("Sniper", "american", "infantry", 1), filler))
    return ReservesDeck(side="american", units=(*units, *extra), starting_hand=tuple(hand))


def codes(report):
    return [v.code for v in report.violations]


@pytest.mark.skipif(not PLAYER_AID.exists(), reason=DOCUMENTS_ABSENT)
def test_limits_are_the_player_aids():
    text = PLAYER_AID.read_text()
    assert (
        f"Select Units for Reserves Deck ({RESERVES_MAX_POINTS} points max; {RESERVES_MIN_POINTS} points min.)" in text
    )
    assert f"Choose starting hand of {STARTING_HAND_UNITS} units" in text


@pytest.mark.parametrize(
    ("points", "expected"),
    [(79, ["RESERVES_UNDER_MIN"]), (80, []), (100, []), (101, ["RESERVES_OVER_MAX"])],
)
def test_setup_reserves_deck_between_80_and_100_points(points, expected):
    report = check_reserves(reserves(points))
    assert report.points == points
    assert codes(report) == expected


def test_setup_the_same_unit_may_be_taken_many_times():
    report = check_reserves(reserves(89))
    assert report.legal and report.units == 1 + 1 + 15


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (HAND[:3], ["STARTING_HAND_SIZE"]),
        (HAND, []),
        ((*HAND, "Rifle Squad"), ["STARTING_HAND_SIZE"]),
        ((), ["STARTING_HAND_SIZE"]),
    ],
)
def test_setup_starting_hand_of_exactly_4_units(hand, expected):
    report = check_reserves(reserves(90, hand=hand))
    assert codes(report) == expected
    assert report.starting_hand == len(hand)


def test_setup_the_starting_hand_comes_from_the_reserves_deck_copy_for_copy():
    report = check_reserves(reserves(90, hand=("M4 Sherman", "M4 Sherman", "Bazooka", "Tank Crew")))
    assert [(v.code, v.card) for v in report.violations] == [
        ("STARTING_HAND_NOT_IN_DECK", "M4 Sherman"),
        ("STARTING_HAND_NOT_IN_DECK", "Bazooka"),
    ]
    assert "holds 2 of M4 Sherman, but the Reserves Deck holds 1" in report.violations[0].message


def test_a_reserves_deck_is_one_sides():
    report = check_reserves(reserves(75, ReservesEntry(TIGER, 1)))
    assert report.points == 96
    assert [(v.code, v.card) for v in report.violations] == [("MIXED_SIDES", "Tiger I")]


GOOD = {
    "side": "german",
    "units": [
        {"name": "Tiger I", "side": "german", "type": "vehicle", "cost": 21, "count": 2, "crew": "tank-crew"},
        {"name": "Panzer Crew", "side": "german", "type": "crew", "cost": 3, "count": 2},
        {"name": "Grenadiers", "side": "german", "type": "infantry", "cost": 6, "count": 6},
    ],
    "starting_hand": ["Tiger I", "Panzer Crew", "Grenadiers", "Grenadiers"],
}


def test_reserves_file_report_shape():
    assert check_list_data(GOOD).to_dict() == {
        "legal": True,
        "points": 84,
        "units": 10,
        "starting_hand": 4,
        "violations": [],
    }
    assert reserves_from_data(GOOD).units[1].unit.crew == "none"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"side": "british"}, "side must be one of american, german; got 'british'"),
        ({"starting_hand": "Tiger I"}, "starting_hand must be a JSON array, got a string"),
        ({"starting_hand": [1]}, "starting_hand[0] must be a non-empty string, got a number"),
        ({"units": [{"name": "X", "side": "german", "type": "navy", "cost": 1, "count": 1}]}, "units[0].type must be"),
        (
            {"units": [{"name": "X", "side": "german", "type": "crew", "cost": 0, "count": 1}]},
            "units[0].cost must be a whole number of at least 1",
        ),
        (
            {"units": [{"name": "X", "side": "german", "type": "crew", "cost": 1, "count": 0}]},
            "units[0].count must be a whole number of at least 1",
        ),
        (
            {"units": [{"name": "X", "side": "german", "type": "crew", "cost": 1, "count": 1, "crew": "horse"}]},
            "units[0].crew must be one of none",
        ),
    ],
)
def test_reserves_file_errors_name_the_field(change, message):
    with pytest.raises(ListFileError) as caught:
        reserves_from_data({**copy.deepcopy(GOOD), **change})
    assert str(caught.value).startswith(message)
