"""Deck services: building decks from the catalog, the stored file, import and export.

The rules themselves are tested under ``tests/rules``; here the point is that a
deck built or imported on the site is the very file the rules judge.
"""

import json

import pytest

from fleets.decks import services
from fleets.decks.deck_kind import get_kind
from fleets.decks.services import DeckError, deck_add_card, deck_create, deck_import, deck_set_line
from fleets.decks.text_format import export_text
from fleets.models.deck import Deck
from games.wing_commander.models import WingCommanderCard
from rules.spearpoint import check_list_data as check_reserves_file
from rules.wing_commander import check_deck_data

from .factories import SpearpointUnitFactory, StarshipCommandShipFactory

pytestmark = pytest.mark.django_db


def codes(deck):
    return [violation.code for violation in get_kind(deck.game).report(deck.content).violations]


@pytest.fixture
def terran_deck(player):
    return deck_create(owner=player, game="wing-commander", name="Blue Squadron", side="Terran")


def test_a_new_deck_is_the_empty_file_of_its_game(terran_deck):
    assert terran_deck.content == {"side": "terran", "cards": [], "muster": []}
    assert codes(terran_deck) == ["EMPTY_LIST"]
    assert len(terran_deck.code) == 8


def test_play_deck_restriction_1_at_least_40_cards(terran_deck, arrow):
    """Seed 001, play deck restriction 1: "A deck must have at least 40 cards"."""
    deck = deck_add_card(deck=terran_deck, card=arrow, count=39)
    assert codes(deck) == ["DECK_TOO_SMALL"]
    deck = deck_add_card(deck=deck, card=arrow, count=1)
    assert deck.content["cards"] == [{"name": "Arrow", "type": "fighter", "side": "terran", "count": 40}]
    assert codes(deck) == []
    assert check_deck_data(deck.content).legal  # the stored content is the check_deck file


def test_setup_step_3_muster_is_drawn_from_the_catalog_costs(terran_deck, arrow):
    """Seed 001, setup step 3: the muster's total value "must not exceed foure" (Arrow costs 2)."""
    deck = deck_add_card(deck=terran_deck, card=arrow, count=40)
    deck = deck_set_line(deck=deck, name="Arrow", side="terran", count=40, chosen=3)
    assert deck.content["muster"] == [{"name": "Arrow", "type": "fighter", "cost": 2, "medals": 0, "count": 3}]
    assert codes(deck) == ["MUSTER_OVER_LIMIT"]
    deck = deck_set_line(deck=deck, name="Arrow", side="terran", count=40, chosen=1)
    assert get_kind(deck.game).report(deck.content).starting_power_points == 32


def test_removing_a_line_removes_its_muster(terran_deck, arrow):
    deck = deck_add_card(deck=terran_deck, card=arrow, count=4)
    deck = deck_set_line(deck=deck, name="Arrow", side="terran", count=4, chosen=1)
    deck = deck_set_line(deck=deck, name="Arrow", side="terran", count=0)
    assert deck.content == {"side": "terran", "cards": [], "muster": []}


def test_a_card_without_a_known_cost_cannot_be_mustered(terran_deck):
    maniac = WingCommanderCard.objects.get(name="Maniac")  # the manual states no cost for him
    deck = deck_add_card(deck=terran_deck, card=maniac, count=1)
    with pytest.raises(DeckError, match="no full mustering cost"):
        deck_set_line(deck=deck, name="Maniac", side="terran", count=1, chosen=1)
    deck.refresh_from_db()
    assert deck.content["muster"] == []


def test_a_card_of_unknown_side_cannot_be_added(terran_deck):
    with pytest.raises(DeckError, match="cannot go into"):
        deck_add_card(deck=terran_deck, card=WingCommanderCard.objects.get(name="Guns Jammed"), count=1)


def test_changing_the_side_shows_mixed_sides(terran_deck, arrow):
    """Seed 001, play deck restriction 2: a Kilrathi deck uses only Kilrathi cards."""
    deck = deck_add_card(deck=terran_deck, card=arrow, count=40)
    deck = services.deck_update_details(deck=deck, side="kilrathi", name="Red")
    assert deck.name == "Red"
    assert codes(deck) == ["MIXED_SIDES"]


