"""Play deck and starting muster rules of the Wing Commander CCG manual (seed 001).

Each test names the rule it holds: the numbered "play deck" restrictions, the
Luck card section, and setup steps 2 and 3.
"""

import pytest

from rules.wing_commander import (
    MIN_DECK_CARDS,
    MUSTER_POINTS,
    STARTING_POWER_POINTS,
    TOURNAMENT_MAX_DECK_CARDS,
    Deck,
    DeckEntry,
    MusterCard,
    check_deck,
)
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR

MANUAL = SEEDS_DIR / "001_81b2e807a363bebf.txt"


def fighters(count, name="Arrow", side="terran"):
    return DeckEntry(name, "fighter", side, count)


def deck(*cards, side="terran", muster=()):
    return Deck(side=side, cards=cards, muster=tuple(muster))


def codes(report):
    return [violation.code for violation in report.violations]


@pytest.mark.skipif(not MANUAL.exists(), reason=DOCUMENTS_ABSENT)
def test_limits_are_the_manuals_own_numbers():
    text = MANUAL.read_text()
    assert f"A deck must have at least {MIN_DECK_CARDS} cards." in text
    assert f"For tournament play, a deck may not have more than {TOURNAMENT_MAX_DECK_CARDS} cards." in text
    assert f"Both Terran and Kilrathi players start with {STARTING_POWER_POINTS} Power Points." in text
    assert "Each player begins the game with four Mustering points." in text and MUSTER_POINTS == 4


@pytest.mark.parametrize(
    ("counted", "expected"),
    [(39, ["DECK_TOO_SMALL"]), (40, []), (100, []), (101, ["DECK_TOO_LARGE"])],
)
@pytest.mark.parametrize("carriers_and_nav_points", [0, 2])
def test_play_deck_restrictions_1_4_5_size_counts_without_carriers_and_nav_points(
    counted, expected, carriers_and_nav_points
):
    """Restriction 1 (at least 40), 4 (tournament: at most 100), 5 (carriers and nav points are not counted)."""
    outside = (
        [DeckEntry("Tiger's Claw", "carrier", "terran", 1), DeckEntry("Asteroid Field", "nav-point", "terran", 1)]
        if carriers_and_nav_points
        else []
    )
    report = check_deck(deck(fighters(counted), *outside))
    assert codes(report) == expected
    assert report.counted == counted
    assert report.excluded == carriers_and_nav_points
    assert report.excluded_cards == tuple(entry.name for entry in outside)
    assert report.legal is (expected == [])


def test_restriction_5_a_carrier_does_not_make_up_a_short_deck():
    report = check_deck(deck(fighters(39), DeckEntry("Tiger's Claw", "carrier", "terran", 1)))
    assert codes(report) == ["DECK_TOO_SMALL"]
    assert "39 cards" in report.violations[0].message


def test_restriction_4_applies_to_tournament_play_only():
    assert codes(check_deck(deck(fighters(101)), tournament=False)) == []
    assert codes(check_deck(deck(fighters(500)), tournament=False)) == []
    assert codes(check_deck(deck(fighters(39)), tournament=False)) == ["DECK_TOO_SMALL"]


def test_restriction_2_one_side_only_names_each_foreign_card():
    report = check_deck(deck(fighters(40), fighters(2, "Dralthi", "kilrathi"), fighters(1, "Darket", "kilrathi")))
    assert codes(report) == ["MIXED_SIDES", "MIXED_SIDES"]
    assert [v.card for v in report.violations] == ["Dralthi", "Darket"]
    assert "Kilrathi card" in report.violations[0].message


def test_restriction_2_kilrathi_deck_rejects_terran_cards():
    report = check_deck(deck(fighters(40, "Darket", "kilrathi"), fighters(1), side="kilrathi"))
    assert [(v.code, v.card) for v in report.violations] == [("MIXED_SIDES", "Arrow")]


def test_restriction_2_judges_the_play_deck_not_the_carrier_left_out_of_it():
    """Carrier and nav point cards "do not go into the play deck", so the side rule does not reach them."""
    report = check_deck(deck(fighters(40), DeckEntry("Sivar's Glory", "carrier", "kilrathi", 1)))
    assert report.legal


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ([1], []),
        ([2], ["DUPLICATE_LUCK"]),
        ([1, 1], ["DUPLICATE_LUCK"]),  # the same card on two lines of the list
    ],
)
def test_restriction_3_no_duplicate_luck_cards(lines, expected):
    luck = [DeckEntry("Capture Pilot", "luck", "terran", count) for count in lines]
    report = check_deck(deck(fighters(40), *luck))
    assert codes(report) == expected
    if expected:
        assert report.violations[0].card == "Capture Pilot"
        assert f"{sum(lines)} copies" in report.violations[0].message


def test_restriction_3_is_about_luck_cards_only():
    report = check_deck(deck(fighters(40), DeckEntry("Tight Loop", "maneuver", "terran", 8)))
    assert report.legal


def test_different_luck_cards_may_each_appear_once():
    luck = [DeckEntry(name, "luck", "terran", 1) for name in ("Capture Pilot", "Traitor", "Jammed")]
    assert check_deck(deck(fighters(40), *luck)).legal


