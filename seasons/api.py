"""The seasons part of the JSON API: seasons and their standings, player records and the meta.

Everything here is public and the same for every caller (a record shows only public lists,
whoever asks; a hidden record is a 404 for everyone), so each answer's ``ETag`` is a hash of
its body: send it back as ``If-None-Match`` and an unchanged answer is ``304 Not Modified``
with no body to download again.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from ninja.errors import HttpError

from accounts.api_schemas import Problem
from game_registry import is_game

from . import exports, selectors
from .access import may_see_record
from .meta import MetaFilter, game_meta
from .models import Season

router = Router(tags=["seasons"])
NOT_MODIFIED = {304: None}


def etagged(request, data) -> HttpResponse:
    """``data`` as JSON with an ETag of its bytes; 304 when the caller already holds them."""
    body = json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True).encode()
    tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    if tag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = tag
    return response


class SeasonOut(Schema):
    id: int
    name: str
    game: str
    starts_on: date
    ends_on: date
    stores: list[str]
    region: str


class SeasonEventScore(Schema):
    event_id: int
    placing: int
    points: int
    counted: bool


class SeasonStandingOut(Schema):
    rank: int
    player: str
    player_id: int | None
    points: int
    event_wins: int
    best_placing: int
    wins: int
    events_played: int
    qualified: bool
    events: list[SeasonEventScore]


class SeasonDetailOut(SeasonOut):
    formats: list[str]
    points: dict
    qualification: dict
    events: list[dict]
    standings: list[SeasonStandingOut]


class RecordEventOut(Schema):
    event_id: int
    event: str
    date: date
    placing: int
    wins: int
    ties: int
    losses: int
    list: str | None
    faction: str


class RatingOut(Schema):
    game: str
    rating: int
    mu: float
    sigma: float
    games: int
    history: list[dict]


class RecordOut(Schema):
    id: int
    name: str
    events: list[RecordEventOut]
    seasons: list[dict]
    ratings: list[RatingOut]


class ShareOut(Schema):
    name: str
    count: int
    share: float


class WinRateOut(Schema):
    faction: str
    games: int
    wins: int
    ties: int
    rate: float
    low: float
    high: float


class MetaOut(Schema):
    game: str
    events: int
    lists: int
    factions: list[ShareOut]
    win_rates: list[WinRateOut]
    items: dict[str, list[ShareOut]]


class MetaQuery(Schema):
    game: str
    format: str = ""
    store: list[int] = []
    since: date | None = None
    until: date | None = None


def _season(season_id: int) -> Season:
    season = Season.objects.prefetch_related("stores").filter(pk=season_id).first()
    if season is None:
        raise HttpError(404, _("No such season."))
    return season


@router.get("/seasons", response={200: list[SeasonOut], 304: None}, summary="Seasons")
def season_list(request):
    return etagged(request, [_season_out(season) for season in selectors.seasons_list()])


def _season_out(season: Season) -> dict:
    return {
        "id": season.pk,
        "name": season.name,
        "game": season.game,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "stores": [store.name for store in season.stores.all()],
        "region": season.region,
    }


@router.get(
    "/seasons/{season_id}",
    response={200: SeasonDetailOut, 304: None, 404: Problem},
    summary="A season with its points table and standings",
)
def season_standings(request, season_id: int):
    return etagged(request, exports.season_json(selectors.season_table(_season(season_id))))


@router.get(
    "/players/{player_id}", response={200: RecordOut, 304: None, 404: Problem}, summary="A player's public record"
)
def player_record(request, player_id: int):
    player = get_user_model().objects.filter(pk=player_id, is_active=True).first()
    if player is None or not may_see_record(AnonymousUser(), player):
        raise HttpError(404, _("No such player."))
    record = selectors.player_record(player, AnonymousUser())
    return etagged(
        request,
        {
            "id": player.pk,
            "name": player.get_full_name() or player.get_username(),
            "events": [
                {
                    "event_id": e.placing.event.pk,
                    "event": e.placing.event.name,
                    "date": e.placing.event.date.isoformat(),
                    "placing": e.placing.rank,
                    "wins": e.placing.wins,
                    "ties": e.placing.ties,
                    "losses": e.placing.losses,
                    "list": e.list_name,
                    "faction": e.faction,
                }
                for e in record.events
            ],
            "seasons": [
                {
                    "season_id": s.season.pk,
                    "season": s.season.name,
                    "rank": s.row.rank,
                    "points": s.row.points,
                }
                for s in record.seasons
            ],
            "ratings": [
                {
                    "game": r.game,
                    "rating": r.current.rating,
                    "mu": r.current.mu,
                    "sigma": r.current.sigma,
                    "games": r.current.games,
                    "history": [
                        {"event_id": p.event_id, "date": p.day.isoformat(), "rating": p.rating} for p in r.history
                    ],
                }
                for r in record.ratings
            ],
        },
    )


@router.get(
    "/meta", response={200: MetaOut, 304: None, 404: Problem}, summary="The meta of a game, from public lists only"
)
def meta(request, filters: Query[MetaQuery]):
    if not is_game(filters.game):
        raise HttpError(404, _("No such game."))
    chosen = MetaFilter(filters.game, filters.format, tuple(filters.store), filters.since, filters.until)
    found = game_meta(chosen)

    def shares(items):
        return [{"name": s.name, "count": s.count, "share": round(s.share, 4)} for s in items]

    return etagged(
        request,
        {
            "game": chosen.game,
            "events": found.events,
            "lists": found.lists,
            "factions": shares(found.factions),
            "win_rates": [
                {
                    "faction": r.faction,
                    "games": r.games,
                    "wins": r.wins,
                    "ties": r.ties,
                    "rate": round(r.rate, 4),
                    "low": round(r.low, 4),
                    "high": round(r.high, 4),
                }
                for r in found.win_rates
            ],
            "items": {title: shares(items) for title, items in found.items},
        },
    )
