"""The organizers' catalog pages: list, add, edit, retire, and CSV in (previewed, all or nothing) and out.

Who may open each page is in ``tests/permissions/`` (organizers and
site administrators); here, what the pages do, through the real database.
"""

import base64

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.csv_safe import safe_cell
from fleets.decks.selectors import offered_cards
from fleets.decks.services import deck_add_card, deck_create
from fleets.models.deck import Deck
from games.spearpoint import KEY as SPEARPOINT
from games.spearpoint.models import SpearpointUnit
from games.starship_command import KEY as STARSHIP_COMMAND
from games.starship_command.models import StarshipCommandShip
from games.wing_commander import KEY as WING_COMMANDER
from games.wing_commander.models import WingCommanderCard
from tournaments.games import event_game

pytestmark = pytest.mark.django_db


def upload(text: bytes | str, name="cards.csv"):
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text)


def test_the_organizers_menu_links_the_catalogs_once(client, organizer, player):
    client.force_login(organizer)
    html = client.get(reverse("fleets:decks:catalog")).text
    assert html.count(f'href="{reverse("fleets:decks:catalog")}"') == 1
    for game in (WING_COMMANDER, STARSHIP_COMMAND, SPEARPOINT):
        assert reverse("fleets:decks:catalog_list", args=[game]) in html
    client.force_login(player)
    assert reverse("fleets:decks:catalog") not in client.get(reverse("fleets:decks:list")).text


def test_seed_001_an_organizer_adds_a_wing_commander_card_with_every_field(client, organizer):
    client.force_login(organizer)
    page = client.get(reverse("fleets:decks:catalog_list", args=[WING_COMMANDER])).text
    assert "Arrow" in page and "Sample from the rulebook" in page
    assert "Counted in the play deck; may be in the starting muster" in page  # Arrow: 2 points, no medal
    assert "Counted in the play deck; one per deck" in page  # Capture Pilot, a Luck card
    response = client.post(
        reverse("fleets:decks:catalog_add", args=[WING_COMMANDER]),
        {"name": "Rapier", "side": "terran", "card_type": "fighter", "mustering_cost": "3", "medal_cost": "1"},
        follow=True,
    )
    assert "“Rapier” added" in response.text
    card = WingCommanderCard.objects.get(name="Rapier")
    assert (card.side, card.card_type, card.mustering_cost, card.medal_cost) == ("terran", "fighter", 3, 1)
    again = client.post(reverse("fleets:decks:catalog_add", args=[WING_COMMANDER]), {"name": "Rapier"})
    assert again.status_code == 200 and "already exists" in again.text


def test_seed_002_a_ship_is_edited_as_the_rules_allow(client, organizer):
    client.force_login(organizer)
    saratoga = StarshipCommandShip.objects.get(name="Saratoga")
    url = reverse("fleets:decks:catalog_edit", args=[STARSHIP_COMMAND, saratoga.pk])
    assert 'value="phaser-1; phaser-2; plasma"' in client.get(url).text
    fields = {
        "name": "Saratoga",
        "race": "confederation",
        "ship_class": "Saratoga class heavy cruiser",
        "value": "29",
        "shields": "20",
        "structure": "0",
        "crippled": "32",
        "weapons": "phaser-1; plasma",
        "fighter_capacity": "2",
        "notes": saratoga.notes,
    }
    assert "at least 1 Structure point" in client.post(url, fields).text
    client.post(url, {**fields, "structure": "24"})
    saratoga.refresh_from_db()
    assert saratoga.weapons == ["phaser-1", "plasma"] and saratoga.fighter_capacity == 2


def test_control_characters_are_refused_in_the_form(client, organizer):
    client.force_login(organizer)
    response = client.post(
        reverse("fleets:decks:catalog_add", args=[SPEARPOINT]),
        {"name": "Bad\u202eName", "side": "german", "unit_type": "infantry", "cost": "5", "crew": "none"},
    )
    assert response.status_code == 200 and "direction control" in response.text
    assert not SpearpointUnit.objects.filter(side="german", cost=5, unit_type="infantry").exists()


