"""The player cap and the waitlist: players past the cap wait in order, a withdrawal promotes the
first in line and tells them by mail once committed, the organizer promotes or removes by hand, and
the staff may add players over the cap."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments import selectors
from tournaments.access import may_change_list
from tournaments.errors import TournamentError
from tournaments.models import Event, Registration, WaitlistEntry
from tournaments.services import (
    event_start,
    event_update,
    registration_add,
    registration_sign_up,
    registration_submit_fleet,
    registration_withdraw,
    waitlist_leave,
    waitlist_promote,
)

pytestmark = pytest.mark.django_db


def fill(event, count):
    return [registration_sign_up(event=event, player=PlayerFactory()) for _ in range(count)]


def test_past_the_cap_players_join_the_waitlist_in_order():
    event = EventFactory(player_cap=2)
    registered = fill(event, 2)
    waiting = fill(event, 2)
    assert all(isinstance(entry, Registration) for entry in registered)
    assert all(isinstance(entry, WaitlistEntry) for entry in waiting)
    assert [entry.pk for entry in selectors.event_waitlist(event)] == [entry.pk for entry in waiting]
    places = selectors.event_places(event, selectors.event_registrations(event), selectors.event_waitlist(event))
    assert places == selectors.Places(registered=2, cap=2, waiting=2, has_room=False, open=True)


def test_a_player_may_not_register_themselves_past_the_cap_by_any_way():
    event = EventFactory(player_cap=2)
    fill(event, 2)
    with pytest.raises(TournamentError, match="full .2 players.: join the waitlist"):
        registration_add(event=event, player=PlayerFactory())
    assert event.registrations.count() == 2


def test_a_player_waits_only_once_and_never_while_registered():
    event = EventFactory(player_cap=1)
    (first,) = fill(event, 1)
    with pytest.raises(TournamentError, match="already registered"):
        registration_sign_up(event=event, player=first.player)
    (entry,) = fill(event, 1)
    with pytest.raises(TournamentError, match="already on the waitlist"):
        registration_sign_up(event=event, player=entry.player)
    assert event.waitlist.count() == 1


def test_a_withdrawal_promotes_the_first_in_line_and_mails_them_after_commit(django_capture_on_commit_callbacks):
    event = EventFactory(player_cap=2, name="Winter Open")
    first, _ = fill(event, 2)
    next_in_line, later = fill(event, 2)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        registration_withdraw(registration=first, site_url="https://muster.example/")
    assert mail.outbox == []  # nothing is sent before the withdrawal is committed
    assert event.registrations.filter(player=next_in_line.player).exists()
    assert list(event.waitlist.values_list("player", flat=True)) == [later.player_id]
    for callback in queued:
        callback()
    (message,) = mail.outbox
    assert message.to == [next_in_line.player.email]
    assert "Winter Open" in message.subject
    assert f"https://muster.example{reverse('tournaments:event', args=[event.pk])}" in message.body


def test_a_withdrawal_over_the_cap_promotes_nobody():
    """Players the staff added over the cap keep it full: a withdrawal frees no place below it."""
    event = EventFactory(player_cap=2)
    first, _ = fill(event, 2)
    registration_add(event=event, player=PlayerFactory(), added_by=event.organizer)
    fill(event, 1)
    registration_withdraw(registration=first)
    assert event.registrations.count() == 2 and event.waitlist.count() == 1


def test_staff_add_players_over_the_cap_and_a_waiting_player_they_add_leaves_the_waitlist():
    event = EventFactory(player_cap=1)
    fill(event, 1)
    (entry,) = fill(event, 1)
    registration_add(event=event, player=entry.player, added_by=event.organizer)
    registration_add(event=event, player=PlayerFactory(), added_by=event.organizer)
    assert event.registrations.count() == 3 and not event.waitlist.exists()


def test_the_organizer_promotes_by_hand_over_the_cap_and_removes(django_capture_on_commit_callbacks):
    event = EventFactory(player_cap=1)
    fill(event, 1)
    promoted, removed = fill(event, 2)
    with django_capture_on_commit_callbacks(execute=True):
        registration = waitlist_promote(entry=promoted, by=event.organizer)
    assert registration.added_by == event.organizer and len(mail.outbox) == 1
    waitlist_leave(entry=removed)
    assert event.registrations.count() == 2 and not event.waitlist.exists()
    with pytest.raises(TournamentError, match="no longer on the waitlist"):
        waitlist_leave(entry=removed)


def test_nobody_is_promoted_once_the_event_has_started(enter):
    event = EventFactory(player_cap=2)
    enter(event), enter(event)
    (entry,) = fill(event, 1)
    event_start(event=event)
    with pytest.raises(TournamentError, match="late entry"):
        waitlist_promote(entry=entry, by=event.organizer)
    assert event.waitlist.count() == 1


def test_an_event_without_a_cap_never_fills():
    event = EventFactory()
    fill(event, 5)
    assert selectors.event_places(event, selectors.event_registrations(event), []).has_room
    assert not event.waitlist.exists()


def test_raising_the_cap_promotes_in_order_and_taking_it_away_promotes_everyone(django_capture_on_commit_callbacks):
    event = EventFactory(player_cap=2)
    fill(event, 2)
    first, second, third = fill(event, 3)
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=event, player_cap=3, site_url="https://muster.example/")
    assert event.registrations.filter(player=first.player).exists() and event.waitlist.count() == 2
    assert [message.to for message in mail.outbox] == [[first.player.email]]
    event_update(event=event, player_cap=None)
    assert event.registrations.count() == 5 and not event.waitlist.exists()


@pytest.fixture
def past_the_deadline(make_fleet):
    """A full event whose list deadline has passed, a registered player about to withdraw, and one waiting."""
    event = EventFactory(player_cap=1, submission_deadline=timezone.now() + timedelta(hours=1))
    leaving = registration_sign_up(event=event, player=PlayerFactory())
    waiting = registration_sign_up(event=event, player=PlayerFactory())
    deadline_passed(event)
    leaving.refresh_from_db()
    return event, leaving, waiting, make_fleet


def deadline_passed(event):
    """An hour ago the list deadline passed; everyone registered now registered an hour before it."""
    now = timezone.now()
    Registration.objects.filter(event=event).update(registered_at=now - timedelta(hours=2))
    Event.objects.filter(pk=event.pk).update(submission_deadline=now - timedelta(hours=1))
    event.refresh_from_db()


def test_a_player_promoted_after_the_list_deadline_submits_their_first_list_and_it_stays(past_the_deadline):
    """The rule: a place that began after the deadline takes its first list after it (docs/events.md)."""
    event, leaving, waiting, make_fleet = past_the_deadline
    registration_withdraw(registration=leaving)
    promoted = event.registrations.get(player=waiting.player)
    assert may_change_list(promoted)
    registration_submit_fleet(registration=promoted, fleet=make_fleet(promoted.player))
    promoted.refresh_from_db()
    assert promoted.fleet_submitted_at is not None and not may_change_list(promoted)
    with pytest.raises(TournamentError, match="deadline has passed"):
        registration_submit_fleet(registration=promoted, fleet=make_fleet(promoted.player, name="Another"))


def test_a_player_registered_before_the_deadline_without_a_list_is_still_refused(past_the_deadline, client):
    event, leaving, _waiting, make_fleet = past_the_deadline
    with pytest.raises(TournamentError, match="deadline has passed"):
        registration_submit_fleet(registration=leaving, fleet=make_fleet(leaving.player))
    leaving.refresh_from_db()
    assert leaving.fleet_submitted_at is None


def test_a_player_back_through_the_waitlist_after_the_deadline_keeps_no_second_chance(make_fleet):
    """Who submitted a list, withdrew and came back through the waitlist after the deadline is held to
    it: the late place's first list is for players who could not have met the deadline."""
    event = EventFactory(player_cap=1, submission_deadline=timezone.now() + timedelta(hours=1))
    player = PlayerFactory()
    first = registration_sign_up(event=event, player=player)
    registration_submit_fleet(registration=first, fleet=make_fleet(player))
    deadline_passed(event)
    registration_withdraw(registration=Registration.objects.get(pk=first.pk))
    taking_the_place = registration_sign_up(event=event, player=PlayerFactory())
    registration_sign_up(event=event, player=player)  # full: waits
    registration_withdraw(registration=taking_the_place)
    again = event.registrations.get(player=player)
    assert again.promoted_at is not None and not may_change_list(again)
    with pytest.raises(TournamentError, match="deadline has passed"):
        registration_submit_fleet(registration=again, fleet=make_fleet(player, name="Changed"))


def test_a_player_who_withdrew_without_a_list_and_came_back_through_the_waitlist_submits_one(make_fleet):
    """Only a list held before counts against the late place: a withdrawal with none leaves the chance."""
    event = EventFactory(player_cap=1, submission_deadline=timezone.now() + timedelta(hours=1))
    player = PlayerFactory()
    first = registration_sign_up(event=event, player=player)
    deadline_passed(event)
    registration_withdraw(registration=Registration.objects.get(pk=first.pk))
    taking_the_place = registration_sign_up(event=event, player=PlayerFactory())
    registration_sign_up(event=event, player=player)
    registration_withdraw(registration=taking_the_place)
    again = event.registrations.get(player=player)
    assert registration_submit_fleet(registration=again, fleet=make_fleet(player)).fleet_submitted_at


def test_the_promoted_player_is_offered_the_submission_on_the_event_page(past_the_deadline, client):
    event, leaving, waiting, _make_fleet = past_the_deadline
    registration_withdraw(registration=leaving)
    client.force_login(waiting.player)
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert reverse("tournaments:submit_fleet", args=[event.pk]) in page
    client.force_login(leaving.player)
    assert (
        reverse("tournaments:submit_fleet", args=[event.pk])
        not in client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    )
