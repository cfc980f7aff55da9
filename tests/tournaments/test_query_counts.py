"""Event pages cost a fixed number of queries, however many players and rounds the event has.

Each page is measured on a small event, a larger one and a large one of 128
players after 7 rounds; all must stay under the same ceiling, so a query per
player or per round would fail here. The large event is inserted in bulk
(:func:`bench.generated_event.generated_event`, as the page benchmark builds its
512-player event), which keeps this test quick.
"""

import pytest
from django.urls import reverse

from bench.generated_event import generated_event
from games.attack_wing.results import MatchResult
from tests.tournaments.factories import EventFactory, legal_fleet_content
from tournaments.models import Match, MatchStatus
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(enter):
    """``played(players, rounds)``: a running event with that many rounds played to the end."""

    def build(players: int, rounds: int):
        event = EventFactory(planned_rounds=rounds)
        for _ in range(players):
            enter(event)
        event_start(event=event)
        for _ in range(rounds):
            round_ = round_pair_next(event=event, by=event.organizer)
            for match in Match.objects.filter(round=round_).exclude(status=MatchStatus.CONFIRMED):
                result_enter(match=match, by=event.organizer, result=MatchResult(1))
        return event

    return build


# page -> (its address, the most queries it may take); sessions and the user account included (the
# round page counts its tables by status in a query of its own, which a desk update shares; the desk's
# state on the round and event pages names who dropped themselves since the pairing, one query).
PAGES = {
    "standings": (lambda event: reverse("tournaments:standings", args=[event.pk]), 10),
    "pairings": (lambda event: reverse("tournaments:round", args=[event.pk, event.rounds.count()]), 18),
    "fleets": (lambda event: reverse("tournaments:fleets", args=[event.pk]), 10),
    # The event page also asks the catalog's edition (the resource rule in words), its awards and who dropped
    # themselves since the pairing; the desk's next step reads the rounds the page lists (selectors.event_page),
    # whatever the event's size.
    "event": (lambda event: reverse("tournaments:event", args=[event.pk]), 12),
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(("players", "rounds"), [(4, 1), (24, 4)])
def test_event_pages_use_a_constant_number_of_queries(
    client, played, django_assert_max_num_queries, page, players, rounds
):
    event = played(players, rounds)
    client.force_login(event.organizer)
    address, ceiling = PAGES[page]
    with django_assert_max_num_queries(ceiling):
        response = client.get(address(event))
    assert response.status_code == 200


@pytest.fixture
def large_event(catalog):
    return generated_event(players=128, rounds=7, contents=[legal_fleet_content(catalog)])


@pytest.mark.parametrize("page", PAGES)
def test_event_pages_of_a_large_event_stay_under_the_same_ceiling(
    client, large_event, django_assert_max_num_queries, page
):
    client.force_login(large_event.organizer)
    address, ceiling = PAGES[page]
    with django_assert_max_num_queries(ceiling):
        response = client.get(address(large_event))
    assert response.status_code == 200
    assert response.text.count("<tr") > 64  # the whole field is on the page, not an empty table


def test_the_standings_show_every_player(client, played):
    event = played(24, 4)
    assert client.get(reverse("tournaments:standings", args=[event.pk])).text.count("<tr") == 25
