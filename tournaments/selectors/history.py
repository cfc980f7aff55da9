"""What happened at an event: result changes, list submissions, reports, in words and as JSON."""

from __future__ import annotations

import json

from accounts.models import GuestPlayer

from ..models import (
    Event,
    ResultChange,
    StaffChange,
    SubmissionChange,
)


def event_history(event: Event) -> list[ResultChange]:
    """Every result change of the event, newest first, with the JSON shown as text."""
    changes = list(
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .order_by("-changed_at", "-pk")
    )
    for change in changes:
        change.before_text = json.dumps(change.before, sort_keys=True)
        change.after_text = json.dumps(change.after, sort_keys=True)
    return changes


def event_submission_history(event: Event) -> list[SubmissionChange]:
    """Every list submission, replacement and withdrawal of the event, oldest first."""
    return list(SubmissionChange.objects.filter(event=event).select_related("player", "changed_by"))


def event_staff_history(event: Event) -> list[StaffChange]:
    """Every judge appointed to the event or removed from it, and by whom, oldest first."""
    return list(StaffChange.objects.filter(event=event).select_related("person", "changed_by"))


def event_walk_ins(event: Event) -> list[GuestPlayer]:
    """The event's walk-ins: who entered them, when, and when they claimed their account by signing up."""
    return list(
        GuestPlayer.objects.filter(user__registrations__event=event)
        .select_related("user", "created_by")
        .order_by("created_at", "pk")
    )
