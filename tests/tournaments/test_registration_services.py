"""Registering, submitting fleets, check-in, byes, drops and late entries, on the real database."""

from datetime import timedelta

import pytest
from django.utils import timezone

from fleets.models import Fleet
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory, illegal_fleet_content
from tournaments.errors import FleetRefused, TournamentError
from tournaments.models import EventStatus
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_drop,
    registration_grant_bye,
    registration_submit_fleet,
    registration_undrop,
    registration_withdraw,
)

pytestmark = pytest.mark.django_db


def test_a_player_registers_once(player):
    event = EventFactory()
    registration_add(event=event, player=player)
    with pytest.raises(TournamentError, match="already registered"):
        registration_add(event=event, player=player)


def test_a_legal_fleet_is_submitted_as_its_exact_version(player, make_fleet):
    event = EventFactory()
    registration = registration_add(event=event, player=player)
    fleet = make_fleet(player)
    registration = registration_submit_fleet(registration=registration, fleet=fleet)
    assert registration.fleet_version == fleet.current_version
    assert registration.fleet_submitted_at is not None


def test_an_illegal_fleet_is_refused_with_its_violations(player, make_fleet, catalog):
    """Seed 003, Suggested tournament format: a fleet needs at least 3 ships."""
    event = EventFactory()
    registration = registration_add(event=event, player=player)
    fleet = make_fleet(player, illegal_fleet_content(catalog))
    with pytest.raises(FleetRefused) as refused:
        registration_submit_fleet(registration=registration, fleet=fleet)
    assert any("3" in violation for violation in refused.value.violations)
    registration.refresh_from_db()
    assert registration.fleet_version is None


def test_only_the_players_own_fleet_can_be_submitted(player, other_player, make_fleet):
    registration = registration_add(event=EventFactory(), player=player)
    with pytest.raises(TournamentError, match="own"):
        registration_submit_fleet(registration=registration, fleet=make_fleet(other_player))


def test_the_deadline_stops_players_but_not_entries_added_by_staff(player, other_player, make_fleet):
    event = EventFactory(submission_deadline=timezone.now() - timedelta(hours=1))
    registration = registration_add(event=event, player=player)
    with pytest.raises(TournamentError, match="deadline"):
        registration_submit_fleet(registration=registration, fleet=make_fleet(player))
    walk_in = registration_add(event=event, player=other_player, added_by=event.organizer)
    registration_submit_fleet(registration=walk_in, fleet=make_fleet(other_player))


def test_check_in_needs_a_fleet(player):
    event = EventFactory()
    registration = registration_add(event=event, player=player)
    with pytest.raises(TournamentError, match="not submitted a fleet"):
        registration_check_in(registration=registration)


def test_starting_locks_every_submitted_fleet_and_fixes_the_rounds(enter):
    """Checked in or not: what the event shows of a fleet is its submitted version, and it never changes."""
    event = EventFactory()
    registrations = [enter(event) for _ in range(5)]
    absent = enter(event, check_in=False)
    event = event_start(event=event)
    assert event.status == EventStatus.RUNNING
    assert event.planned_rounds == 3  # ceil(log2(5))
    locked = set(Fleet.objects.filter(locked_at__isnull=False).values_list("pk", flat=True))
    assert {r.fleet_version.fleet_id for r in registrations} <= locked
    assert absent.fleet_version.fleet_id in locked


def test_an_event_needs_two_checked_in_players_to_start(enter):
    event = EventFactory()
    enter(event)
    with pytest.raises(TournamentError, match="two"):
        event_start(event=event)


def test_players_register_themselves_only_while_registration_is_open(enter, player):
    event = EventFactory()
    enter(event), enter(event)
    event_start(event=event)
    with pytest.raises(TournamentError, match="closed"):
        registration_add(event=event, player=player)


def test_a_late_entry_is_added_by_staff_and_locked_when_checked_in(enter, make_fleet):
    event = EventFactory()
    enter(event), enter(event)
    event_start(event=event)
    late = enter(event, PlayerFactory())
    assert late.checked_in
    assert Fleet.objects.get(pk=late.fleet_version.fleet_id).is_locked


def test_a_checked_in_player_cannot_change_fleet_once_the_event_runs(enter, make_fleet):
    event = EventFactory()
    first, _ = enter(event), enter(event)
    event_start(event=event)
    with pytest.raises(TournamentError, match="cannot change"):
        registration_submit_fleet(registration=first, fleet=make_fleet(first.player, name="Other"))


def test_withdrawing_is_only_before_the_start(enter):
    event = EventFactory()
    first, second = enter(event), enter(event)
    registration_withdraw(registration=first)
    assert not event.registrations.filter(pk=first.pk).exists()
    third = enter(event)
    event_start(event=event)
    with pytest.raises(TournamentError, match="drop instead"):
        registration_withdraw(registration=third)
    assert second.pk


def test_drop_and_undo_drop(enter):
    event = EventFactory()
    registration, _ = enter(event), enter(event)
    with pytest.raises(TournamentError, match="withdraw instead"):
        registration_drop(registration=registration)
    event_start(event=event)
    registration_drop(registration=registration)
    registration.refresh_from_db()
    assert registration.dropped
    with pytest.raises(TournamentError, match="already dropped"):
        registration_drop(registration=registration)
    registration_undrop(registration=registration)
    registration.refresh_from_db()
    assert not registration.dropped


def test_the_final_standings_stay_as_published_no_drop_after_the_finish(enter):
    event = EventFactory()
    registration = enter(event)
    type(event).objects.filter(pk=event.pk).update(status=EventStatus.FINISHED)
    with pytest.raises(TournamentError, match="only while the event runs"):
        registration_drop(registration=registration)
    with pytest.raises(TournamentError, match="only be undone while the event runs"):
        registration_undrop(registration=registration)


def test_a_first_round_bye_is_granted_before_pairing(enter):
    event = EventFactory()
    registration = enter(event)
    registration_grant_bye(registration=registration)
    registration.refresh_from_db()
    assert registration.first_round_bye
