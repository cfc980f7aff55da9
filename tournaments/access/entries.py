"""A player's own entry: registering, withdrawing, dropping, their club, their sportsmanship vote."""

from __future__ import annotations

from django.utils import timezone

from accounts.permissions import has_role
from accounts.roles import PLAYER

from ..models import Event, MatchStatus, Registration, SportsmanshipVote
from .events import is_finished, registration_open


def may_register(user, event: Event, registration: Registration | None) -> bool:
    """Whether ``user`` may register themselves (or join the waitlist of a full event, :func:`has_room`):
    a signed-in player not registered yet, while registration is open."""
    return registration is None and user.is_authenticated and has_role(user, PLAYER) and registration_open(event)


def may_set_club(registration: Registration) -> bool:
    """Whether the club or store of the player's entry may still change: until the event is finished."""
    return not is_finished(registration.event)


def may_withdraw(registration: Registration) -> bool:
    """Whether the player may leave the event outright: only before it starts (once it has, they drop)."""
    return not registration.event.has_started


def may_drop(registration: Registration) -> bool:
    """Whether the player may drop: while the event runs, once (their results stay)."""
    return registration.event.is_running and not registration.dropped


def may_drop_self(registration: Registration) -> bool:
    """Whether the player may drop themselves: between rounds only (:func:`may_drop`), never while a
    match of theirs waits for its confirmed result -- the desk drops a player mid-round."""
    if not may_drop(registration):
        return False
    open_matches = registration.sides.filter(match__table__isnull=False).exclude(match__status=MatchStatus.CONFIRMED)
    return not open_matches.exists()


def may_vote_sportsmanship(registration: Registration) -> bool:
    """Whether the player may cast their one Best Sportsmanship vote: once the event is finished
    (after its last round) and until voting closes (:func:`votes_closed`), if they played in it and
    have not voted yet."""
    event = registration.event
    if not is_finished(event) or votes_closed(event) or not registration.checked_in:
        return False
    return not SportsmanshipVote.objects.filter(voter=registration).exists()


def votes_closed(event: Event) -> bool:
    """Whether Best Sportsmanship voting has closed: ``VOTING_DAYS`` after the finish (an event finished
    before votes had a closing time keeps them open)."""
    return event.votes_close_at is not None and timezone.now() >= event.votes_close_at
