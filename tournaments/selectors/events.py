"""Events as the lists and the overview show them: upcoming and recent, their players and rounds."""

from __future__ import annotations

from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet

from accounts.selectors import PrintIdentity, print_identities

from ..models import (
    Event,
    MatchStatus,
    Registration,
    Round,
)


def upcoming_events(*, limit: int = 5) -> QuerySet[Event]:
    """Events being played or still to play, soonest first (the home page's list)."""
    return (
        (Event.objects.running() | Event.objects.upcoming())
        .select_related("store")  # whose clock the hours are on
        .annotate(player_count=Count("registrations"))
        .order_by("date", "name")[:limit]
    )


def event_list(*, store_id: int | None = None) -> dict[str, QuerySet[Event]]:
    """The events list's three groups, by :class:`~tournaments.models.EventQuerySet` (every store's
    events, or one store's)."""
    events = Event.objects.select_related("organizer", "store").annotate(player_count=Count("registrations"))
    if store_id is not None:
        events = events.filter(store_id=store_id)
    return {
        "running": events.running().order_by("date", "name"),
        "upcoming": events.upcoming().order_by("date", "name"),
        "past": events.past().order_by("-date", "name")[:50],
    }


class StartSummary(NamedTuple):
    """What starting the event will do, for the organizer to confirm."""

    registered: int
    starting: int  # checked in and not dropped: these play, and their lists lock
    without_list: int  # of those starting
    rounds: int


def start_summary(event: Event) -> StartSummary:
    counts = event.registrations.aggregate(
        registered=Count("pk"),
        starting=Count("pk", filter=Q(checked_in=True, dropped_at=None)),
        without_list=Count("pk", filter=Q(checked_in=True, dropped_at=None, fleet_submitted_at=None)),
    )
    return StartSummary(**counts, rounds=event.swiss_rounds(counts["starting"]))


def event_registrations(event: Event) -> list[Registration]:
    return list(
        event.registrations.select_related(
            "player__guest", "added_by", "fleet_version__fleet", "fleet_version__judged_price"
        ).order_by("player__username")
    )


def printed_players(event: Event) -> dict[int, PrintIdentity]:
    """Who each registration is on paper, by registration id: the name (and the e-mail, where its player
    chose to print it) of :func:`accounts.selectors.print_identities`; two queries for any field."""
    players = dict(event.registrations.values_list("pk", "player_id"))
    people = print_identities(get_user_model().objects.filter(pk__in=players.values()))
    return {pk: people[player] for pk, player in players.items()}


def event_rounds(event: Event) -> list[Round]:
    """The rounds with how many of their matches still wait for a result."""
    return list(
        event.rounds.annotate(
            open_matches=Count("matches", filter=~Q(matches__status=MatchStatus.CONFIRMED)),
            disputed_matches=Count("matches", filter=Q(matches__status=MatchStatus.DISPUTED)),
        ).order_by("number")
    )
