"""The player cap and the waitlist: players past the cap wait in order, a withdrawal promotes the
first in line and tells them by mail once committed, the organizer promotes or removes by hand, and
the staff may add players over the cap."""

import pytest
from django.core import mail
from django.urls import reverse

from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import Registration, WaitlistEntry
from tournaments.services import (
    event_start,
    event_update,
    registration_add,
    registration_sign_up,
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
