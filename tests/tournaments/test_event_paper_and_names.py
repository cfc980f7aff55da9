"""Each event prints on its one paper, and its printouts carry the names players chose for them.

The paper is read from each PDF page's MediaBox; the text with pypdf.
"""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, letter

from accounts.services import print_preferences_set
from tests.pdf_layout import page_sizes
from tests.tournaments.deck_games import deck_event, enter_with_decks
from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_views import event_form
from tournaments.models import Event
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db

PAPERS = {"A4": A4, "Letter": letter}


def text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages).split())


def pdf_of(response) -> bytes:
    """The PDF of a response."""
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return response.content


@pytest.fixture
def fleet_event(enter):
    def make(paper: str):
        event = EventFactory(paper_size=paper)
        registrations = [enter(event) for _ in range(4)]
        event_start(event=event)
        round_pair_next(event=event, by=event.organizer)
        return event, registrations

    return make


def fleet_event_printouts(event, registration) -> list[str]:
    pk = event.pk
    return [
        reverse("tournaments:fleet_sheet", args=[pk, registration.pk]),
        reverse("tournaments:fleet_sheets", args=[pk]),
        reverse("tournaments:round_printout", args=[pk, 1, "pairings-by-table"]),
        reverse("tournaments:round_printout", args=[pk, 1, "pairings-by-name"]),
        reverse("tournaments:round_printout", args=[pk, 1, "match-slips"]),
        reverse("tournaments:standings_printout", args=[pk]),
    ]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_printout_of_a_fleet_event_is_on_the_event_paper(client, fleet_event, paper):
    event, registrations = fleet_event(paper)
    client.force_login(event.organizer)
    for url in fleet_event_printouts(event, registrations[0]):
        sizes = page_sizes(pdf_of(client.get(url)))
        assert sizes and all(size == pytest.approx(PAPERS[paper], abs=0.5) for size in sizes), url


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_sheet_of_a_deck_event_is_on_the_event_paper(client, paper):
    event = deck_event("wing-commander", paper_size=paper)
    registration = enter_with_decks(event)
    client.force_login(event.organizer)
    deck = registration.decks.get(slot="terran")
    for url in (
        reverse("tournaments:deck_sheet", args=[event.pk, registration.pk, deck.pk]),
        reverse("tournaments:fleet_sheets", args=[event.pk]),  # a deck game's: every registration sheet
    ):
        sizes = page_sizes(pdf_of(client.get(url)))
        assert sizes and all(size == pytest.approx(PAPERS[paper], abs=0.5) for size in sizes), url


def test_printouts_carry_the_name_a_player_chose_and_never_their_email(client, fleet_event):
    event, registrations = fleet_event("A4")
    chosen = registrations[0].player
    print_preferences_set(user=chosen, print_name="Benjamin Sisko", print_email=False)
    client.force_login(event.organizer)
    for url in fleet_event_printouts(event, registrations[0]):
        printed = text(pdf_of(client.get(url)))
        assert "Benjamin Sisko" in printed and chosen.email not in printed and "@" not in printed, url
        if "sheet" in url:  # the sheets name the fleet, "Fleet of <username>": the player's field is the chosen name
            assert "Name Benjamin Sisko" in printed and f"Name {chosen.username}" not in printed, url
        else:
            assert chosen.username not in printed, url


def test_the_event_sheets_print_the_email_only_of_a_player_who_chose_it(client, fleet_event):
    event, registrations = fleet_event("A4")
    shown, hidden = registrations[0].player, registrations[1].player
    print_preferences_set(user=shown, print_name="", print_email=True)
    client.force_login(event.organizer)
    for registration in registrations[:2]:
        sheet = text(pdf_of(client.get(reverse("tournaments:fleet_sheet", args=[event.pk, registration.pk]))))
        assert (shown.email in sheet) is (registration.player == shown) and hidden.email not in sheet
    bundle = text(pdf_of(client.get(reverse("tournaments:fleet_sheets", args=[event.pk]))))
    assert shown.email in bundle and hidden.email not in bundle


def test_a_deck_sheet_prints_the_email_only_when_chosen(client):
    event = deck_event("spearpoint")
    registration = enter_with_decks(event)
    deck = registration.decks.get()
    url = reverse("tournaments:deck_sheet", args=[event.pk, registration.pk, deck.pk])
    client.force_login(registration.player)
    assert registration.player.email not in text(pdf_of(client.get(url)))
    print_preferences_set(user=registration.player, print_name="Ann Lee", print_email=True)
    sheet = text(pdf_of(client.get(url)))
    assert registration.player.email in sheet and "Ann Lee" in sheet


def test_the_organizer_chooses_the_paper_on_the_event_form(client, settings):
    settings.MUSTER_PAPER_SIZE = "Letter"
    organizer = EventFactory().organizer
    client.force_login(organizer)
    client.post(reverse("tournaments:create"), event_form(name="Site paper"))
    assert Event.objects.get(name="Site paper").paper_size == "Letter"
    event = Event.objects.get(name="Site paper")
    client.post(reverse("tournaments:edit", args=[event.pk]), event_form(name="Site paper", paper_size="A4"))
    event.refresh_from_db()
    assert event.paper_size == "A4"


def test_a_paper_that_is_not_offered_is_refused_and_changes_nothing(client):
    event = EventFactory(paper_size="A4")
    client.force_login(event.organizer)
    response = client.post(reverse("tournaments:edit", args=[event.pk]), event_form(name="Renamed", paper_size="B5"))
    assert response.status_code == 200 and "Select a valid choice" in response.text
    event.refresh_from_db()
    assert event.paper_size == "A4" and event.name != "Renamed"


def test_the_event_form_offers_both_papers(client):
    event = EventFactory()
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:edit", args=[event.pk])).text
    assert 'name="paper_size"' in page and "Letter (8.5 × 11 in)" in page and "A4 (210 × 297 mm)" in page


def test_a_new_player_prints_as_their_username(client, fleet_event):
    event, registrations = fleet_event("A4")
    client.force_login(event.organizer)
    slips = text(pdf_of(client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "match-slips"]))))
    assert all(r.player.username in slips for r in registrations)
