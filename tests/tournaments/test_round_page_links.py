"""The round page links a table's match page for those the access rule lets open it, and no one else.

``tournaments.access.may_open_match`` is the one rule (the match page enforces the same with
``require_match_player_or_staff``): the table's players and the event's staff, never a bye.
"""

import re

import pytest
from django.urls import reverse

from tournaments.models import Match
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(event_staff, enter):
    """Five players: two tables and a bye."""
    event = event_staff["event"]
    registrations = [enter(event) for _ in range(5)]
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event, registrations


def linked_tables(client, event) -> set[int]:
    page = client.get(reverse("tournaments:round", args=[event.pk, 1])).content.decode()
    return {int(table) for table in re.findall(r'aria-label="Match page, table (\d+)"', page)}


def test_a_player_sees_the_link_of_their_own_table_only(round_one, client):
    event, _ = round_one
    match = Match.objects.filter(round__event=event, table__isnull=False).first()
    player = match.sides.first().registration.player
    client.force_login(player)
    assert linked_tables(client, event) == {match.table}


@pytest.mark.parametrize("who", ["organizer", "judge"])
def test_the_staff_see_every_tables_link_but_the_byes(round_one, event_staff, client, who):
    event, _ = round_one
    client.force_login(event_staff[who])
    played = set(Match.objects.filter(round__event=event, table__isnull=False).values_list("table", flat=True))
    assert len(played) == 2
    assert linked_tables(client, event) == played


def test_a_visitor_and_another_events_judge_see_no_link(round_one, event_staff, client):
    event, _ = round_one
    assert linked_tables(client, event) == set()
    client.force_login(event_staff["other_judge"])
    assert linked_tables(client, event) == set()
