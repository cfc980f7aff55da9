"""Events as the lists and the overview show them: upcoming and recent, their players and rounds."""

from __future__ import annotations

from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet

from accounts.selectors import PrintIdentity, print_identities

from ..access import has_room, registration_open
from ..models import (
    Event,
    MatchStatus,
    Registration,
    Round,
    WaitlistEntry,
)

# How many are in and how many wait, for the lists of events (``player_count``, ``waiting_count``).
PLACES = {
    "player_count": Count("registrations", distinct=True),
    "waiting_count": Count("waitlist", distinct=True),
}


def upcoming_events(*, limit: int = 5) -> QuerySet[Event]:
    """Events being played or still to play, soonest first (the home page's list)."""
    return (
        (Event.objects.running() | Event.objects.upcoming())
        .select_related("store")  # whose clock the hours are on
        .annotate(**PLACES)
        .order_by("date", "name")[:limit]
    )


def event_list(*, store_id: int | None = None) -> dict[str, QuerySet[Event]]:
    """The events list's three groups, by :class:`~tournaments.models.EventQuerySet` (every store's
    events, or one store's)."""
    events = Event.objects.select_related("organizer", "store").annotate(**PLACES)
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
    paid: int  # of those starting, ticked at the desk as having paid the entry fee
    rounds: int


def start_summary(event: Event) -> StartSummary:
    starting = Q(checked_in=True, dropped_at=None)
    counts = event.registrations.aggregate(
        registered=Count("pk"),
        starting=Count("pk", filter=starting),
        without_list=Count("pk", filter=starting & Q(fleet_submitted_at=None)),
        paid=Count("pk", filter=starting & Q(paid=True)),
    )
    return StartSummary(**counts, rounds=event.swiss_rounds(counts["starting"]))


class Places(NamedTuple):
    """How full the event is: players registered, its cap (``None``: no cap) and players waiting."""

    registered: int
    cap: int | None
    waiting: int
    has_room: bool  # a player may still register themselves (:func:`tournaments.access.has_room`)
    open: bool  # registration is open (:func:`tournaments.access.registration_open`): a cap turns players away


def event_places(event: Event, registrations: list[Registration], waitlist: list[WaitlistEntry]) -> Places:
    """How full the event is, from its registrations and its waitlist already read for the page."""
    registered = len(registrations)
    return Places(registered, event.player_cap, len(waitlist), has_room(event, registered), registration_open(event))


def paid_names(event: Event) -> list[str]:
    """Who the desk marked as paid, by name (the organizer's record of the entry fees: the API shows
    it to the organizer only)."""
    paid = event.registrations.filter(paid=True).select_related("player").order_by("player__username")
    return [registration.name for registration in paid]


def event_waitlist(event: Event) -> list[WaitlistEntry]:
    """The players waiting for a place, first in line first. An event without a cap has nobody waiting
    (players wait only past a cap, and taking the cap away gives them places:
    :func:`tournaments.services.event_update`), so it is not asked."""
    if event.player_cap is None:
        return []
    return list(event.waitlist.select_related("player").order_by("joined_at", "pk"))


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


def waitlist_place(waitlist: list[WaitlistEntry], user) -> int | None:
    """Where ``user`` stands on the ``waitlist`` (1: next in line), ``None`` when not on it."""
    return next((n for n, entry in enumerate(waitlist, start=1) if entry.player_id == user.pk), None)
