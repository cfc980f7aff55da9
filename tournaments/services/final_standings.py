"""Storing each player's final line at finished events (:class:`tournaments.models.FinalStanding`).

Finishing an event stores its lines, and so does a correction made after the finish; the
``final_standings`` command stores them again for every finished event (events finished before
the rows existed, or rows that went wrong). The lines are :func:`tournaments.selectors.standings.event_standings`'s
rows, so they equal the event's own standings page; once a top cut is played, its placing comes
first, as it does on that page. Apps above keep their own figures of finished
events in step through :data:`tournaments.signals.final_standings_stored`.
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction

from ..models import Event, EventStatus, FinalStanding, Registration, Stage
from ..selectors.bracket import cut_places
from ..selectors.seats import SeatResult, events_seat_results
from ..selectors.standings import StandingRow, event_standings
from ..signals import final_standings_stored

BATCH = 2000


def final_standings_store(*, events: list[Event]) -> int:
    """Store (again) the final lines of the finished ones of ``events``, in a fixed number of queries
    however many events; the number of lines stored. Call it inside the transaction that finished
    or corrected them."""
    events = [event for event in events if event.status == EventStatus.FINISHED]
    registrations = defaultdict(list)
    for registration in Registration.objects.filter(event__in=events).select_related("player"):
        registrations[registration.event_id].append(registration)
    seats = events_seat_results(events)
    FinalStanding.objects.filter(event__in=events).delete()
    lines = []
    for event in events:
        rows = event_standings(event, registrations=registrations[event.pk], seats=seats[event.pk]).rows
        ranks = final_ranks(rows, seats[event.pk])
        lines += [
            FinalStanding(
                event=event,
                registration_id=row.registration_id,
                rank=ranks[row.registration_id],
                wins=row.wins,
                ties=row.ties,
                losses=row.losses,
                byes=row.byes,
                match_points=row.match_points,
            )
            for row in rows
        ]
    FinalStanding.objects.bulk_create(lines, batch_size=BATCH)
    final_standings_stored.send(sender=FinalStanding, events=events)
    return len(lines)


def final_ranks(rows: list[StandingRow], seats: list[SeatResult]) -> dict[int, int]:
    """Each registration's final place: the Swiss rank, or once a top cut's final is played, the cut's
    placing first (:func:`tournaments.selectors.bracket.cut_places`: champion, finalist, then each
    round's losers in Swiss order) and everyone else after them in Swiss order."""
    tables = defaultdict(list)
    for seat in seats:
        if seat.stage == Stage.CUT:
            tables[seat.round_number, seat.match_id].append((seat.registration_id, seat.outcome))
    rounds = defaultdict(list)
    for (number, _), seated in sorted(tables.items()):
        if len(seated) == 2:  # a table, not a bye
            rounds[number] += seated
    swiss = [row.registration_id for row in rows]
    cut = [pk for _, pk in cut_places([rounds[number] for number in sorted(rounds)], swiss)]
    if not cut:
        return {row.registration_id: row.rank for row in rows}
    seeded = set(cut)
    order = cut + [pk for pk in swiss if pk not in seeded]
    return {pk: place for place, pk in enumerate(order, start=1)}


def final_standings_rebuild(*, batch: int = 500) -> int:
    """Every finished event's final lines stored again, ``batch`` events at a time; the lines stored."""
    finished = Event.objects.filter(status=EventStatus.FINISHED).order_by("pk")
    stored, after = 0, 0
    while chunk := list(finished.filter(pk__gt=after)[:batch]):
        with transaction.atomic():
            stored += final_standings_store(events=chunk)
        after = chunk[-1].pk
    return stored
