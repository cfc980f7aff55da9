"""Every submitted Fleet Build Sheet of an event in one PDF, for the event's staff.

Seed 003, "Suggested tournament format": players record their fleet on a Fleet
Build Sheet at the start of the tournament, and their opponents verify the build
against it every round, so the staff print one sheet per submitted fleet.
"""

import base64
import json
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.accounts.factories import PlayerFactory
from tournaments.services import registration_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def entries(event_staff, enter):
    """Three players with submitted fleets and one who has not submitted yet."""
    event = event_staff["event"]
    registration_add(event=event, player=PlayerFactory(username="aaa-no-fleet"))
    return [enter(event, PlayerFactory(username=name)) for name in ("charlie", "alpha", "bravo")]


def address(event, **query) -> str:
    url = reverse("tournaments:fleet_sheets", args=[event.pk])
    return url + "?progress=1" if query.get("progress") else url


def login(client, user):
    client.force_login(user)
    return client


def pages(pdf: bytes) -> list[str]:
    """The text of each page, whitespace squeezed."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages]


def progress_lines(response) -> list[dict]:
    assert response["Content-Type"] == "application/x-ndjson"
    return [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]


@pytest.mark.parametrize("staff", ["organizer", "judge"])
def test_the_staff_get_one_page_per_submitted_fleet_in_name_order(client, event_staff, entries, staff):
    response = login(client, event_staff[staff]).get(address(event_staff["event"]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    texts = pages(response.content)
    assert len(texts) == 3  # the player without a fleet has no sheet
    for text, name in zip(texts, ["alpha", "bravo", "charlie"], strict=True):
        assert f"Name {name} " in text
        assert "Fleet Build Sheet" in text and event_staff["event"].name in text


def test_the_progress_stream_reads_every_fleet_then_lays_the_pages_out_then_sends_the_pdf(
    client, event_staff, entries, monkeypatch
):
    monkeypatch.setattr("tournaments.views.sheets_bundle.POLL_SECONDS", 0.001)  # three pages are quick
    response = login(client, event_staff["organizer"]).get(address(event_staff["event"], progress=True))
    assert response.status_code == 200
    lines = progress_lines(response)
    reading = [line for line in lines if line["step"] == "reading"]
    printing = [line for line in lines if line["step"] == "printing"]
    assert [line["done"] for line in reading] == [1, 2, 3]
    assert printing and [line["done"] for line in printing] == sorted(line["done"] for line in printing)
    assert lines == reading + printing + lines[-1:]
    assert all(line["total"] == 3 for line in reading + printing)
    last = lines[-1]
    assert last["step"] == "done"
    assert last["filename"] == f"event-{event_staff['event'].pk}-fleet-sheets.pdf"
    assert len(pages(base64.b64decode(last["pdf"]))) == 3


def test_a_layout_failure_ends_the_stream_with_a_message_not_a_broken_pdf(client, event_staff, entries, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no room on the page")

    monkeypatch.setattr("tournaments.views.sheets_bundle.render_fleet_sheets", broken)
    response = login(client, event_staff["organizer"]).get(address(event_staff["event"], progress=True))
    last = progress_lines(response)[-1]
    assert last["step"] == "failed" and "could not be made" in last["message"]


@pytest.mark.parametrize("progress", [False, True])
def test_players_and_other_events_staff_are_refused(client, event_staff, entries, progress):
    event = event_staff["event"]
    for outsider in (entries[0].player, event_staff["other_judge"], event_staff["other_organizer"]):
        assert login(client, outsider).get(address(event, progress=progress)).status_code == 403
    client.logout()
    response = client.get(address(event, progress=progress))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_an_event_without_submitted_fleets_has_no_sheets(client, event_staff):
    registration_add(event=event_staff["event"], player=PlayerFactory())
    assert login(client, event_staff["organizer"]).get(address(event_staff["event"])).status_code == 404


def test_the_fleets_page_offers_the_sheets_to_the_staff_only(client, event_staff, entries):
    event = event_staff["event"]
    fleets_page = reverse("tournaments:fleets", args=[event.pk])
    assert address(event) in login(client, event_staff["judge"]).get(fleets_page).text
    assert address(event) not in login(client, entries[0].player).get(fleets_page).text


def test_a_deck_game_event_prints_a_registration_sheet_per_submitted_deck(client):
    """Wing Commander: each player's Terran and Kilrathi decks (seed 001, setup step 1), players in name order."""
    from tests.tournaments.deck_games import deck_event, enter_with_decks

    event = deck_event("wing-commander")
    for name in ("zed", "amy"):
        enter_with_decks(event, PlayerFactory(username=name))
    registration_add(event=event, player=PlayerFactory(username="no-decks"))
    login(client, PlayerFactory())
    assert client.get(address(event)).status_code == 403
    response = login(client, event.organizer).get(address(event))
    assert response["Content-Type"] == "application/pdf"
    texts = pages(response.content)
    assert len(texts) == 4
    assert all("Wing Commander CCG — registration sheet" in text and event.name in text for text in texts)
    assert [("amy" in text, "zed" in text) for text in texts] == [(True, False)] * 2 + [(False, True)] * 2
    deck_tab = client.get(reverse("tournaments:fleets", args=[event.pk])).text
    assert address(event) in deck_tab
