"""Writes: seasons, a player's record setting, the ratings (after an event, and from scratch) and the
meta's faction and card tallies of finished events, with their months and years added up."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from rules.tournament import ratings as rating_rules
from rules.tournament.meta import month_after, month_start
from tournaments.access import lists_public_to_everyone
from tournaments.models import Event, EventStatus, MatchSide, MatchStatus, Outcome, Registration

from .meta import card_sums, event_card_tallies, event_faction_tallies, faction_sums
from .models import (
    EventCardTally,
    EventFactionTally,
    MetaPeriod,
    PeriodCardTally,
    PeriodFactionTally,
    RatingPoint,
    RecordSetting,
    Season,
)

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
        raise ValidationError(_("A season belongs to at least one store."))
    season = season or Season(created_by=by)
    for name, value in fields.items():
        setattr(season, name, value)
    season.full_clean(exclude=["created_by"])
    season.save()
    season.stores.set(stores)
    season.events.set(events)
    return season


def record_hide(*, player, hidden: bool) -> RecordSetting:
    setting, _created = RecordSetting.objects.update_or_create(player=player, defaults={"hidden": hidden})
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
    """Rate ``event`` (again): its rating points from its players' latest ratings before it, in place of
    any it had (a correction after the finish). An event older than the newest rated one of its game
    would change later ratings: then the game is recomputed from scratch."""
    if event.status != EventStatus.FINISHED:
        return
    RatingPoint.objects.filter(event=event).delete()
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
    stored their final standings, and add up again the months and years they fall in."""
    EventFactionTally.objects.filter(event__in=events).delete()
    EventFactionTally.objects.bulk_create(event_faction_tallies(events), batch_size=2000)
    EventCardTally.objects.filter(event__in=events).delete()
    EventCardTally.objects.bulk_create(event_card_tallies(events), batch_size=2000)
    meta_periods_refresh(months={(event.game, event.format, month_start(event.date)) for event in events})


def meta_periods_refresh(*, months: set[tuple[str, str, date]]) -> None:
    """Add up again the tallies of each ``(game, format, first day of a month)`` of ``months`` from its
    finished events, then of their years from their months (:class:`seasons.models.MetaPeriod`).

    Each period's row is locked before it is added up, months before years and each in date order, so
    two events of one month finishing at once add up one after the other, the second seeing the
    first's tallies, and never deadlock."""
    for game, format, start in sorted(months):
        finished = Event.objects.filter(
            game=game, format=format, status=EventStatus.FINISHED, date__gte=start, date__lt=month_after(start)
        )
        _period_add_up(
            _period_locked(game, format, MetaPeriod.MONTH, start),
            events=finished.count(),
            lists=lists_public_to_everyone(Registration.objects.filter(event__in=finished)).count(),
            factions=EventFactionTally.objects.filter(event__in=finished),
            cards=EventCardTally.objects.filter(event__in=finished),
        )
    for game, format, year in sorted({(game, format, start.year) for game, format, start in months}):
        held = MetaPeriod.objects.filter(
            game=game, format=format, span=MetaPeriod.MONTH, start__gte=date(year, 1, 1), start__lt=date(year + 1, 1, 1)
        )
        counted = held.aggregate(events=Sum("events", default=0), lists=Sum("lists", default=0))
        _period_add_up(
            _period_locked(game, format, MetaPeriod.YEAR, date(year, 1, 1)),
            **counted,
            factions=PeriodFactionTally.objects.filter(period__in=held),
            cards=PeriodCardTally.objects.filter(period__in=held),
        )


def _period_locked(game: str, format: str, span: str, start: date) -> MetaPeriod:
    period, _created = MetaPeriod.objects.get_or_create(game=game, format=format, span=span, start=start)
    return MetaPeriod.objects.select_for_update().get(pk=period.pk)


def _period_add_up(period: MetaPeriod, *, events: int, lists: int, factions, cards) -> None:
    """Replace ``period``'s figures with ``factions`` and ``cards`` (event or period tallies) added up;
    a period left without events goes."""
    if not events:
        period.delete()
        return
    period.events, period.lists = events, lists
    period.save(update_fields=["events", "lists"])
    period.faction_tallies.all().delete()
    PeriodFactionTally.objects.bulk_create(
        PeriodFactionTally(period=period, faction=faction, lists=listed, games=games, wins=wins, ties=ties)
        for faction, listed, games, wins, ties in faction_sums(factions)
    )
    period.card_tallies.all().delete()
    PeriodCardTally.objects.bulk_create(
        (PeriodCardTally(period=period, kind=kind, name=name, lists=count) for kind, name, count in card_sums(cards)),
        batch_size=2000,
    )
