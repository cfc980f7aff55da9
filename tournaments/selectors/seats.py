"""Every seat of an event's matches, as objects (exports) or as plain values (standings, pairing)."""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from django.db.models import F

from ..models import (
    Event,
    MatchSide,
)


def event_sides(event: Event) -> list[MatchSide]:
    """Every seat of every match of the event, in one query: the input of standings and exports."""
    return list(
        MatchSide.objects.filter(round__event=event)
        .select_related("match", "round", "registration__player")
        .order_by("round__number", F("match__table").asc(nulls_last=True), "seat")
    )


class SeatResult(NamedTuple):
    """One seat of a match with its result, as plain values: what standings and pairing read.

    Standings read every seat of the event on every page view (4,608 seats for 512
    players after 9 rounds); building a side, match, round and registration object
    for each costs far more than ranking the players, so these come from one
    ``values_list`` query (:func:`event_seat_results`).
    """

    match_id: int
    round_number: int
    stage: str
    status: str
    registration_id: int
    seat: int
    outcome: str
    fleet_points: int | None
    battle_points: int


SEAT_RESULT_FIELDS = (
    "match_id",
    "round__number",
    "round__stage",
    "match__status",
    "registration_id",
    "seat",
    "outcome",
    "fleet_points",
    "battle_points",
)
SEAT_ORDER = ("round__number", F("match__table").asc(nulls_last=True), "seat")


def event_seat_results(event: Event) -> list[SeatResult]:
    """Every seat of every match of the event with its result, in one query."""
    seats = MatchSide.objects.filter(round__event=event).order_by(*SEAT_ORDER)
    return [SeatResult(*row) for row in seats.values_list(*SEAT_RESULT_FIELDS)]


def events_seat_results(events: list[Event]) -> dict[int, list[SeatResult]]:
    """:func:`event_seat_results` of many events in one query, by event id (a season or a record reads
    hundreds of events; a query each would grow with them)."""
    found: dict[int, list[SeatResult]] = {event.pk: [] for event in events}
    seats = MatchSide.objects.filter(round__event__in=events).order_by("round__event_id", *SEAT_ORDER)
    for event_id, *row in seats.values_list("round__event_id", *SEAT_RESULT_FIELDS):
        found[event_id].append(SeatResult(*row))
    return found


def opponents_by_registration(event: Event, *, before_round: int | None = None) -> dict[int, set[int]]:
    """Who has played whom (registration ids), optionally only in rounds before ``before_round``."""
    sides = MatchSide.objects.filter(round__event=event, match__table__isnull=False)
    if before_round is not None:
        sides = sides.filter(round__number__lt=before_round)
    by_match: dict[int, list[int]] = defaultdict(list)
    for match_id, registration_id in sides.values_list("match_id", "registration_id"):
        by_match[match_id].append(registration_id)
    met: dict[int, set[int]] = defaultdict(set)
    for a, b in (pair for pair in by_match.values() if len(pair) == 2):
        met[a].add(b)
        met[b].add(a)
    return met
