"""The grant the tournaments app gives the fleets app: who may see a fleet submitted to an event."""

import pytest
from django.contrib.auth.models import AnonymousUser

from fleets.access import can_view_fleet, fleet_submissions
from tests.accounts.factories import PlayerFactory
from tournaments.models import Event, MatchSide
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def entries(event_staff, enter):
    event = event_staff["event"]
    return [enter(event, PlayerFactory()) for _ in range(4)]


def fleet(registration):
    return registration.fleet_version.fleet


def test_before_the_start_only_the_events_staff_and_the_owner_see_a_fleet(event_staff, entries):
    shown = fleet(entries[0])
    assert can_view_fleet(entries[0].player, shown)
    assert can_view_fleet(event_staff["organizer"], shown)
    assert can_view_fleet(event_staff["judge"], shown)
    assert not can_view_fleet(event_staff["other_judge"], shown)
    assert not can_view_fleet(event_staff["other_organizer"], shown)
    assert not can_view_fleet(entries[1].player, shown)
    assert not can_view_fleet(AnonymousUser(), shown)


def test_once_paired_a_player_sees_only_their_opponents_fleet(event_staff, entries):
    event = event_staff["event"]
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    seat = {side.registration_id: side.match_id for side in MatchSide.objects.filter(round=round_)}
    viewer = entries[0]
    for other in entries[1:]:
        assert can_view_fleet(viewer.player, fleet(other)) is (seat[other.pk] == seat[viewer.pk])


def test_public_lists_show_every_fleet_to_everyone_once_the_event_starts(event_staff, entries):
    event = event_staff["event"]
    Event.objects.filter(pk=event.pk).update(lists_public=True)
    assert not can_view_fleet(AnonymousUser(), fleet(entries[0]))
    event_start(event=event)
    assert can_view_fleet(AnonymousUser(), fleet(entries[0]))


def test_the_verification_page_learns_which_events_a_fleet_is_submitted_to(event_staff, entries):
    (submission,) = fleet_submissions(fleet(entries[0]))
    assert submission.event_name == event_staff["event"].name
    assert submission.version_id == entries[0].fleet_version_id
