"""Creating, editing, starting and finishing events."""

from __future__ import annotations

from django.db import transaction

from ..errors import TournamentError
from ..formats import default_fleet_point_base
from ..models import Event, EventStatus, Match, MatchStatus
from .locking import lock_event, lock_submitted_fleet

# Settings that decide how the event is played; they freeze once it starts.
FROZEN_ONCE_STARTED = (
    "game",
    "format",
    "fleet_point_base",
    "win_points",
    "tie_points",
    "loss_points",
    "top_cut",
    "banned_resources",
)


@transaction.atomic
def event_create(*, organizer, judges=(), **fields) -> Event:
    """A new event in registration, run by ``organizer``; the fleet-point base defaults to the format's limit."""
    if not fields.get("fleet_point_base"):
        fields["fleet_point_base"] = default_fleet_point_base(fields["game"], fields["format"])
    event = Event.objects.create(organizer=organizer, **fields)
    event.judges.set(judges)
    return event


@transaction.atomic
def event_update(*, event: Event, judges=None, **fields) -> Event:
    """Change the event's settings (and judges, when given). How the event is played is fixed at the
    start; the number of rounds, the tie-breakers and the rest may still change."""
    event = lock_event(event)
    if event.status == EventStatus.FINISHED:
        raise TournamentError("A finished event cannot be changed.")
    changed = [name for name in FROZEN_ONCE_STARTED if name in fields and fields[name] != getattr(event, name)]
    if event.has_started and changed:
        raise TournamentError(f"These settings cannot change once the event has started: {', '.join(changed)}.")
    if "game" in changed and event.registrations.filter(checked_in=True).exists():
        raise TournamentError("Players are checked in with lists of this game, so the game cannot change.")
    if not fields.get("fleet_point_base", True):
        fields["fleet_point_base"] = default_fleet_point_base(
            fields.get("game", event.game), fields.get("format", event.format)
        )
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    if judges is not None:
        event.judges.set(judges)
    return event


@transaction.atomic
def event_start(*, event: Event) -> Event:
    """Close registration: lock every fleet submitted to the event and fix the number of Swiss rounds.

    Every submitted fleet locks, its player checked in or not: a player checked in later plays the
    list they submitted, and what the event shows of it (its submitted version) can never change.
    """
    event = lock_event(event)
    if event.status != EventStatus.REGISTRATION:
        raise TournamentError("The event has already started.")
    players = list(event.registrations.filter(checked_in=True, dropped_at=None).select_related("fleet_version"))
    if len(players) < 2:
        raise TournamentError("At least two checked-in players are needed to start.")
    for registration in event.registrations.exclude(fleet_version=None).select_related("fleet_version__fleet"):
        lock_submitted_fleet(registration)
    event.planned_rounds = event.swiss_rounds(len(players))
    event.status = EventStatus.RUNNING
    event.save(update_fields=["planned_rounds", "status"])
    return event


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    event = lock_event(event)
    if event.status != EventStatus.RUNNING:
        raise TournamentError("Only a running event can be finished.")
    if not event.rounds.exists():
        raise TournamentError("No round has been played yet.")
    if Match.objects.filter(round__event=event).exclude(status=MatchStatus.CONFIRMED).exists():
        raise TournamentError("Some matches still have no confirmed result.")
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])
    return event
