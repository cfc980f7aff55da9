"""The events API: a running event's pairings, results and standings read through the API only;
results recorded with a token by the event's staff; ETags that make polling cheap."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from fleets.services import api_token_create
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments.services import event_start, registration_set_paid, registration_sign_up, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


@pytest.fixture
def running(enter, judge):
    event = EventFactory(name="Friday Night Fleets")
    event.judges.add(judge)
    registrations = [enter(event) for _ in range(4)]
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    event.refresh_from_db()
    return event, registrations


def token_client(user) -> Client:
    _record, token = api_token_create(user=user, name="bot")
    return Client(HTTP_AUTHORIZATION=f"Bearer {token}")


def test_anyone_reads_the_pairings_and_standings_of_a_running_event(running):
    event, registrations = running
    overlay = Client()
    detail = overlay.get(f"/api/events/{event.pk}").json()
    assert detail["status"] == "running" and detail["rounds"] == [
        {"number": 1, "name": "Round 1", "stage": "swiss", "open_matches": 2}
    ]
    pairings = overlay.get(f"/api/events/{event.pk}/rounds/1").json()
    seated = {side["registration"] for match in pairings["matches"] for side in match["sides"]}
    assert seated == {r.pk for r in registrations} and all(m["status"] == "awaiting" for m in pairings["matches"])
    standings = overlay.get(f"/api/events/{event.pk}/standings").json()
    assert sorted(row["registration"] for row in standings) == sorted(r.pk for r in registrations)
    assert event.pk in {e["id"] for e in overlay.get("/api/events").json()}


def test_the_organizer_records_a_result_with_a_token_and_the_standings_follow(running):
    event, _registrations = running
    bot = token_client(event.organizer)
    match = bot.get(f"/api/events/{event.pk}/rounds/1").json()["matches"][0]
    answer = bot.post(
        f"/api/events/{event.pk}/matches/{match['id']}/result",
        {"fields": {"winner": "1"}},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "confirmed"
    winner = next(side for side in answer.json()["sides"] if side["seat"] == 1)
    standings = Client().get(f"/api/events/{event.pk}/standings").json()
    assert standings[0]["registration"] == winner["registration"] and standings[0]["wins"] == 1


def test_players_and_strangers_may_not_record_results(running):
    event, registrations = running
    match = Client().get(f"/api/events/{event.pk}/rounds/1").json()["matches"][0]
    url = f"/api/events/{event.pk}/matches/{match['id']}/result"
    body = {"fields": {"winner": "1"}}
    assert Client().post(url, body, content_type="application/json").status_code == 401
    for user in (registrations[0].player, PlayerFactory()):
        assert token_client(user).post(url, body, content_type="application/json").status_code == 403
    bad = token_client(event.organizer).post(url, {"fields": {"winner": "9"}}, content_type="application/json")
    assert bad.status_code == 400


def test_a_bad_token_is_refused_not_read_as_anonymous(running):
    event, _ = running
    response = Client(HTTP_AUTHORIZATION="Bearer nope").get(f"/api/events/{event.pk}/lists")
    assert response.status_code == 401


def test_an_unchanged_event_answers_304_and_a_new_result_changes_the_etag(running):
    event, _ = running
    poller = Client()
    url = f"/api/events/{event.pk}/rounds/1"
    first = poller.get(url)
    assert first.status_code == 200 and first["ETag"] and first["Last-Modified"]
    again = poller.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    match = first.json()["matches"][0]
    token_client(event.organizer).post(
        f"/api/events/{event.pk}/matches/{match['id']}/result",
        {"fields": {"winner": "2"}},
        content_type="application/json",
    )
    changed = poller.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_standings_wait_for_the_start_except_for_staff(enter, judge):
    event = EventFactory()
    event.judges.add(judge)
    enter(event)
    assert Client().get(f"/api/events/{event.pk}/standings").status_code == 403
    assert token_client(judge).get(f"/api/events/{event.pk}/standings").status_code == 200
    assert Client().get("/api/events/999999").status_code == 404


def test_the_api_shows_the_cap_the_waitlist_and_the_fee_to_anyone_and_who_paid_to_the_organizer_only(enter, judge):
    event = EventFactory(player_cap=2, entry_fee="10 EUR")
    event.judges.add(judge)
    paying, other = enter(event), enter(event)
    registration_sign_up(event=event, player=PlayerFactory())
    registration_set_paid(registration=paying)
    for answer in (Client().get(f"/api/events/{event.pk}").json(), Client().get("/api/events").json()[0]):
        assert (answer["player_cap"], answer["players"], answer["waiting"], answer["entry_fee"]) == (2, 2, 1, "10 EUR")
    assert token_client(event.organizer).get(f"/api/events/{event.pk}").json()["paid"] == [paying.name]
    for who in (judge, other.player):  # the desk's judge ticks who paid, but the record is the organizer's
        assert token_client(who).get(f"/api/events/{event.pk}").json()["paid"] is None
    assert Client().get(f"/api/events/{event.pk}").json()["paid"] is None


def test_a_payment_ticked_or_a_player_waiting_changes_the_etag(enter):
    event = EventFactory(player_cap=1)
    first = enter(event)
    bot = token_client(event.organizer)
    tag = bot.get(f"/api/events/{event.pk}").headers["ETag"]
    registration_set_paid(registration=first)
    paid = bot.get(f"/api/events/{event.pk}", HTTP_IF_NONE_MATCH=tag)
    assert paid.status_code == 200 and paid.json()["paid"] == [first.name]
    registration_sign_up(event=event, player=PlayerFactory())
    waiting = bot.get(f"/api/events/{event.pk}", HTTP_IF_NONE_MATCH=paid.headers["ETag"])
    assert waiting.status_code == 200 and waiting.json()["waiting"] == 1
