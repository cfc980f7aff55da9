"""Reads of seasons and records: which events a season counts, its table, a player's record and ratings.

Placings are the final standings each event stored when it finished (:class:`tournaments.models.FinalStanding`,
the rows of its standings page, the top cut's placing first where one was played, each record counting
the cut's games, stored again when a result is corrected after the finish), so a season ranks an
event's players exactly as its own standings page does without ranking years of events again on
every view. The season maths are :mod:`rules.tournament.seasons`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q

from rules.tournament import seasons as season_rules
from tournaments.models import Event, EventStatus, FinalStanding, Registration
from tournaments.selectors import player_awards, registration_lists

from .access import list_shown, list_viewer, unlisted_players
from .models import RatingPoint, Season


def season_events(season: Season) -> list[Event]:
    """The finished events the season counts, oldest first: its game and formats, inside its dates,
    at its stores (every event there, or only those chosen)."""
    return seasons_events([season])[season.pk]


def seasons_events(seasons: list[Season]) -> dict[int, list[Event]]:
    """:func:`season_events` of each of ``seasons`` by season id, in three queries however many seasons
    (their stores, their chosen events, then every candidate event at once, sorted out here)."""
    stores, chosen = season_scopes(seasons)
    found = {season.pk: [] for season in seasons}
    if not seasons:
        return found
    wanted = Q()
    for season in seasons:
        where = Q(game=season.game, date__gte=season.starts_on, date__lte=season.ends_on)
        where &= Q(store__in=stores[season.pk]) if season.every_event else Q(pk__in=chosen[season.pk])
        if season.formats:
            where &= Q(format__in=season.formats)
        wanted |= where
    # Only what deciding and showing a season needs: a region's year holds hundreds of events.
    events = (
        Event.objects.filter(wanted, status=EventStatus.FINISHED)
        .only("name", "date", "game", "format", "store")
        .order_by("date", "pk")
    )
    for event in events:
        for season in seasons:
            if _counts(season, event, stores[season.pk], chosen[season.pk]):
                found[season.pk].append(event)
    return found


def season_scopes(seasons: list[Season]) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """The store ids and the chosen event ids of each of ``seasons``, by season id, in two queries."""
    stores, chosen = defaultdict(set), defaultdict(set)
    for season_id, store_id in Season.stores.through.objects.filter(season__in=seasons).values_list(
        "season_id", "store_id"
    ):
        stores[season_id].add(store_id)
    for season_id, event_id in Season.events.through.objects.filter(season__in=seasons).values_list(
        "season_id", "event_id"
    ):
        chosen[season_id].add(event_id)
    return stores, chosen


def _counts(season: Season, event: Event, stores: set[int], chosen: set[int]) -> bool:
    """Whether ``season`` counts the finished ``event``: the same conditions as the query of
    :func:`seasons_events`, asked of each event it found (one query may serve several seasons)."""
    return (
        event.game == season.game
        and season.starts_on <= event.date <= season.ends_on
        and (not season.formats or event.format in season.formats)
        and (event.store_id in stores if season.every_event else event.pk in chosen)
    )


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's finish at one event: what a season and a record read."""

    event: Event
    registration: Registration
    rank: int
    wins: int
    ties: int
    losses: int


def player_placings(player) -> list[Placing]:
    """``player``'s own final lines at finished events, newest first, in one query."""
    lines = (
        FinalStanding.objects.filter(registration__player=player, event__status=EventStatus.FINISHED)
        .select_related("registration__player__guest", "event__store")
        .order_by("-event__date", "-event_id")
    )
    placings = []
    for line in lines:
        line.registration.event = line.event
        placings.append(
            Placing(line.event, line.registration, line.rank, line.wins + line.byes, line.ties, line.losses)
        )
    return placings


@dataclass(frozen=True, slots=True)
class SeasonLine:
    row: season_rules.SeasonRow
    name: str
    player_id: int
    listed: bool  # whether the player's record page is public (a link in the table)


@dataclass(frozen=True, slots=True)
class SeasonTable:
    season: Season
    events: list[Event]
    lines: list[SeasonLine]


