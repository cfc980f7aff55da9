"""Storing each player's final line at finished events (:class:`tournaments.models.FinalStanding`).

Finishing an event stores its lines, and so does a correction made after the finish; the
``final_standings`` command stores them again for every finished event (events finished before
the rows existed, or rows that went wrong). The lines are :func:`tournaments.selectors.final.final_standings`'s
rows, so they equal the event's own standings page: once a top cut is played, its placing comes
first, and each record counts the cut's games. Apps above keep their own figures of finished
events in step through :data:`tournaments.signals.final_standings_stored`, and the ratings through
:data:`tournaments.signals.final_results_changed` (:func:`final_results_store`).
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction

from ..access import is_finished
from ..models import Event, EventStatus, FinalStanding, Registration
from ..selectors.final import final_standings
from ..selectors.seats import events_seat_results
from ..signals import final_results_changed, final_standings_stored

BATCH = 2000


def final_standings_store(*, events: list[Event]) -> int:
    """Store (again) the final lines of the finished ones of ``events``, in a fixed number of queries
    however many events; the number of lines stored. Call it inside the transaction that finished
    or corrected them."""
    events = [event for event in events if is_finished(event)]
    registrations = defaultdict(list)
    for registration in Registration.objects.filter(event__in=events).select_related("player"):
        registrations[registration.event_id].append(registration)
    seats = events_seat_results(events)
    FinalStanding.objects.filter(event__in=events).delete()
    lines = []
    for event in events:
        final = final_standings(event, registrations=registrations[event.pk], seats=seats[event.pk])
        lines += [
            FinalStanding(
                event=event,
                registration_id=row.registration_id,
                rank=row.place,
                wins=row.wins,
                ties=row.ties,
                losses=row.losses,
                byes=row.byes,
                match_points=row.swiss.match_points,
            )
            for row in final.rows
        ]
    FinalStanding.objects.bulk_create(lines, batch_size=BATCH)
    final_standings_stored.send(sender=FinalStanding, events=events)
    return len(lines)


def final_results_store(*, event: Event) -> None:
    """``event``'s results are final, or changed after its finish: the services that do this (finishing,
    a correction after the finish, the import of a finished event) call it inside their transaction. Its
    final lines are stored again and the apps above are told (:data:`tournaments.signals.final_results_changed`:
    the ratings), by this call and never by saving the event. An event not finished has no final results."""
    if not is_finished(event):
        return
    final_standings_store(events=[event])
    final_results_changed.send(sender=Event, event=event)


def final_standings_rebuild(*, batch: int = 500) -> int:
    """Every finished event's final lines stored again, ``batch`` events at a time; the lines stored."""
    finished = Event.objects.filter(status=EventStatus.FINISHED).order_by("pk")
    stored, after = 0, 0
    while chunk := list(finished.filter(pk__gt=after)[:batch]):
        with transaction.atomic():
            stored += final_standings_store(events=chunk)
        after = chunk[-1].pk
    return stored
