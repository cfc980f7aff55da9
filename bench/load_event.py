"""The load benchmark's event, made and read back through ``manage.py shell`` on the server's database.

Both functions print one line of JSON, which the benchmark reads; they run with
the same settings as the server under load, so the benchmark's own process never
connects to that database.
"""

from __future__ import annotations

import json
from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.urls import reverse

from bench.generated_event import generated_event
from bench.real_fleets import legal_fleet_contents
from fleets.selectors import load_catalog
from tournaments.models import Event, MatchSide, ResultReport
from tournaments.services import round_pair_next


def set_up(*, players: int, password: str) -> None:
    """A running event of ``players`` with real fleets and round 1 paired; prints who sits where.

    Output: ``{"event": pk, "seats": [{"username", "match", "seat"}, ...]}``, byes left out.
    """
    event = generated_event(
        players=players, rounds=0, contents=legal_fleet_contents(load_catalog(), players), password=password
    )
    round_ = round_pair_next(event=event, by=event.organizer)
    seats = (
        MatchSide.objects.filter(round=round_, match__table__isnull=False)
        .order_by("match__table", "seat")
        .values_list("registration__player__username", "match_id", "seat")
    )
    print(json.dumps({"event": event.pk, "seats": [{"username": u, "match": m, "seat": s} for u, m, s in seats]}))


def set_up_night(*, players: int, phones: int, password: str) -> None:
    """A running event of ``players`` with round 1 paired, and a signed-in session for the first
    ``phones`` players; prints where its pages are.

    The sessions are stored as Django's ``login`` stores them, without the login form: each
    form login costs a deliberately slow password hash, and what is measured here is the polling.
    The organizer (``<prefix>-organizer``, with ``password``) logs in through the form.
    Output: ``{"event", "organizer", "live", "round", "cookie", "sessions": [session key, ...]}``.
    """
    event = generated_event(
        players=players, rounds=0, contents=legal_fleet_contents(load_catalog(), players), password=password
    )
    round_ = round_pair_next(event=event, by=event.organizer)
    store = import_module(settings.SESSION_ENGINE).SessionStore
    sessions = []
    for registration in event.registrations.select_related("player").order_by("pk")[:phones]:
        session = store()
        session[SESSION_KEY] = str(registration.player.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = registration.player.get_session_auth_hash()
        session.create()
        sessions.append(session.session_key)
    pages = {name: reverse(f"tournaments:{name}", args=[event.pk, round_.number]) for name in ("live", "round")}
    plan = {"event": event.pk, "organizer": event.organizer.username, **pages, "sessions": sessions}
    print(json.dumps(plan | {"cookie": settings.SESSION_COOKIE_NAME}))


def stored_results(*, event: int) -> None:
    """What the database holds for the latest round: each match's status, who reported for which
    seat, and each seat's official outcome.

    Output: ``{"<match id>": {"status", "reported": {"<seat>": username}, "outcomes": {"<seat>": outcome}}}``.
    """
    round_ = Event.objects.get(pk=event).rounds.order_by("-number").first()
    matches: dict[int, dict] = {}
    for match_id, status, seat, outcome in MatchSide.objects.filter(round=round_).values_list(
        "match_id", "match__status", "seat", "outcome"
    ):
        entry = matches.setdefault(match_id, {"status": status, "reported": {}, "outcomes": {}})
        entry["outcomes"][seat] = outcome
    for match_id, seat, username in ResultReport.objects.filter(match__round=round_).values_list(
        "match_id", "seat", "reported_by__username"
    ):
        matches[match_id]["reported"][seat] = username
    print(json.dumps(matches))


def set_up_stores(*, stores: int, players: int, big: int, password: str) -> None:
    """``stores`` stores, each with its own organizer running an event of ``players`` with round 1 paired,
    and one more event of ``big`` players with submitted fleets (for the all-sheets PDF); prints where
    each event's pages are.

    Output: ``{"events": [{"event", "organizer", "live", "round"}, ...], "big": {"event", "organizer"}}``.
    """
    from stores.services import store_create

    contents = legal_fleet_contents(load_catalog(), max(players, big))
    events = []
    for number in range(1, stores + 1):
        prefix = f"store{number:02d}-"
        event = generated_event(players=players, rounds=0, contents=contents, prefix=prefix, password=password)
        store = store_create(
            name=f"Store {number:02d}", town=f"Town {number:02d}", first_organizer=event.organizer, by=None
        )
        Event.objects.filter(pk=event.pk).update(store=store)
        round_ = round_pair_next(event=event, by=event.organizer)
        pages = {name: reverse(f"tournaments:{name}", args=[event.pk, round_.number]) for name in ("live", "round")}
        events.append({"event": event.pk, "organizer": event.organizer.username, **pages})
    hall = generated_event(players=big, rounds=0, contents=contents, prefix="hall-", password=password)
    store = store_create(name="Convention Hall", town="Capital", first_organizer=hall.organizer, by=None)
    Event.objects.filter(pk=hall.pk).update(store=store)
    print(json.dumps({"events": events, "big": {"event": hall.pk, "organizer": hall.organizer.username}}))


def confirmed_results(*, events: list[int]) -> None:
    """How many of each event's round-1 tables are confirmed. Output: ``{"<event>": count}``."""
    counts = dict.fromkeys(map(str, events), 0)
    confirmed = MatchSide.objects.filter(round__event__in=events, round__number=1, seat=1, match__status="confirmed")
    for event in confirmed.values_list("round__event_id", flat=True):
        counts[str(event)] += 1
    print(json.dumps(counts))