@pytest.mark.parametrize(
    ("muster", "power_points", "expected"),
    [
        ([], 34, []),  # "Thus both players would begin the game with 34 power points."
        ([MusterCard("Darket", "fighter", 1, count=2)], 32, []),  # the manual's two Darkets: "gains two"
        ([MusterCard("Darket", "fighter", 1, count=4)], 30, []),  # "Four Darkets at 1 point each."
        ([MusterCard("Darket", "fighter", 1), MusterCard("Hobbes", "pilot", 3)], 30, []),
        ([MusterCard("Darket", "fighter", 1, count=3), MusterCard("Hobbes", "pilot", 2)], 30, ["MUSTER_OVER_LIMIT"]),
    ],
)
def test_setup_step_3_muster_of_at_most_four_points_unused_points_become_power_points(muster, power_points, expected):
    cards = (fighters(36, "Darket", "kilrathi"), DeckEntry("Hobbes", "pilot", "kilrathi", 4))
    report = check_deck(deck(*cards, side="kilrathi", muster=muster))
    assert codes(report) == expected
    assert report.starting_power_points == power_points


@pytest.mark.parametrize("card_type", ["fighter", "weapon", "pilot"])
def test_setup_step_3_fighters_weapons_and_pilots_may_be_mustered(card_type):
    cards = (fighters(39), DeckEntry("Card", card_type, "terran", 1))
    assert check_deck(deck(*cards, muster=[MusterCard("Card", card_type, 1)])).legal


@pytest.mark.parametrize("card_type", ["crew", "luck", "nav-point-modifier", "pilot-award", "secret-order"])
def test_setup_step_3_other_card_types_may_not_be_mustered(card_type):
    cards = (fighters(39), DeckEntry("Card", card_type, "terran", 1))
    report = check_deck(deck(*cards, muster=[MusterCard("Card", card_type, 1)]))
    assert [(v.code, v.card) for v in report.violations] == [("MUSTER_WRONG_TYPE", "Card")]


@pytest.mark.parametrize(("medals", "expected"), [(0, []), (1, ["MUSTER_MEDAL_COST"]), (2, ["MUSTER_MEDAL_COST"])])
def test_setup_step_3_no_card_with_a_medal_in_its_cost(medals, expected):
    cards = (fighters(39), DeckEntry("Maniac", "pilot", "terran", 1))
    report = check_deck(deck(*cards, muster=[MusterCard("Maniac", "pilot", 2, medals=medals)]))
    assert codes(report) == expected


@pytest.mark.parametrize(("mustered", "expected"), [(2, []), (3, ["MUSTER_NOT_IN_DECK"])])
def test_muster_cards_come_from_the_deck_copy_for_copy(mustered, expected):
    cards = (fighters(38, "Rapier"), fighters(2))
    report = check_deck(deck(*cards, muster=[MusterCard("Arrow", "fighter", 1, count=mustered)]))
    assert codes(report) == expected


def test_muster_card_split_over_lines_is_counted_together():
    muster = [MusterCard("Arrow", "fighter", 1), MusterCard("Arrow", "fighter", 1)]
    report = check_deck(deck(fighters(39, "Rapier"), fighters(1), muster=muster))
    assert [(v.code, v.card) for v in report.violations] == [("MUSTER_NOT_IN_DECK", "Arrow")]
    assert "brings out 2 of Arrow, but the play deck holds 1" in report.violations[0].message


def test_a_carrier_cannot_be_mustered_since_it_is_not_in_the_play_deck():
    cards = (fighters(40), DeckEntry("Tiger's Claw", "carrier", "terran", 1))
    report = check_deck(deck(*cards, muster=[MusterCard("Tiger's Claw", "carrier", 0)]))
    assert codes(report) == ["MUSTER_WRONG_TYPE", "MUSTER_NOT_IN_DECK"]


def test_every_broken_rule_is_reported_at_once_deck_rules_first():
    cards = (fighters(30), fighters(1, "Dralthi", "kilrathi"), DeckEntry("Jammed", "luck", "terran", 2))
    muster = [MusterCard("Blair", "pilot", 3, medals=1), MusterCard("Crewman", "crew", 2)]
    report = check_deck(deck(*cards, muster=muster))
    assert codes(report) == [
        "DECK_TOO_SMALL",
        "MIXED_SIDES",
        "DUPLICATE_LUCK",
        "MUSTER_OVER_LIMIT",
        "MUSTER_MEDAL_COST",
        "MUSTER_WRONG_TYPE",
        "MUSTER_NOT_IN_DECK",
        "MUSTER_NOT_IN_DECK",
    ]
    assert report.starting_power_points == STARTING_POWER_POINTS


@pytest.mark.parametrize("twin", ["capture pilot", "Capture  Pilot", " CAPTURE PILOT "])
def test_seed_001_luck_card_uniqueness_ignores_case_and_spaces(twin):
    """ "No more than one of any Luck card may appear in a player's deck": a second spelling is a second copy."""
    report = check_deck(
        deck(
            fighters(MIN_DECK_CARDS),
            DeckEntry("Capture Pilot", "luck", "terran", 1),
            DeckEntry(twin, "luck", "terran", 1),
        )
    )
    assert codes(report) == ["DUPLICATE_LUCK"]
    assert "Capture Pilot" in report.violations[0].message