def test_the_code_depends_on_the_deck_and_its_list_only(player, other_player, arrow):
    """The same list reached another way keeps its code; another player's identical list has another."""
    deck = deck_add_card(
        deck=deck_create(owner=player, game="wing-commander", name="A", side="terran"), card=arrow, count=2
    )
    code = deck.code
    deck = deck_add_card(deck=deck, card=arrow, count=1)
    assert deck.code != code
    assert deck_set_line(deck=deck, name="Arrow", side="terran", count=2).code == code
    twin = deck_create(owner=other_player, game="wing-commander", name="B", side="terran")
    twin = deck_add_card(deck=deck_add_card(deck=twin, card=arrow, count=1), card=arrow, count=1)
    assert twin.content == deck_set_line(deck=deck, name="Arrow", side="terran", count=2).content
    assert twin.code != code


def test_starship_fleet_duplicate_ship_and_budget(player, saratoga):
    """Seed 002, Campaign Rules: 150 points to buy a fleet; each ship card is one ship."""
    fleet = deck_create(owner=player, game="starship-command", name="First fleet", side="confederation")
    fleet = deck_add_card(deck=fleet, card=saratoga, count=1)
    assert codes(fleet) == []
    fleet = deck_set_line(deck=fleet, name="Saratoga", side="confederation", count=2)
    assert codes(fleet) == ["DUPLICATE_SHIP"]
    fleet = services.deck_update_details(deck=fleet, budget=40, destroyed=["Repulse"])
    assert fleet.content["budget"] == 40 and fleet.content["destroyed"] == ["Repulse"]
    assert sorted(codes(fleet)) == ["CAMPAIGN_OVER_BUDGET", "DUPLICATE_SHIP"]


def test_spearpoint_reserves_and_starting_hand(player, sherman, rifle_squad):
    """Seed 004, Standard Game Setup: "100 points max; 80 points min." and "starting hand of 4 units"."""
    deck = deck_create(owner=player, game="spearpoint", name="Easy Company", side="american")
    deck = deck_add_card(deck=deck, card=sherman, count=4)
    deck = deck_add_card(deck=deck, card=rifle_squad, count=6)
    assert codes(deck) == ["STARTING_HAND_SIZE"]
    deck = deck_set_line(deck=deck, name="M4 Sherman", side="american", count=4, chosen=2)
    deck = deck_set_line(deck=deck, name="Rifle Squad", side="american", count=6, chosen=2)
    assert codes(deck) == []
    assert deck.content["starting_hand"] == ["M4 Sherman", "M4 Sherman", "Rifle Squad", "Rifle Squad"]
    assert check_reserves_file(deck.content).points == 84


def test_a_count_beyond_the_cap_is_refused(terran_deck, arrow):
    with pytest.raises(DeckError):
        deck_add_card(deck=terran_deck, card=arrow, count=1000)


# --- files ---------------------------------------------------------------------------------------


def test_json_export_imports_back_to_the_same_deck(terran_deck, arrow, capture_pilot, other_player):
    deck = deck_add_card(deck=terran_deck, card=arrow, count=39)
    deck = deck_add_card(deck=deck, card=capture_pilot, count=1)
    deck = deck_set_line(deck=deck, name="Arrow", side="terran", count=39, chosen=2)
    exported = json.dumps(get_kind(deck.game).canonical(deck.content)).encode()
    copy = deck_import(owner=other_player, game="wing-commander", data=exported, name="Copy")
    assert copy.content == deck.content and copy.code != deck.code  # another deck: its own code


