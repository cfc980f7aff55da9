"""The load benchmark's event, made and read back through ``manage.py shell`` on the server's database.

Both functions print one line of JSON, which the benchmark reads; they run with
the same settings as the server under load, so the benchmark's own process never
connects to that database.
"""

from __future__ import annotations

import json

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
