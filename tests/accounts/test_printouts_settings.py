"""The Printouts page: the name a person's printouts carry and whether their sheets print their
e-mail (never by default); and the site's paper for sheets printed outside an event."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse
from reportlab.lib.pagesizes import A4, letter

from accounts.models import PrintPreferences
from accounts.selectors import print_identity
from fleets.decks.services import deck_create
from tests.accounts.factories import PlayerFactory
from tests.fleets.factories import fleet_catalog, saved_fleet
from tests.pdf_layout import page_sizes
from tests.test_settings import load_base_settings

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_log_in(client):
    for response in (client.get(reverse("printouts")), client.post(reverse("printouts"), {"print_name": "Q"})):
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not PrintPreferences.objects.exists()


def test_the_page_shows_the_defaults_never_printing_the_email(client, player):
    client.force_login(player)
    page = client.get(reverse("printouts"))
    assert page.status_code == 200
    assert 'name="print_name"' in page.text and 'name="print_email"' in page.text and "checked" not in page.text
    assert print_identity(player).email == "" and print_identity(player).name == player.username


def test_a_player_saves_a_name_and_the_email_for_themselves_only(client, player):
    other = PlayerFactory()
    client.force_login(player)
    response = client.post(reverse("printouts"), {"print_name": "  Kira Nerys ", "print_email": "on"}, follow=True)
    assert "Your printout settings are saved." in response.text
    assert print_identity(player).name == "Kira Nerys" and print_identity(player).email == player.email
    assert print_identity(other).name == other.username and print_identity(other).email == ""
    page = client.get(reverse("printouts")).text
    assert 'value="Kira Nerys"' in page and "checked" in page
    client.post(reverse("printouts"), {"print_name": ""})
    assert print_identity(player).name == player.username and print_identity(player).email == ""


@pytest.mark.parametrize(
    ("name", "error"),
    [("Kira\u202eNerys", "direction"), ("K" * 101, "at most 100 characters")],
)
def test_a_bad_name_is_refused_with_a_reason_and_changes_nothing(client, player, name, error):
    client.force_login(player)
    client.post(reverse("printouts"), {"print_name": "Kira Nerys"})
    response = client.post(reverse("printouts"), {"print_name": name, "print_email": "on"})
    assert response.status_code == 400 and error in response.text
    assert print_identity(player).name == "Kira Nerys" and print_identity(player).email == ""


def test_the_menu_links_the_printouts_page(client, player):
    client.force_login(player)
    assert f'href="{reverse("printouts")}"' in client.get(reverse("home")).text


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_sheets_printed_outside_an_event_use_the_site_paper(client, settings, paper):
    settings.MUSTER_PAPER_SIZE = paper
    fleet = saved_fleet(fleet_catalog())
    client.force_login(fleet.owner)
    deck = deck_create(owner=fleet.owner, game="wing-commander", name="Blue", side="terran")
    for url in (reverse("fleets:sheet", args=[fleet.pk]), reverse("fleets:decks:sheet", args=[deck.pk])):
        pdf = client.get(url).content
        assert page_sizes(pdf) == [pytest.approx({"A4": A4, "Letter": letter}[paper], abs=0.5)], url


def test_the_site_paper_is_a4_unless_set_and_nothing_else_is_taken(monkeypatch):
    monkeypatch.delenv("MUSTER_PAPER_SIZE", raising=False)
    try:
        assert load_base_settings().MUSTER_PAPER_SIZE == "A4"
        assert load_base_settings(MUSTER_PAPER_SIZE="Letter").MUSTER_PAPER_SIZE == "Letter"
        with pytest.raises(ImproperlyConfigured, match="A4 or Letter"):
            load_base_settings(MUSTER_PAPER_SIZE="B5")
    finally:
        load_base_settings()
