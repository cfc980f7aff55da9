"""The events part of the JSON API: an event's details, rounds, pairings, results, standings and
lists, read by anyone the site would show them to; results recorded by the event's staff.

Reads need no login. A caller with a token (``Authorization: Bearer <token>``) or a session is
that user, and sees what the site shows that user: who may see a submitted list, and when,
is decided by :mod:`tournaments.access`, exactly as on the event's pages (a hidden list never
comes out before the event starts, except to its player and the event's staff). Writes need a
token or a session (with Django's CSRF check) and call the same services as the match page.

Every read answers with an ``ETag`` and a ``Last-Modified``; send them back (``If-None-Match``,
``If-Modified-Since``) and an unchanged event answers ``304 Not Modified`` after a few
aggregate queries (:func:`tournaments.selectors.polling.event_state`). The ETag is exact; the
Last-Modified is the time of the latest pairing, result, entry or list, so prefer the ETag.

A result write may carry ``If-Match`` with the match's ``version`` (as a round lists it, or the ETag
of the previous write's answer): when the table's result has changed since, nothing is saved and the
answer is ``412 Precondition Failed`` saying who saved what; without it the result is saved over
whatever is there, as before.
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import condition
from ninja import Field, Query, Router, Schema
from ninja.decorators import decorate_view
from ninja.errors import HttpError

from accounts.api_schemas import Problem
from fleets.api import AUTH, BearerToken

from . import selectors
from .access import OWN_MATCH_REFUSAL, may_enter_result, viewer_of
from .errors import ResultChanged, TournamentError
from .games import event_game
from .models import Event, Match
from .selectors.polling import event_state
from .services import result_enter

router = Router(tags=["events"])


# --- Who is asking, and whether the event changed -------------------------------------------------------


def _caller(request):
    """The token's user, else the session's user, else anonymous. A token that is not valid is a 401."""
    header = request.headers.get("Authorization", "")
    if header:
        scheme, _, token = header.partition(" ")
        user = BearerToken().authenticate(request, token.strip()) if scheme.lower() == "bearer" else None
        if user is None:
            raise HttpError(401, gettext("No valid token."))
        return user
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else AnonymousUser()


def _event(event_id: int) -> Event:
    event = Event.objects.select_related("organizer", "store").prefetch_related("judges").filter(pk=event_id).first()
    if event is None:
        raise HttpError(404, gettext("No such event."))
    return event


def _polled_event(event_id) -> Event | None:
    """The event named by the raw path parameter (Django's ``condition`` runs before ninja checks it)."""
    try:
        pk = int(str(event_id))
    except ValueError:
        return None
    return Event.objects.filter(pk=pk).first() if 0 < pk < 2**63 else None


def _etag(request, event_id, *args, **kwargs) -> str | None:
    event = _polled_event(event_id)
    if event is None:
        return None
    state, _when = event_state(event)
    # The answer depends on who asks (staff see hidden lists): the caller is part of the tag.
    who = request.headers.get("Authorization", "") or str(getattr(getattr(request, "user", None), "pk", "") or "")
    return f'"{state}-{hashlib.sha256(who.encode()).hexdigest()[:12]}-{request.get_full_path()}"'


def _last_modified(request, event_id, *args, **kwargs) -> datetime | None:
    event = _polled_event(event_id)
    return event_state(event)[1] if event is not None else None


CACHEABLE = decorate_view(condition(etag_func=_etag, last_modified_func=_last_modified))
NOT_MODIFIED = {304: None}


# --- Schemas ----------------------------------------------------------------------------------------


class StoreRef(Schema):
    id: int = Field(description="The store's id: its details at /api/stores/{id}.")
    name: str
    town: str


class EventOut(Schema):
    id: int
    name: str
    game: str
    format: str
    date: date
    venue: str
    store: StoreRef | None = Field(description="The store holding the event; none for an event held elsewhere.")
    status: str = Field(description="registration, running or finished.")
    planned_rounds: int | None
    round_minutes: int
    lists_public: bool = Field(description="Whether every list is shown to everyone once the event starts.")
    players: int
    player_cap: int | None = Field(description="The most players who register themselves; none: no cap.")
    waiting: int = Field(description="Players on the waitlist, past the cap.")
    entry_fee: str = Field(description="The entry fee as players read it; empty: none given.")


class RoundSummary(Schema):
    number: int
    name: str = Field(description='The round as the pages name it: "Round 2", or in a top cut "Semifinal", "Final".')
    stage: str
    open_matches: int


class EventDetailOut(EventOut):
    organizer: str
    rounds: list[RoundSummary]
    paid: list[str] | None = Field(
        description="The players the desk marked as paid, by name: for the event's organizer only (none to others)."
    )


class SideOut(Schema):
    registration: int
    player: str
    seat: int
    side: str
    outcome: str = Field(description="win, tie, loss or empty until the result is confirmed.")
    fleet_points: int | None
    battle_points: int
    result: str = Field(description="The result as the round page shows it.")


class MatchOut(Schema):
    id: int
    table: int | None
    status: str
    bye: bool
    version: int = Field(description='The result\'s version: send it as If-Match ("12") with a result write.')
    sides: list[SideOut]


class RoundOut(Schema):
    number: int
    name: str = Field(description='The round as the pages name it: "Round 2", or in a top cut "Semifinal", "Final".')
    stage: str
    matches: list[MatchOut]


class StandingOut(Schema):
    rank: int = Field(description="The final place: a played top cut's placing first, then the Swiss order.")
    place: str = Field(description='The place as the standings show it: "3–4" for the semifinal losers of a top 4.')
    swiss_rank: int = Field(description="The place in the Swiss standings, which seeded the top cut.")
    registration: int
    player: str
    dropped: bool
    wins: int = Field(description="Games won in the whole event, the top cut's included (as are ties and losses).")
    ties: int
    losses: int
    byes: int
    match_points: int = Field(description="The Swiss match points.")
    tiebreakers: dict[str, Any] = Field(description="The event's tie-breakers, by their stable names.")


class ListOut(Schema):
    registration: int
    player: str
    submitted: bool
    visible: bool = Field(description="Whether the caller may see the list (tournaments.access).")
    fleet: dict[str, Any] | None = Field(description="The STAW fleet file as submitted, when visible.")
    total: int | None = Field(
        None, description="The SP the fleet was judged at when submitted (whatever the cards cost since), if visible."
    )
    priced_with: str | None = Field(None, description="The edition of the cards that priced ``total``.")
    total_today: int | None = Field(
        None, description="For the event's staff: the SP today's cards would charge, when that differs from ``total``."
    )


class ResultIn(Schema):
    """The match page's result fields for the event's game, checked by that page's form. For STAW:
    ``{"winner": "1"}`` (a seat, or ``"tie"``), ``lost_1``/``lost_2``: the ships destroyed and cards
    removed of each seat's fleet (the match page's item keys), ``battle_points_<seat>`` where the
    event ranks by them."""

    fields: dict[str, Any] = Field(default_factory=dict)


def _event_out(event: Event, players: int, waiting: int) -> dict:
    return {
        "id": event.pk,
        "name": event.name,
        "game": event.game,
        "format": event.format,
        "date": event.date,
        "venue": event.venue,
        "store": {"id": event.store.pk, "name": event.store.name, "town": event.store.town} if event.store else None,
        "status": event.status,
        "planned_rounds": event.planned_rounds,
        "round_minutes": event.round_minutes,
        "lists_public": event.lists_public,
        "players": players,
        "player_cap": event.player_cap,
        "waiting": waiting,
        "entry_fee": event.entry_fee,
    }


# --- Reads --------------------------------------------------------------------------------------------


@router.get("/events", response=list[EventOut], summary="Events: running, upcoming and recently finished")
def event_list(request, store: int | None = Query(None, ge=1, le=2**63 - 1, description="Only this store's events.")):
    groups = selectors.event_list(store_id=store)
    return [_event_out(event, event.player_count, event.waiting_count) for group in groups.values() for event in group]


@router.get(
    "/events/{event_id}",
    response={200: EventDetailOut, 304: None, 404: Problem},
    summary="An event's details and rounds",
)
@CACHEABLE
def event_detail(request, event_id: int):
    event = _event(event_id)
    rounds = selectors.event_rounds(event)
    organizer = viewer_of(_caller(request), event).is_organizer
    return {
        **_event_out(event, event.registrations.count(), event.waitlist.count()),
        "organizer": event.organizer.get_full_name() or event.organizer.get_username(),
        "rounds": [
            {"number": r.number, "name": r.name, "stage": r.stage, "open_matches": r.open_matches} for r in rounds
        ],
        "paid": selectors.paid_names(event) if organizer else None,
    }


@router.get(
    "/events/{event_id}/rounds/{number}",
    response={200: RoundOut, 304: None, 404: Problem},
    summary="A round's pairings and results, by table",
)
@CACHEABLE
def event_round(request, event_id: int, number: int):
    return _round_out(_event(event_id), number)


def _round_out(event: Event, number: int) -> dict:
    round_ = event.rounds.filter(number=number).first()
    if round_ is None:
        raise HttpError(404, gettext("No such round."))
    game = event_game(event.game)
    matches = selectors.round_matches(round_)
    versions = selectors.result_versions(matches)
    return {
        "number": round_.number,
        "name": round_.name,
        "stage": round_.stage,
        "matches": [
            {
                "id": match.pk,
                "table": match.table,
                "status": match.status,
                "bye": match.is_bye,
                "version": versions[match.pk],
                "sides": [
                    {
                        "registration": side.registration_id,
                        "player": side.registration.name,
                        "seat": side.seat,
                        "side": side.side,
                        "outcome": side.outcome,
                        "fleet_points": side.fleet_points,
                        "battle_points": side.battle_points,
                        "result": game.side_result(side),
                    }
                    for side in match.sides.all()
                ],
            }
            for match in matches
        ],
    }


@router.get(
    "/events/{event_id}/standings",
    response={200: list[StandingOut], 304: None, 403: Problem, 404: Problem},
    summary="The standings (published once the event starts)",
)
@CACHEABLE
def event_standings(request, event_id: int):
    event = _event(event_id)
    viewer = viewer_of(_caller(request), event)
    if not event.has_started and not viewer.is_staff:
        raise HttpError(403, gettext("Standings are published once the event starts."))
    final = selectors.final_standings(event)
    return [
        {
            "rank": row.place,
            "place": row.label,
            "swiss_rank": row.swiss.rank,
            "registration": row.registration_id,
            "player": row.name,
            "dropped": row.dropped,
            "wins": row.wins,
            "ties": row.ties,
            "losses": row.losses,
            "byes": row.byes,
            "match_points": row.swiss.match_points,
            "tiebreakers": dict(zip(final.swiss.keys, row.swiss.values, strict=True)),
        }
        for row in final.rows
    ]


@router.get(
    "/events/{event_id}/lists",
    response={200: list[ListOut], 304: None, 404: Problem},
    summary="Each player's submitted list, where the caller may see it",
)
@CACHEABLE
def event_lists(request, event_id: int):
    """Hidden lists stay hidden: before the event starts only their player and the event's staff see them;
    after, the player's opponents too, and everyone when the event's lists are public."""
    event = _event(event_id)
    viewer = viewer_of(_caller(request), event)
    rows = []
    for row in selectors.event_fleets(event, viewer):
        registration = row.registration
        version = registration.fleet_version
        rows.append(
            {
                "registration": registration.pk,
                "player": registration.name,
                "submitted": registration.fleet_submitted_at is not None,
                "visible": row.visible,
                "fleet": version.content if row.visible and version is not None else None,
                "total": row.price.total if row.price else None,
                "priced_with": row.price.edition if row.price else None,
                "total_today": row.price_today.total if row.price_today else None,
            }
        )
    return rows


# --- Writes -------------------------------------------------------------------------------------------


@router.post(
    "/events/{event_id}/matches/{match_id}/result",
    auth=AUTH,
    response={200: MatchOut, 400: Problem, 403: Problem, 404: Problem, 409: Problem, 412: Problem},
    summary="Enter or correct a match's result (the event's organizer and judges)",
)
def match_result(request, event_id: int, match_id: int, payload: ResultIn, response: HttpResponse):
    event = _event(event_id)
    viewer = viewer_of(request.auth, event)
    match = Match.objects.filter(pk=match_id, round__event=event).first()
    if match is None or match.is_bye:
        raise HttpError(404, gettext("No such match."))
    if not viewer.is_staff:
        raise HttpError(403, gettext("Only the event's organizer and judges may enter results."))
    match = selectors.match_for_page(event, match.pk)
    if not may_enter_result(viewer, match):
        raise HttpError(403, str(OWN_MATCH_REFUSAL))
    data = {k: [str(i) for i in v] if isinstance(v, list) else str(v) for k, v in payload.fields.items()}
    form = event_game(event.game).result_form(match, data, staff=True)
    if not form.is_valid():
        raise HttpError(
            400, " ".join(str(e) for errors in form.errors.values() for e in errors) or gettext("Invalid result.")
        )
    try:
        result_enter(match=match, by=request.auth, result=form.result(), opened_at=if_match(request))
    except ResultChanged as changed:
        raise HttpError(
            412,
            gettext('%(what)s since the version sent; send it with If-Match: "%(version)s" to replace it.')
            % {"what": changed.what, "version": changed.version},
        ) from None
    except TournamentError as refused:
        raise HttpError(409, refused.message) from None
    saved = next(m for m in _round_out(event, match.round.number)["matches"] if m["id"] == match.pk)
    response["ETag"] = f'"{saved["version"]}"'
    return saved


def if_match(request) -> int | None:
    """The result version an ``If-Match`` header names (``"12"``, weak or not); None without one or for
    ``*``. A value that is no version matches no result: -1, so the write is refused with 412."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    tag = header.removeprefix("W/").strip('"')
    return int(tag) if tag.isdigit() and len(tag) < 19 else -1
