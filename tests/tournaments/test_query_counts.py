"""Event pages cost a fixed number of queries, however many players and rounds the event has.

Each page is measured on a small event and on a larger one; both must stay
under the same ceiling, so a query per player or per round would fail here.
"""

import pytest
from django.urls import reverse

from tests.tournaments.factories import EventFactory
from tournaments.match_result import MatchResult
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


# page -> (its address, the most queries it may take); sessions and the user account included.
PAGES = {
    "standings": (lambda event: reverse("tournaments:standings", args=[event.pk]), 10),
    "pairings": (lambda event: reverse("tournaments:round", args=[event.pk, event.rounds.count()]), 16),
    "fleets": (lambda event: reverse("tournaments:fleets", args=[event.pk]), 10),
    "event": (lambda event: reverse("tournaments:event", args=[event.pk]), 10),
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


def test_the_standings_show_every_player(client, played):
    event = played(24, 4)
    assert client.get(reverse("tournaments:standings", args=[event.pk])).text.count("<tr") == 25
