"""The small traps of an event night: walk-in fleets named after the event, a drop asked first and
told, a check-in told, a start page that promises no round to nobody, the deck events' submission
history, and a standings CSV with the rank and every tie-breaker."""

import csv
import io
import json

import pytest
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tests.tournaments.deck_games import deck_event, enter_with_decks
from tests.tournaments.factories import legal_fleet_content
from tournaments.models import Match
from tournaments.services import (
    event_start,
    registration_add_walk_in,
    result_enter,
    round_pair_next,
    walk_in_submit_fleet,
)

pytestmark = pytest.mark.django_db


def test_a_walk_ins_fleet_is_named_after_them_and_the_event(event_staff, catalog):
    event = event_staff["event"]
    registration = registration_add_walk_in(event=event, name="Kasidy Yates", added_by=event.organizer)
    data = json.dumps(legal_fleet_content(catalog)).encode()
    registration = walk_in_submit_fleet(registration=registration, data=data, by=event.organizer)
    assert registration.fleet_version.fleet.name == f"Kasidy Yates at {event.name}"


@pytest.fixture
def running(event_staff, enter):
    event = event_staff["event"]
    registrations = [enter(event) for _ in range(4)]
    event_start(event=event)
    return event, registrations


def test_drop_is_asked_first_and_told(running, client):
    event, registrations = running
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    name = registrations[0].name
    assert f'aria-label="Drop {name}…">Drop…</summary>' in page
    response = client.post(reverse("tournaments:drop", args=[event.pk, registrations[0].pk]), follow=True)
    assert f"{name} has dropped." in response.text


def test_a_single_check_in_is_told(event_staff, enter, client):
    event = event_staff["event"]
    registration = enter(event, check_in=False)
    client.force_login(event.organizer)
    url = reverse("tournaments:check_in", args=[event.pk, registration.pk])
    assert f"{registration.name} is checked in." in client.post(url, {"checked_in": "1"}, follow=True).text
    assert "check-in is undone." in client.post(url, {"checked_in": "0"}, follow=True).text


def test_the_start_page_of_an_event_without_players_promises_no_round(event_staff, client):
    event = event_staff["event"]
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:start", args=[event.pk])).text
    assert "Swiss round" not in page and "At least two checked-in players are needed to start" in page
    assert "Start the event</button>" not in page


def test_a_deck_events_submission_history_names_the_decks(organizer, client):
    event = deck_event("starship-command", organizer=organizer)
    registration = enter_with_decks(event)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:history", args=[event.pk])).text
    deck = registration.decks.get()
    assert f"{deck.name} <code>{deck.code}</code>" in page
    assert " v<code>" not in page and " v <code>" not in page


def test_the_standings_csv_has_the_rank_and_every_tie_breaker(running, client):
    event, _registrations = running
    round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round__event=event, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    client.force_login(event.organizer)
    response = client.get(reverse("tournaments:export_standings_csv", args=[event.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    ranks = [int(row["rank"]) for row in rows]
    assert len(rows) == 4 and ranks == sorted(ranks) and ranks[0] == 1
    assert {"rank", "player", "wins", "match_points", "fleet_points"} <= set(rows[0])
    assert sorted(int(row["wins"]) for row in rows) == [0, 0, 1, 1]
