"""Players check themselves in once check-in opens, and drop themselves between rounds; the desk
sees both (the check-in column, the event's history)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tournaments.access import check_in_open, may_check_in_self, may_drop_self
from tournaments.errors import TournamentError
from tournaments.models import Match, SubmissionChange
from tournaments.services import (
    event_close_check_in,
    event_open_check_in,
    event_start,
    event_update,
    registration_add,
    registration_check_in,
    registration_check_in_self,
    registration_drop_self,
    registration_undrop,
    result_enter,
    round_pair_next,
)
from tournaments.services.event_rules import EventInvalid

pytestmark = pytest.mark.django_db


def starting_in(event, minutes: int, opens_before: int | None) -> None:
    """Give ``event`` a start ``minutes`` from now (on its clock) and a check-in opening ``opens_before``."""
    starts = timezone.localtime() + timedelta(minutes=minutes)
    event.date, event.start_time = starts.date(), starts.time().replace(microsecond=0)
    event.check_in_opens_minutes = opens_before
    event.save(update_fields=["date", "start_time", "check_in_opens_minutes"])


def test_check_in_opens_the_set_minutes_before_the_start(event_staff, enter):
    event = event_staff["event"]
    registration = enter(event, check_in=False)
    starting_in(event, 60, opens_before=30)
    assert not check_in_open(event) and not may_check_in_self(registration)
    with pytest.raises(TournamentError, match="not open"):
        registration_check_in_self(registration=registration)
    starting_in(event, 20, opens_before=30)
    registration.refresh_from_db()
    assert may_check_in_self(registration)
    assert registration_check_in_self(registration=registration).checked_in


def test_the_organizer_opens_check_in_by_hand(event_staff, enter):
    event = event_staff["event"]
    registration = enter(event, check_in=False)
    assert not check_in_open(event)
    event_open_check_in(event=event)
    registration.refresh_from_db()
    assert registration_check_in_self(registration=registration).checked_in
    with pytest.raises(TournamentError, match="already checked in"):
        registration_check_in_self(registration=registration)


def test_the_organizer_closes_check_in_by_hand_and_opens_it_again(event_staff, enter):
    """Closing holds whatever opened check-in (here the minutes before the start); the desk still checks
    players in, and opening it by hand reopens it."""
    event = event_staff["event"]
    late, other = enter(event, check_in=False), enter(event, check_in=False)
    starting_in(event, 20, opens_before=30)
    assert check_in_open(event)
    event_close_check_in(event=event)
    late.refresh_from_db()
    assert not check_in_open(late.event) and not may_check_in_self(late)
    with pytest.raises(TournamentError, match="not open"):
        registration_check_in_self(registration=late)
    late.refresh_from_db()
    assert not late.checked_in
    assert registration_check_in(registration=other).checked_in  # the desk still checks in
    event_open_check_in(event=event)
    late.refresh_from_db()
    assert registration_check_in_self(registration=late).checked_in


def test_closing_check_in_that_is_not_open_is_refused_and_changes_nothing(event_staff):
    event = event_staff["event"]
    with pytest.raises(TournamentError, match="Check-in is not open"):
        event_close_check_in(event=event)
    event.refresh_from_db()
    assert event.check_in_closed_at is None


def test_the_organizer_closes_check_in_on_the_event_page(client, event_staff, enter):
    event = event_staff["event"]
    registration = enter(event, check_in=False)
    event_open_check_in(event=event)
    client.force_login(event.organizer)
    desk = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert "Close check-in" in desk
    response = client.post(reverse("tournaments:close_check_in", args=[event.pk]), follow=True)
    assert "Check-in is closed." in response.content.decode() and "Open check-in" in response.content.decode()
    client.force_login(registration.player)
    page = client.get(reverse("tournaments:event", args=[event.pk])).content
    assert reverse("tournaments:check_in_self", args=[event.pk]).encode() not in page


def test_a_player_without_a_list_cannot_check_in(event_staff):
    event = event_staff["event"]
    registration = registration_add(event=event, player=PlayerFactory())
    event_open_check_in(event=event)
    registration.refresh_from_db()
    with pytest.raises(TournamentError):
        registration_check_in_self(registration=registration)
    registration.refresh_from_db()
    assert not registration.checked_in


def test_check_in_closes_when_the_event_starts(event_staff, enter):
    event = event_staff["event"]
    for _ in range(2):
        enter(event)
    late = enter(event, check_in=False)
    event_open_check_in(event=event)
    event_start(event=event)
    event.refresh_from_db()
    assert not check_in_open(event)
    with pytest.raises(TournamentError):
        event_open_check_in(event=event)
    with pytest.raises(TournamentError):
        registration_check_in_self(registration=late)


@pytest.fixture
def paired(event_staff, enter):
    event = event_staff["event"]
    event.planned_rounds = 2
    event.save(update_fields=["planned_rounds"])
    registrations = [enter(event) for _ in range(4)]
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event, registrations


def test_a_player_drops_themselves_only_between_rounds(paired):
    event, registrations = paired
    mine = registrations[0]
    assert not may_drop_self(mine)
    with pytest.raises(TournamentError, match="between rounds"):
        registration_drop_self(registration=mine)
    for match in Match.objects.filter(round__event=event, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    mine.refresh_from_db()
    assert may_drop_self(mine)
    assert registration_drop_self(registration=mine).dropped
    told = SubmissionChange.objects.get(event=event, player=mine.player, action="dropped themselves")
    assert told.changed_by == mine.player


def test_the_player_checks_in_from_the_event_page_and_the_desk_sees_it(client, event_staff, enter):
    event = event_staff["event"]
    registration = enter(event, check_in=False)
    event_open_check_in(event=event)
    client.force_login(registration.player)
    page = client.get(reverse("tournaments:event", args=[event.pk]))
    assert reverse("tournaments:check_in_self", args=[event.pk]).encode() in page.content
    client.post(reverse("tournaments:check_in_self", args=[event.pk]))
    registration.refresh_from_db()
    assert registration.checked_in
    client.force_login(event.organizer)
    desk = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert "1 checked in" in desk and reverse("tournaments:check_in_qr", args=[event.pk]) in desk


def test_the_qr_code_is_an_svg_of_the_event_page(client, event_staff):
    event = event_staff["event"]
    response = client.get(reverse("tournaments:check_in_qr", args=[event.pk]))
    assert response["Content-Type"] == "image/svg+xml" and b"<svg" in response.content


def test_a_player_cannot_drop_another_player(client, paired):
    event, registrations = paired
    client.force_login(registrations[0].player)
    response = client.post(reverse("tournaments:drop", args=[event.pk, registrations[1].pk]))
    assert response.status_code == 403
    registrations[1].refresh_from_db()
    assert not registrations[1].dropped


def test_a_player_drop_mid_round_is_refused_on_the_page(client, paired):
    event, registrations = paired
    client.force_login(registrations[0].player)
    client.post(reverse("tournaments:drop", args=[event.pk, registrations[0].pk]))
    registrations[0].refresh_from_db()
    assert not registrations[0].dropped


def test_check_in_minutes_need_a_start_time(event_staff):
    """The event form refuses "check-in opens N minutes before the start" for an event without a start."""
    event = event_staff["event"]
    event.start_time = None
    event.save(update_fields=["start_time"])
    with pytest.raises(EventInvalid) as invalid:
        event_update(event=event, by=event.organizer, check_in_opens_minutes=30)
    assert "check_in_opens_minutes" in invalid.value.problems
    event.refresh_from_db()
    assert event.check_in_opens_minutes is None


def test_the_desk_is_told_of_a_self_drop_until_the_next_pairing(client, paired):
    """On the round page and the overview, the staff see who dropped themselves since the round was
    paired; the players and the public do not; the next pairing (which leaves them out) ends it."""
    event, registrations = paired
    for match in Match.objects.filter(round__event=event, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    mine = registrations[0]
    client.force_login(mine.player)
    client.post(reverse("tournaments:drop", args=[event.pk, mine.pk]))
    round_page = reverse("tournaments:round", args=[event.pk, 1])
    overview = reverse("tournaments:event", args=[event.pk])
    banner = f"Dropped themselves since Round 1 was paired: <strong>{mine.name}</strong>"
    assert banner not in client.get(round_page).content.decode()
    client.force_login(event.organizer)
    assert banner in client.get(round_page).content.decode()
    assert banner in client.get(overview).content.decode()
    round_pair_next(event=event, by=event.organizer)
    assert 'id="self-drops"' not in client.get(reverse("tournaments:round", args=[event.pk, 2])).content.decode()
    assert 'id="self-drops"' not in client.get(overview).content.decode()


def test_a_self_drop_the_desk_undid_is_no_longer_told(client, paired):
    event, registrations = paired
    for match in Match.objects.filter(round__event=event, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    registration_drop_self(registration=registrations[0])
    registration_undrop(registration=registrations[0])
    client.force_login(event.organizer)
    assert 'id="self-drops"' not in client.get(reverse("tournaments:round", args=[event.pk, 1])).content.decode()
