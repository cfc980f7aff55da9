"""Every submitted Fleet Build Sheet of an event in one PDF, for the event's staff.

Seed 003, "Suggested tournament format": players record their fleet on a Fleet
Build Sheet at the start of the tournament, and their opponents verify the build
against it every round, so the staff print one sheet per submitted fleet.
"""

from io import BytesIO

import pytest
from django.test import TestCase
from django.urls import reverse
from pypdf import PdfReader

from tests.accounts.factories import PlayerFactory
from tests.on_commit import committed
from tournaments.models import Event, SheetsJob
from tournaments.services import registration_add
from tournaments.tasks import make_fleet_sheets

pytestmark = pytest.mark.django_db


@pytest.fixture
def entries(event_staff, enter):
    """Three players with submitted fleets and one who has not submitted yet."""
    event = event_staff["event"]
    registration_add(event=event, player=PlayerFactory(username="aaa-no-fleet"))
    return [enter(event, PlayerFactory(username=name)) for name in ("charlie", "alpha", "bravo")]


def address(event) -> str:
    return reverse("tournaments:fleet_sheets", args=[event.pk])


def login(client, user):
    client.force_login(user)
    return client


def pages(pdf: bytes) -> list[str]:
    """The text of each page, whitespace squeezed."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages]


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


def start(event) -> str:
    return reverse("tournaments:sheets_job_start", args=[event.pk])


def ask_for_sheets(client, event):
    """The page's script asking for the sheets; the job runs once the request's transaction commits."""
    with committed():
        response = client.post(start(event), HTTP_ACCEPT="application/json")
    assert response.status_code == 202, response.content
    return response.json()


def test_the_worker_makes_the_sheets_and_the_page_follows_its_progress_to_the_pdf(client, event_staff, entries):
    event = event_staff["event"]
    queued = ask_for_sheets(login(client, event_staff["organizer"]), event)
    assert queued["step"] == "queued"  # the request answers before the sheets are made
    state = client.get(queued["status_url"], HTTP_ACCEPT="application/json").json()
    assert state["step"] == "done" and state["done"] == state["total"] == 3
    assert state["filename"] == f"event-{event.pk}-fleet-sheets.pdf"
    response = client.get(state["pdf_url"])
    assert response["Content-Type"] == "application/pdf"
    assert [text.split("Name ")[1].split()[0] for text in pages(response.content)] == ["alpha", "bravo", "charlie"]
    page = client.get(queued["status_url"]).text  # without the script: the job's own page
    assert state["pdf_url"] in page and "3 sheets ready" in page


def test_the_job_is_queued_only_when_the_request_commits(client, event_staff, entries):
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        response = login(client, event_staff["organizer"]).post(start(event_staff["event"]))
    job = SheetsJob.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "tournaments:sheets_job", args=[job.event_id, job.pk]
    )
    assert len(callbacks) == 1 and job.step == "queued" and job.pdf is None
    assert client.get(reverse("tournaments:sheets_job_pdf", args=[job.event_id, job.pk])).status_code == 409
    assert "reloads itself" in client.get(response.url).text


def test_asking_twice_while_the_sheets_are_made_follows_the_same_job(client, event_staff, entries):
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        first = login(client, event_staff["organizer"]).post(start(event_staff["event"]))
        second = client.post(start(event_staff["event"]))
    assert first.url == second.url and len(callbacks) == 1 and SheetsJob.objects.count() == 1


def test_a_layout_failure_ends_the_job_with_a_message_not_a_broken_pdf(client, event_staff, entries, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no room on the page")

    monkeypatch.setattr("tournaments.tasks.render_fleet_sheets", broken)
    queued = ask_for_sheets(login(client, event_staff["organizer"]), event_staff["event"])
    state = client.get(queued["status_url"], HTTP_ACCEPT="application/json").json()
    assert state["step"] == "failed" and "pdf_url" not in state
    assert "could not be made" in client.get(queued["status_url"]).text


def test_a_job_run_again_after_it_finished_changes_nothing(client, event_staff, entries):
    """A worker stopped mid-job runs it again (run_worker): a finished job is left as it was."""
    queued = ask_for_sheets(login(client, event_staff["organizer"]), event_staff["event"])
    job = SheetsJob.objects.get()
    make_fleet_sheets.call(job.pk)
    again = SheetsJob.objects.get()
    assert (again.step, bytes(again.pdf), again.finished_at) == ("done", bytes(job.pdf), job.finished_at)
    assert queued["status_url"].endswith(f"/{job.pk}/")


def test_nobody_outside_the_staff_follows_a_job(client, event_staff, entries):
    event = event_staff["event"]
    ask_for_sheets(login(client, event_staff["organizer"]), event)
    job = SheetsJob.objects.get()
    for name in ("sheets_job", "sheets_job_pdf"):
        url = reverse(f"tournaments:{name}", args=[event.pk, job.pk])
        for outsider in (entries[0].player, event_staff["other_judge"], event_staff["other_organizer"]):
            assert login(client, outsider).get(url).status_code == 403
        assert login(client, event_staff["judge"]).get(url).status_code == 200
    other_event = Event.objects.exclude(pk=event.pk).get()  # a job is found only under its own event
    url = reverse("tournaments:sheets_job", args=[other_event.pk, job.pk])
    assert login(client, other_event.organizer).get(url).status_code == 404


def test_players_and_other_events_staff_are_refused(client, event_staff, entries):
    event = event_staff["event"]
    for outsider in (entries[0].player, event_staff["other_judge"], event_staff["other_organizer"]):
        assert login(client, outsider).get(address(event)).status_code == 403
        assert login(client, outsider).post(start(event)).status_code == 403
    client.logout()
    response = client.get(address(event))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not SheetsJob.objects.exists()


def test_an_event_without_submitted_fleets_has_no_sheets(client, event_staff):
    registration_add(event=event_staff["event"], player=PlayerFactory())
    assert login(client, event_staff["organizer"]).get(address(event_staff["event"])).status_code == 404
    response = client.post(start(event_staff["event"]), HTTP_ACCEPT="application/json")
    assert response.status_code == 409 and "No fleet has been submitted" in response.json()["error"]
    assert not SheetsJob.objects.exists()


def test_the_fleets_page_offers_the_sheets_to_the_staff_only(client, event_staff, entries):
    event = event_staff["event"]
    fleets_page = reverse("tournaments:fleets", args=[event.pk])
    assert start(event) in login(client, event_staff["judge"]).get(fleets_page).text
    assert start(event) not in login(client, entries[0].player).get(fleets_page).text


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