def test_a_retired_card_is_offered_no_more_but_decks_holding_it_keep_it(client, organizer, player):
    arrow = WingCommanderCard.objects.get(name="Arrow")
    deck = deck_add_card(
        deck=deck_create(owner=player, game=WING_COMMANDER, name="Blue", side="terran"), card=arrow, count=40
    )
    client.force_login(organizer)
    client.post(reverse("fleets:decks:catalog_retire", args=[WING_COMMANDER, arrow.pk]), {"action": "retire"})
    arrow.refresh_from_db()
    assert arrow.retired
    assert arrow not in offered_cards(Deck.objects.get(pk=deck.pk))
    assert event_game(WING_COMMANDER).deck_problems("tournament", "terran", deck.content) == []
    retired_page = client.get(reverse("fleets:decks:catalog_list", args=[WING_COMMANDER]) + "?retired=1").text
    assert "Arrow" in retired_page
    client.post(reverse("fleets:decks:catalog_retire", args=[WING_COMMANDER, arrow.pk]), {"action": "restore"})
    arrow.refresh_from_db()
    assert not arrow.retired


def test_seed_004_a_csv_is_previewed_then_imported(client, organizer):
    client.force_login(organizer)
    url = reverse("fleets:decks:catalog_csv", args=[SPEARPOINT])
    template = client.get(reverse("fleets:decks:catalog_template", args=[SPEARPOINT]))
    assert template.text.startswith("name,side,type,cost,crew,notes")
    csv = "name,side,type,cost\nPanzer IV,german,vehicle,15\n"
    preview = client.post(url, {"file": upload(csv)})
    assert "Nothing is saved yet" in preview.text and "add “Panzer IV”" in preview.text
    assert not SpearpointUnit.objects.filter(name="Panzer IV").exists()
    carried = base64.b64encode(csv.encode()).decode()
    assert carried in preview.text
    response = client.post(url, {"data": carried, "confirm": "1"}, follow=True)
    assert "1 added, 0 updated" in response.text
    assert SpearpointUnit.objects.get(name="Panzer IV").cost == 15
    update = client.post(url, {"file": upload("name,side,type,cost\nPanzer IV,german,vehicle,16\n")})
    assert "update “Panzer IV” (cost)" in update.text


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        (b"name,side,type,cost\nSquad,mars,infantry,5\n", "Line 2: side"),
        (b"name,side,type,cost\nSquad,german,infantry,-5\n", "Line 2: cost"),
        (b"name,side,type,cost\nSquad,german,infantry,5\nSquad,german,infantry,6\n", "the same name, side as line 2"),
        (b"name,side,cost\nSquad,german,5\n", "missing column &#x27;type&#x27;"),
        (b"name,side,type,cost\nSqu\xe9ad,german,infantry,5\n", "not UTF-8"),
        (b"name,side,type,cost\n=HYPERLINK(1),german,infantry,5\n", "starts a spreadsheet formula"),
        (b"name,side,type,cost\n@SUM(A1),german,infantry,5\n", "starts a spreadsheet formula"),
        (b"name,side,type,cost\nSq\x00uad,german,infantry,5\n", "control character"),
        (b"name,side,type,cost\nSq\x07uad,german,infantry,5\n", "control character"),
    ],
)
def test_bad_rows_are_named_and_nothing_changes(client, organizer, csv, message):
    client.force_login(organizer)
    before = SpearpointUnit.objects.count()
    good = b"Good Squad,german,infantry,5\n"
    html = client.post(reverse("fleets:decks:catalog_csv", args=[SPEARPOINT]), {"file": upload(csv + good)}).text
    assert "Nothing was imported" in html and message in html
    assert "Nothing is saved yet" not in html
    assert SpearpointUnit.objects.count() == before


def test_the_export_neutralises_formula_cells_and_reads_back(client, organizer):
    SpearpointUnit.objects.create(name="Squad", side="german", unit_type="infantry", cost=5, notes="=1+1")
    client.force_login(organizer)
    response = client.get(reverse("fleets:decks:catalog_export", args=[SPEARPOINT]))
    assert response["Content-Type"].startswith("text/csv")
    assert "Squad,german,infantry,5,none,'=1+1" in response.text
    assert [safe_cell(v) for v in ("+1", "-x", "@a", "\tx", "\rx", "ok")] == ["'+1", "'-x", "'@a", "'\tx", "'\rx", "ok"]