def season_table(season: Season) -> SeasonTable:
    [table] = season_tables([season])
    return table


def season_tables(seasons: list[Season]) -> list[SeasonTable]:
    """The table of each of ``seasons``, in a fixed number of queries however many seasons, events
    and players: the events of all of them, their final lines, the players' names and who is
    unlisted, each read once."""
    ranked = season_rows(seasons)
    players = {int(row.player_id) for _, _, rows in ranked for row in rows}
    names = {
        person.pk: person.get_full_name() or person.get_username()  # as the event's own pages name them
        for person in get_user_model().objects.filter(pk__in=players).only("username", "first_name", "last_name")
    }
    unlisted = unlisted_players(players)
    tables = []
    for season, events, rows in ranked:
        lines = [
            SeasonLine(row, names[int(row.player_id)], int(row.player_id), int(row.player_id) not in unlisted)
            for row in rows
        ]
        tables.append(SeasonTable(season=season, events=events, lines=lines))
    return tables


def season_rows(seasons: list[Season]) -> list[tuple[Season, list[Event], list[season_rules.SeasonRow]]]:
    """Each of ``seasons`` with its events and its ranked rows (:func:`rules.tournament.seasons.season_standings`), in
    a fixed number of queries: the events of all of them, then every final line of those events as plain
    values (a region's year holds thousands)."""
    events = seasons_events(seasons)
    every_event = {event.pk for found in events.values() for event in found}
    lines = defaultdict(list)
    stored = (
        FinalStanding.objects.filter(event__in=every_event)
        .order_by("rank", "pk")
        .values_list("event_id", "registration__player_id", "rank", "wins", "byes", "ties", "losses")
    )
    for event_id, player_id, rank, wins, byes, ties, losses in stored:
        lines[event_id].append((str(player_id), rank, wins + byes, ties, losses))
    ranked = []
    for season in seasons:
        finishes = [
            season_rules.EventFinish(
                event_id=str(event.pk), player_id=player, placing=rank, wins=wins, ties=ties, losses=losses, order=order
            )
            for order, event in enumerate(events[season.pk])
            for player, rank, wins, ties, losses in lines[event.pk]
        ]
        rows = season_rules.season_standings(finishes, season.points_table, season.qualification)
        ranked.append((season, events[season.pk], rows))
    return ranked


def seasons_list() -> list[Season]:
    return list(Season.objects.prefetch_related("stores"))


# --- player records ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordEvent:
    placing: Placing
    list_name: str | None  # None: the list is not shown to this viewer
    faction: str
    awards: tuple[str, ...] = ()  # the awards the player won at the event (Best Sportsmanship...)


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    season: Season
    row: season_rules.SeasonRow


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
    own = player_placings(player)
    events = [p.event for p in own]
    viewer = list_viewer(viewer_user)
    lists = registration_lists([p.registration for p in own])
    won = player_awards([p.registration for p in own])
    record_events = [
        RecordEvent(
            p,
            *(lists[p.registration.pk] if list_shown(p.registration, viewer) else (None, "")),
            awards=tuple(won.get(p.registration.pk, ())),
        )
        for p in own
    ]
    return PlayerRecord(
        player=player, events=record_events, seasons=player_seasons(player, events), ratings=player_ratings(player)
    )


def player_seasons(player, events: list[Event]) -> list[SeasonStanding]:
    if not events:
        return []
    days = [event.date for event in events]
    candidates = list(
        Season.objects.filter(
            Q(events__in=events) | Q(stores__in={e.store_id for e in events if e.store_id}),
            game__in={e.game for e in events},
            starts_on__lte=max(days),
            ends_on__gte=min(days),
        ).distinct()
    )
    stores, chosen = season_scopes(candidates)
    counting = [  # only the seasons counting one of the player's events are ranked
        season
        for season in candidates
        if any(_counts(season, event, stores[season.pk], chosen[season.pk]) for event in events)
    ]
    standings = []
    for season, _, rows in season_rows(counting):
        row = next((row for row in rows if row.player_id == str(player.pk)), None)
        if row is not None:
            standings.append(SeasonStanding(season, row))
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
