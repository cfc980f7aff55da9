"""Reading the Wing Commander deck file: a good file becomes a deck, a bad one a one-line error naming the field."""

import copy

import pytest

from rules.inputs.list_check import ListFileError
from rules.wing_commander import Deck, DeckEntry, MusterCard, check_deck_data, deck_from_data

GOOD = {
    "side": "terran",
    "cards": [
        {"name": "Arrow", "type": "fighter", "side": "terran", "count": 12},
        {"name": "Rapier", "type": "fighter", "side": "terran", "count": 29},
        {"name": "Tiger's Claw", "type": "carrier", "side": "terran", "count": 1},
        {"name": "Asteroids", "type": "nav-point", "side": "terran", "count": 1},
    ],
    "muster": [{"name": "Arrow", "type": "fighter", "cost": 2, "medals": 0, "count": 1}],
}


def with_change(path, value):
    """GOOD with the value at ``path`` (keys and indexes) replaced, or removed when ``value`` is ``...``."""
    data = copy.deepcopy(GOOD)
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return data


def test_good_file_reads_into_a_deck():
    deck = deck_from_data(GOOD)
    assert deck == Deck(
        side="terran",
        cards=(
            DeckEntry("Arrow", "fighter", "terran", 12),
            DeckEntry("Rapier", "fighter", "terran", 29),
            DeckEntry("Tiger's Claw", "carrier", "terran", 1),
            DeckEntry("Asteroids", "nav-point", "terran", 1),
        ),
        muster=(MusterCard("Arrow", "fighter", 2, 0, 1),),
    )


def test_good_file_report_has_the_documented_shape():
    assert check_deck_data(GOOD).to_dict() == {
        "legal": True,
        "counted": 41,
        "excluded": 2,
        "starting_power_points": 32,
        "violations": [],
    }


def test_casual_play_lifts_the_maximum():
    big = with_change(["cards", 1, "count"], 100)
    assert [v.code for v in check_deck_data(big).violations] == ["DECK_TOO_LARGE"]
    assert check_deck_data(big, tournament=False).legal


def test_muster_is_optional_and_its_medals_and_count_default():
    data = with_change(["muster"], [{"name": "Arrow", "type": "fighter", "cost": 1}])
    assert deck_from_data(data).muster == (MusterCard("Arrow", "fighter", 1, medals=0, count=1),)
    assert deck_from_data(with_change(["muster"], ...)).muster == ()


def test_choices_ignore_case_and_surrounding_spaces_names_keep_their_case():
    data = with_change(["cards", 0], {"name": " Arrow ", "type": "Fighter", "side": " TERRAN", "count": 12})
    assert deck_from_data(data).cards[0] == DeckEntry("Arrow", "fighter", "terran", 12)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["side"], "neutral", "side must be one of terran, kilrathi; got 'neutral'"),
        (["side"], ..., "the file is missing 'side'"),
        (["cards"], ..., "the file is missing 'cards'"),
        (["cards"], {"Arrow": 12}, "cards must be a JSON array, got an object"),
        (["cards", 0], "Arrow", "cards[0] must be a JSON object, got a string"),
        (["cards", 1, "side"], "neutral", "cards[1].side must be one of terran, kilrathi; got 'neutral'"),
        (["cards", 1, "type"], "starship", "cards[1].type must be one of fighter, pilot"),
        (["cards", 1, "count"], 0, "cards[1].count must be a whole number of at least 1, got 0"),
        (["cards", 1, "count"], -3, "cards[1].count must be a whole number of at least 1, got -3"),
        (["cards", 1, "count"], "12", "cards[1].count must be a whole number of at least 1, got a string"),
        (["cards", 1, "count"], 2.5, "cards[1].count must be a whole number of at least 1, got 2.5"),
        (["cards", 1, "count"], True, "cards[1].count must be a whole number of at least 1, got a boolean"),
        (["cards", 1, "count"], None, "cards[1].count must be a whole number of at least 1, got null"),
        (["cards", 1, "name"], "  ", "cards[1].name must be a non-empty string, got an empty string"),
        (["cards", 1, "name"], 7, "cards[1].name must be a non-empty string, got a number"),
        (["cards", 1, "cont"], 7, "cards[1] has unknown field 'cont' (expected: name, type, side, count)"),
        (["mustr"], [], "the file has unknown field 'mustr' (expected: side, cards, muster)"),
        (["muster", 0, "cost"], -1, "muster[0].cost must be a whole number of at least 0, got -1"),
        (["muster", 0, "medals"], [], "muster[0].medals must be a whole number of at least 0, got an array"),
        (["muster", 0, "count"], 0, "muster[0].count must be a whole number of at least 1, got 0"),
    ],
)
def test_bad_field_is_refused_with_a_one_line_message_naming_it(path, value, message):
    with pytest.raises(ListFileError) as caught:
        deck_from_data(with_change(path, value))
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("data", [[], "deck", 3, None])
def test_a_file_that_is_not_an_object_is_refused(data):
    with pytest.raises(ListFileError, match="the file must be a JSON object"):
        deck_from_data(data)
