"""Writes: seasons, a player's record setting, the ratings (after an event, and from scratch) and the
meta's faction and card tallies of finished events."""

from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import ValidationError
from django.db import transaction

from rules import ratings as rating_rules
from tournaments.models import Event, EventStatus, MatchSide, MatchStatus, Outcome

from .meta import event_card_tallies, event_faction_tallies
from .models import EventCardTally, EventFactionTally, RatingPoint, RecordSetting, Season

SEASON_FIELDS = frozenset(
    {
        "name",
        "region",
        "game",
        "formats",
        "starts_on",
        "ends_on",
        "every_event",
        "participation_points",
        "win_points",
        "tie_points",
        "placing_points",
        "best_events",
        "qualify_top",
        "qualify_points",
    }
)


@transaction.atomic
def season_save(*, season: Season | None = None, by, stores, events=(), **fields) -> Season:
    """Create (``season`` None) or change a season; ``stores`` are its stores, ``events`` the chosen events."""
    unknown = set(fields) - SEASON_FIELDS
    if unknown:
        raise ValueError(f"not season fields: {sorted(unknown)}")
    if not stores:
        raise ValidationError("A season belongs to at least one store.")
    season = season or Season(created_by=by)
    for name, value in fields.items():
        setattr(season, name, value)
    season.full_clean(exclude=["created_by"])
    season.save()
    season.stores.set(stores)
    season.events.set(events)
    return season


def record_hide(*, player, hidden: bool) -> RecordSetting:
    setting, _ = RecordSetting.objects.update_or_create(player=player, defaults={"hidden": hidden})
    return setting


# --- ratings ------------------------------------------------------------------------------------------

GAME_OUTCOMES = {
    (Outcome.WIN, Outcome.LOSS): rating_rules.A_WINS,
    (Outcome.LOSS, Outcome.WIN): rating_rules.B_WINS,
    (Outcome.TIE, Outcome.TIE): rating_rules.TIE,
}


def rated_events(events) -> list[rating_rules.RatedEvent]:
    """The rated games of ``events`` (one query): confirmed two-player matches, in round and table order."""
    sides = defaultdict(list)
    seats = (
        MatchSide.objects.filter(round__event__in=events, match__status=MatchStatus.CONFIRMED)
        .order_by("round__event_id", "round__number", "match__table", "match_id", "seat")
        .values_list("round__event_id", "match_id", "registration__player_id", "outcome")
    )
    for event_id, match_id, player_id, outcome in seats:
        sides[event_id, match_id].append((player_id, outcome))
    games = defaultdict(list)
    for (event_id, _match), pair in sides.items():
        if len(pair) == 2 and (pair[0][1], pair[1][1]) in GAME_OUTCOMES:
            (a, a_outcome), (b, b_outcome) = pair
            games[event_id].append(rating_rules.Game(str(a), str(b), GAME_OUTCOMES[a_outcome, b_outcome]))
    return [rating_rules.RatedEvent(str(event.pk), event.date, games[event.pk]) for event in events]


def _store(game: str, points: list[rating_rules.RatingPoint]) -> None:
    RatingPoint.objects.bulk_create(
        [
            RatingPoint(
                player_id=int(point.player_id),
                game=game,
                event_id=int(point.event_id),
                day=point.day,
                mu=point.mu,
                sigma=point.sigma,
                games=point.games,
                rating=point.display,
            )
            for point in points
        ],
        batch_size=2000,
    )


@transaction.atomic
def ratings_after_event(*, event: Event) -> None:
    """Add ``event``'s rating points from its players' latest ratings. An event older than the newest
    rated one of its game would change later ratings: then the game is recomputed from scratch."""
    if event.status != EventStatus.FINISHED or RatingPoint.objects.filter(event=event).exists():
        return
    later = RatingPoint.objects.filter(game=event.game, day__gt=event.date).exists()
    if later:
        ratings_recompute(game=event.game)
        return
    latest = {}
    for point in RatingPoint.objects.filter(game=event.game).order_by("day", "event_id"):
        latest[point.player_id] = rating_rules.RatingPoint(
            str(point.player_id), str(point.event_id), point.day, point.mu, point.sigma, point.games
        )
    [rated] = rated_events([event])
    _store(event.game, rating_rules.Ratings(latest.values()).rate_event(rated))


@transaction.atomic
def ratings_recompute(*, game: str) -> int:
    """Every rating point of ``game`` again from its finished events; the number of points written."""
    RatingPoint.objects.filter(game=game).delete()
    events = list(Event.objects.filter(game=game, status=EventStatus.FINISHED).order_by("date", "pk"))
    points = rating_rules.rate_events(rated_events(events))
    _store(game, points)
    return len(points)


# --- the meta's tallies -------------------------------------------------------------------------------


def meta_tallies_store(*, events) -> None:
    """Store (again) the faction and card tallies of the finished ``events``, inside the transaction that
    stored their final standings."""
    EventFactionTally.objects.filter(event__in=events).delete()
    EventFactionTally.objects.bulk_create(event_faction_tallies(events), batch_size=2000)
    EventCardTally.objects.filter(event__in=events).delete()
    EventCardTally.objects.bulk_create(event_card_tallies(events), batch_size=2000)
