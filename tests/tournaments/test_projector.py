"""The projector view of the live pairings: one line per player sorted by name, from the same cached
pairings as the live page, public as the live page is."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tournaments.models import Match
from tournaments.selectors import pairings_by_name
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


def test_pairings_by_name_give_each_player_their_table_and_opponent():
    tables = [
        {"table": 1, "players": ["zed", "Amy"], "registrations": [1, 2], "done": False},
        {"table": 2, "players": ["bob", "carol"], "registrations": [3, 4], "done": True},
        {"table": None, "players": ["Dan"], "registrations": [5], "done": True},
    ]
    seats = pairings_by_name(tables)
    assert [seat["name"] for seat in seats] == ["Amy", "bob", "carol", "Dan", "zed"]
    assert seats[0] == {"name": "Amy", "table": 1, "opponent": "zed", "done": False}
    assert seats[3] == {"name": "Dan", "table": None, "opponent": None, "done": True}


@pytest.fixture
def running(event_staff, enter):
    event = event_staff["event"]
    for name in ("zora", "abe", "mira", "kit", "lou"):
        enter(event, PlayerFactory(username=name))
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event


def test_the_projector_lists_every_player_by_name_for_anyone(running, client):
    cache.clear()
    page = client.get(reverse("tournaments:projector", args=[running.pk, 1])).content.decode()
    body = page[page.index('id="projector-seats"') :]
    positions = [
        body.index(f'<td>{name}</td><td class="projector-table">') for name in ("abe", "kit", "lou", "mira", "zora")
    ]
    assert positions == sorted(positions)
    assert "Bye" in body and "The round clock has not started." in page
    assert 'hx-trigger="every 20s"' in page and "js/projector.js" in page


def test_the_projector_reads_the_live_pages_cache(running, client):
    """A result entered meanwhile shows once the short cache expires, on both pages alike."""
    cache.clear()
    url = reverse("tournaments:projector", args=[running.pk, 1])
    live = reverse("tournaments:live", args=[running.pk, 1])

    def results_in(path):
        return client.get(path).content.decode().count("result in")

    assert results_in(url) == 1 and results_in(live) == 1  # the bye
    match = Match.objects.get(round__event=running, round__number=1, table=1)
    result_enter(match=match, by=running.organizer, result=MatchResult(1))
    assert results_in(url) == 1 and results_in(live) == 1
    cache.clear()
    assert results_in(url) == 3 and results_in(live) == 2  # a line per player, a line per table


def test_the_round_and_live_pages_link_to_the_projector(running, client):
    url = reverse("tournaments:projector", args=[running.pk, 1])
    assert url in client.get(reverse("tournaments:round", args=[running.pk, 1])).content.decode()
    assert url in client.get(reverse("tournaments:live", args=[running.pk, 1])).content.decode()
