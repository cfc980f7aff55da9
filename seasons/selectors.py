"""Reads of seasons and records: which events a season counts, its table, a player's record and ratings.

Placings are the final Swiss standings of each event (:func:`tournaments.selectors.standings.event_standings`,
so a season ranks an event's players exactly as its own standings page does; a top cut's later
rounds do not change a placing). The season maths are :mod:`rules.seasons`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q

from rules import seasons as season_rules
from tournaments.models import Event, EventStatus, Registration
from tournaments.selectors.standings import event_standings

from .access import list_shown, list_viewer, unlisted_players
from .models import RatingPoint, Season


def season_events(season: Season) -> list[Event]:
    """The finished events the season counts, oldest first: its game and formats, inside its dates,
    at its stores (every event there, or only those chosen)."""
    events = Event.objects.filter(
        game=season.game, status=EventStatus.FINISHED, date__gte=season.starts_on, date__lte=season.ends_on
    )
    if season.formats:
        events = events.filter(format__in=season.formats)
    if season.every_event:
        events = events.filter(store__in=season.stores.all())
    else:
        events = events.filter(pk__in=season.events.values("pk"))
    return list(events.select_related("store").order_by("date", "pk"))


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's finish at one event: what a season and a record read."""

    event: Event
    registration: Registration
    rank: int
    wins: int
    ties: int
    losses: int


def event_placings(events: list[Event]) -> list[Placing]:
    """Every player's final placing and Swiss record at each of ``events`` (one query for the
    registrations, then one per event for its results)."""
    registrations = defaultdict(list)
    for registration in Registration.objects.filter(event__in=events).select_related("player__guest"):
        registrations[registration.event_id].append(registration)
    placings = []
    for event in events:
        by_pk = {r.pk: r for r in registrations[event.pk]}
        table = event_standings(event, registrations=registrations[event.pk])
        for row in table.rows:
            registration = by_pk[row.registration_id]
            registration.event = event
            placings.append(Placing(event, registration, row.rank, row.wins + row.byes, row.ties, row.losses))
    return placings


@dataclass(frozen=True, slots=True)
class SeasonLine:
    row: season_rules.SeasonRow
    name: str
    player_id: int
    listed: bool  # whether the player's record page is public (a link in the table)
    cells: tuple  # the player's EventScore at each event of the table, None where they did not play


@dataclass(frozen=True, slots=True)
class SeasonTable:
    season: Season
    events: list[Event]
    lines: list[SeasonLine]


def season_table(season: Season) -> SeasonTable:
    events = season_events(season)
    order = {event.pk: position for position, event in enumerate(events)}
    placings = event_placings(events)
    finishes = [
        season_rules.EventFinish(
            event_id=str(p.event.pk),
            player_id=str(p.registration.player_id),
            placing=p.rank,
            wins=p.wins,
            ties=p.ties,
            losses=p.losses,
            order=order[p.event.pk],
        )
        for p in placings
    ]
    rows = season_rules.season_standings(finishes, season.points_table, season.qualification)
    names = {p.registration.player_id: p.registration.name for p in placings}
    unlisted = unlisted_players(names)
    lines = [
        SeasonLine(
            row,
            names[int(row.player_id)],
            int(row.player_id),
            int(row.player_id) not in unlisted,
            cells=tuple({s.finish.event_id: s for s in row.events}.get(str(event.pk)) for event in events),
        )
        for row in rows
    ]
    return SeasonTable(season=season, events=events, lines=lines)


def seasons_list() -> list[Season]:
    return list(Season.objects.prefetch_related("stores"))


# --- player records ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordEvent:
    placing: Placing
    list_name: str | None  # None: the list is not shown to this viewer
    faction: str


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    season: Season
    line: SeasonLine


@dataclass(frozen=True, slots=True)
class GameRating:
    game: str
    current: RatingPoint
    history: list[RatingPoint]


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player: object
    events: list[RecordEvent]
    seasons: list[SeasonStanding]
    ratings: list[GameRating]


def listed_players() -> list:
    """Everyone with a public record who has finished an event, by name."""
    players = get_user_model().objects.filter(registrations__event__status=EventStatus.FINISHED).distinct()
    unlisted = unlisted_players(players.values_list("pk", flat=True))
    return sorted(
        (p for p in players if p.pk not in unlisted), key=lambda p: (p.get_full_name() or p.username).casefold()
    )


def player_record(player, viewer_user) -> PlayerRecord:
    """``player``'s finished events with placing, record and (where ``viewer_user`` may see it) list; their
    standing in every season counting one of those events; their rating history per game."""
    events = list(
        Event.objects.filter(status=EventStatus.FINISHED, registrations__player=player)
        .select_related("store")
        .order_by("-date", "-pk")
    )
    viewer = list_viewer(viewer_user)
    own = [p for p in event_placings(events) if p.registration.player_id == player.pk]
    lists = registration_lists([p.registration for p in own])
    record_events = [
        RecordEvent(p, *(lists[p.registration.pk] if list_shown(p.registration, viewer) else (None, ""))) for p in own
    ]
    return PlayerRecord(
        player=player, events=record_events, seasons=player_seasons(player, events), ratings=player_ratings(player)
    )


def registration_lists(registrations: list[Registration]) -> dict[int, tuple[str, str]]:
    """``registration pk -> (list name, faction or side)`` for STAW fleets and deck games' decks."""
    found = {r.pk: ("", "") for r in registrations}
    for registration in Registration.objects.filter(pk__in=found).select_related("fleet_version__fleet"):
        if registration.fleet_version_id:
            found[registration.pk] = (registration.fleet_version.fleet.name, registration.fleet_version.fleet.faction)
    for registration in Registration.objects.filter(pk__in=found, decks__isnull=False).prefetch_related("decks"):
        decks = list(registration.decks.all())
        found[registration.pk] = (" / ".join(d.name for d in decks), " / ".join(d.slot for d in decks if d.slot))
    return found


def player_seasons(player, events: list[Event]) -> list[SeasonStanding]:
    if not events:
        return []
    days = [event.date for event in events]
    candidates = Season.objects.filter(
        Q(events__in=events) | Q(stores__in={e.store_id for e in events if e.store_id}),
        game__in={e.game for e in events},
        starts_on__lte=max(days),
        ends_on__gte=min(days),
    ).distinct()
    standings = []
    for season in candidates:
        line = next((line for line in season_table(season).lines if line.player_id == player.pk), None)
        if line is not None:
            standings.append(SeasonStanding(season, line))
    return standings


def player_ratings(player) -> list[GameRating]:
    history = defaultdict(list)
    for point in RatingPoint.objects.filter(player=player).select_related("event").order_by("day", "event_id"):
        history[point.game].append(point)
    return [GameRating(game, points[-1], points) for game, points in sorted(history.items())]


def top_ratings(game: str, *, limit: int = 50) -> list[RatingPoint]:
    """The current rating of the players with a public record in ``game``, best first."""
    latest = {}
    for point in RatingPoint.objects.filter(game=game).select_related("player").order_by("day", "event_id"):
        latest[point.player_id] = point
    unlisted = unlisted_players(latest)
    shown = [point for player, point in latest.items() if player not in unlisted]
    return sorted(shown, key=lambda point: -point.rating)[:limit]