def test_text_export_imports_back_to_the_same_deck(player, sherman, rifle_squad):
    german = SpearpointUnitFactory(name="Rifle Squad", side="german", cost=5)
    deck = deck_create(owner=player, game="spearpoint", name="Mixed", side="american")
    for card, count in ((sherman, 4), (rifle_squad, 5), (german, 1)):
        deck = deck_add_card(deck=deck, card=card, count=count)
    deck = deck_set_line(deck=deck, name="Rifle Squad", side="american", count=5, chosen=4)
    text = export_text(get_kind("spearpoint"), deck.name, deck.content)
    assert "1 Rifle Squad (german)" in text
    copy = deck_import(owner=player, game="spearpoint", data=text.encode())
    assert copy.content == deck.content and copy.code != deck.code  # another deck: its own code
    assert copy.name.startswith("Imported reserves deck")


def test_text_fleet_keeps_budget_and_destroyed(player, saratoga):
    text = "# a fleet\nrace: Confederation\nbudget: 200\nSaratoga\ndestroyed:\nRepulse\n"
    fleet = deck_import(owner=player, game="starship-command", data=text.encode(), name="Fleet")
    assert fleet.content == {
        "race": "confederation",
        "budget": 200,
        "ships": [{"name": "Saratoga", "race": "confederation", "value": 29}],
        "destroyed": ["Repulse"],
    }
    assert export_text(get_kind("starship-command"), "Fleet", fleet.content).splitlines()[1:] == [
        "race: confederation",
        "budget: 200",
        "1 Saratoga",
        "destroyed:",
        "1 Repulse",
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"side": "terran", "cards": [', "not valid JSON"),
        (b"[" * 100_000, "too deeply nested"),
        (b'{"side": "terran", "cards": [], "sideboard": []}', "unknown field 'sideboard'"),
        (b'{"side": "terran", "cards": [{"name": "Arrow", "type": "fighter", "side": "terran", "count": 0}]}', "count"),
        (b'{"side": "terran", "cards": [{"name": "Arow", "type": "fighter", "side": "terran", "count": 40}]}', "Arow"),
        (
            b'{"side": "terran", "cards": [{"name": "Arrow", "type": "fighter", "side": "terran", "count": 40}],'
            b' "muster": [{"name": "Arrow", "type": "fighter", "cost": 0, "count": 2}]}',
            "the catalog gives cost 2, the file says 0",
        ),
        (
            b'{"side": "terran", "cards": [{"name": "Arrow", "type": "fighter", "side": "terran", "count": 100000}]}',
            "at most 99999",
        ),
        (b"\xff\xfe{}", "not UTF-8"),
        (b" " * (services.MAX_IMPORT_BYTES + 1), "larger than"),
        (b"side: terran\n40 Arow\n", "line 2: no card named"),
        (b"40 Arrow\n", "line 1: the text starts with"),
        (b"", "the text is empty"),
    ],
)
def test_bad_or_hostile_files_create_nothing(player, arrow, data, message):
    with pytest.raises(DeckError, match=message.replace("(", r"\(")):
        deck_import(owner=player, game="wing-commander", data=data, name="Bad")
    assert not Deck.objects.exists()


def test_hostile_json_reports_nesting_not_a_crash(player):
    with pytest.raises(DeckError, match="cannot be imported"):
        deck_import(owner=player, game="wing-commander", data=b'{"side": ' + b"[" * 50_000 + b"]" * 50_000 + b"}")


def test_a_file_cannot_lower_a_units_cost(player, sherman):
    data = {
        "side": "american",
        "units": [
            {"name": "M4 Sherman", "side": "american", "type": "vehicle", "cost": 1, "count": 80, "crew": "tank-crew"}
        ],
        "starting_hand": [],
    }
    with pytest.raises(DeckError, match="the catalog gives cost 12, the file says 1"):
        deck_import(owner=player, game="spearpoint", data=json.dumps(data).encode())


def test_a_ship_of_another_name_is_reported_with_its_place(player):
    StarshipCommandShipFactory(name="Repulse")
    data = {"race": "confederation", "ships": [{"name": "Enterprise", "race": "confederation", "value": 1}]}
    with pytest.raises(DeckError, match=r"ships\[0\] Enterprise: no such ship"):
        deck_import(owner=player, game="starship-command", data=json.dumps(data).encode())
