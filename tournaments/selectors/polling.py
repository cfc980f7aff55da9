"""What pollers of an event (a Discord bot, a stream overlay, a calendar) need to know cheaply: has it changed?"""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.db.models import Count, Max, Q

from ..models import Event, MatchSide, ResultChange, Round


def event_state(event: Event) -> tuple[str, datetime]:
    """A fingerprint of everything the events API shows of ``event``, and when it last changed.

    A few queries, whatever the event's size: the event's own row, its registrations
    (entries, check-ins, drops, submitted lists, who paid), its waitlist's length, its rounds
    (pairings, clocks) and its results (every change is a :class:`ResultChange`; seats count what a
    re-pairing moves). Anything the
    API answers changes one of them, so an unchanged fingerprint means an unchanged answer.
    """
    row = Event.objects.filter(pk=event.pk).values().first() or {}
    registrations = event.registrations.aggregate(
        count=Count("pk"),
        checked_in=Count("pk", filter=Q(checked_in=True)),
        dropped=Count("pk", filter=~Q(dropped_at=None)),
        last_drop=Max("dropped_at"),
        last_list=Max("fleet_submitted_at"),
        last_entry=Max("registered_at"),
    )
    rounds = Round.objects.filter(event=event).aggregate(
        count=Count("pk"), paired=Max("paired_at"), clock=Max("clock_started_at")
    )
    results = ResultChange.objects.filter(match__round__event=event).aggregate(
        count=Count("pk"), last=Max("changed_at")
    )
    seats = MatchSide.objects.filter(round__event=event).aggregate(count=Count("pk"), last=Max("pk"))
    judges = sorted(event.judges.values_list("pk", flat=True))
    # Who paid (the organizer's answer names them) and how many wait (everyone's answer counts them).
    paid = sorted(event.registrations.filter(paid=True).values_list("pk", flat=True))
    waiting = event.waitlist.count()
    fingerprint = repr((sorted(row.items()), judges, paid, waiting, registrations, rounds, results, seats))
    times = [
        t
        for t in (
            event.created_at,
            registrations["last_drop"],
            registrations["last_list"],
            registrations["last_entry"],
            rounds["paired"],
            rounds["clock"],
            results["last"],
        )
        if t is not None
    ]
    return hashlib.sha256(fingerprint.encode()).hexdigest()[:32], max(times)
