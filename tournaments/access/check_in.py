"""Players checking themselves in before the start."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from ..games import event_game
from ..models import Event, Registration
from ..zones import event_start
from .events import registration_open


def check_in_open(event: Event) -> bool:
    """Whether players may check themselves in now: before the start only, once the organizer opened
    check-in by hand or from the event's "check-in opens N minutes before the start", and not closed by hand."""
    if not registration_open(event) or event.check_in_closed_at is not None:
        return False
    if event.check_in_opened_at is not None:
        return True
    starts = event_start(event)
    if starts is None or event.check_in_opens_minutes is None:
        return False
    return timezone.now() >= starts - timedelta(minutes=event.check_in_opens_minutes)


def may_check_in_self(registration: Registration) -> bool:
    """Whether the player may check themselves in now: check-in is open (:func:`check_in_open`), they
    have not dropped nor checked in already, and their list is submitted (the desk's rule too)."""
    if registration.checked_in or registration.dropped or not check_in_open(registration.event):
        return False
    return event_game(registration.event.game).has_lists(registration)
