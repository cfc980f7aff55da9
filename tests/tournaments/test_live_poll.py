"""The live pairings page's poll (issue: "cached so hundreds of phones cost little"): htmx gets the
page's body alone, and the list of tables is rendered once for everyone, so a poll's queries do
not grow with the round."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tournaments.models import Match, MatchSide
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def running_round(event, enter, players: int):
    for _ in range(players):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event


def test_a_poll_gets_the_body_alone_and_says_it_varies_with_htmx(event_staff, enter, client):
    event = running_round(event_staff["event"], enter, 4)
    url = reverse("tournaments:live", args=[event.pk, 1])
    poll = client.get(url, **HTMX)
    body = poll.content.decode()
    assert body.startswith('<div id="live"') and "<html" not in body and "live-tables" in body
    assert "HX-Request" in poll["Vary"]
    assert "<html" in client.get(url).content.decode()


@pytest.mark.parametrize("players", [4, 40])
def test_a_poll_costs_the_same_queries_whatever_the_size_of_the_round(
    event_staff, enter, client, players, django_assert_num_queries
):
    event = running_round(event_staff["event"], enter, players)
    me = MatchSide.objects.filter(round__event=event, match__table=1, seat=1).get().registration
    client.force_login(me.player)
    url = reverse("tournaments:live", args=[event.pk, 1])
    cache.clear()
    first = client.get(url, **HTMX).content.decode()  # renders the tables and keeps them
    assert first.count("<li") == players // 2
    # The event and its judges, session, user and roles, the viewer's registration and name, the
    # round and whether it is finished, their seat and opponent: never the tables.
    with django_assert_num_queries(11):
        again = client.get(url, **HTMX).content.decode()
    assert again.count("<li") == players // 2 and f"{me.name}: table 1" in again


def test_a_poll_from_a_phone_not_signed_in_reads_no_database_once_kept(
    event_staff, enter, client, django_assert_num_queries
):
    """Every phone not signed in gets the same body: the first poll keeps it, the next ones cost no query."""
    event = running_round(event_staff["event"], enter, 8)
    url = reverse("tournaments:live", args=[event.pk, 1])
    cache.clear()
    first = client.get(url, **HTMX)
    with django_assert_num_queries(0):
        again = client.get(url, **HTMX)
    assert again.status_code == 200 and again.content == first.content and again["Vary"] == first["Vary"]
    assert again.content.decode().count("<li") == 4 and "live-mine" not in again.content.decode()


def test_a_signed_in_player_still_gets_their_own_table_on_top(event_staff, enter, client):
    """The public answer is never given to a signed-in player, whose poll names their table."""
    event = running_round(event_staff["event"], enter, 4)
    url = reverse("tournaments:live", args=[event.pk, 1])
    cache.clear()
    client.get(url, **HTMX)  # the public answer is kept
    me = MatchSide.objects.filter(round__event=event, match__table=1, seat=1).get().registration
    client.force_login(me.player)
    assert f"{me.name}: table 1" in client.get(url, **HTMX).content.decode()


def test_no_such_round_is_a_404_and_is_not_kept(event_staff, enter, client):
    event = running_round(event_staff["event"], enter, 4)
    cache.clear()
    assert client.get(reverse("tournaments:live", args=[event.pk, 9]), **HTMX).status_code == 404
    assert cache.get(f"live-public:{event.pk}:9:en") is None


def test_a_phone_that_reads_german_is_not_given_the_english_copy(event_staff, enter, client):
    """The kept public answer is kept once per language: a German phone polling after an English one reads
    German (docs/translation.md)."""
    event = running_round(event_staff["event"], enter, 4)
    url = reverse("tournaments:live", args=[event.pk, 1])
    cache.clear()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **HTMX).content.decode()
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de", **HTMX).content.decode()
    assert "Tisch" in german and "Tisch" not in english


def test_a_finished_rounds_live_page_says_it_is_finished_not_that_its_clock_has_not_started(event_staff, enter, client):
    event = running_round(event_staff["event"], enter, 4)
    url = reverse("tournaments:live", args=[event.pk, 1])
    assert "The round clock has not started." in client.get(url).content.decode()
    assert client.get(reverse("tournaments:timer_state", args=[event.pk, 1])).json()["finished"] is False
    for match in Match.objects.filter(round__event=event):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    page = client.get(url).content.decode()
    assert "Round 1 is finished: every result is in." in page and "has not started" not in page
    projector = client.get(reverse("tournaments:projector", args=[event.pk, 1])).content.decode()
    assert "Round 1 is finished" in projector
    timer = client.get(reverse("tournaments:timer", args=[event.pk, 1])).content.decode()
    assert 'data-finished="true"' in timer and "Round finished" in timer and "Not started" not in timer
    assert client.get(reverse("tournaments:timer_state", args=[event.pk, 1])).json()["finished"] is True
