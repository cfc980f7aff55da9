"""A round's tables and a match's page, and where a player sits."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from django.db.models import Count, F, Max, Prefetch, prefetch_related_objects
from django.utils import timezone

from accounts import shared_cache

from ..access import Viewer, is_finished, may_confirm, may_enter_result
from ..games import SEATS, event_game
from ..models import Event, Match, MatchSide, MatchStatus, Registration, ResultChange, Round
from .history import match_history


def round_matches(round_: Round, *, match_pk: int | None = None) -> list[Match]:
    """The round's matches by table (byes last), each with its sides and players; with ``match_pk``,
    that match alone (a desk update shows one table)."""
    sides = MatchSide.objects.select_related("registration__player")
    matches = round_.matches.all() if match_pk is None else round_.matches.filter(pk=match_pk)
    return list(matches.prefetch_related(Prefetch("sides", queryset=sides)).order_by(F("table").asc(nulls_last=True)))


def paired_without_lists(round_: Round) -> list[str]:
    """Names of the players seated at a table of ``round_`` with no list submitted (late entries the
    desk added by name): the staff are told, so they enter the list before the result."""
    game = event_game(round_.event.game)
    sides = MatchSide.objects.filter(round=round_, match__table__isnull=False).select_related(
        "registration__player", "registration__fleet_version"
    )
    registrations = [side.registration for side in sides]
    game.load_lists(registrations)
    return sorted(registration.name for registration in registrations if not registration.list_submitted)


def tables_without_lists(game, matches: list[Match]) -> dict[int, list[str]]:
    """For each of ``matches`` (sides loaded) that seats a player with no list, their names: the desk
    warns before such a table is scored, since a missing list scores as an empty one."""
    registrations = [side.registration for match in matches for side in match.sides.all()]
    game.load_lists(registrations)
    listless = {
        match.pk: sorted(side.registration.name for side in match.sides.all() if not side.registration.list_submitted)
        for match in matches
    }
    return {pk: names for pk, names in listless.items() if names}


def round_table_statuses(round_: Round) -> Counter:
    """How many of the round's tables (byes left out) are in each result status, in one query."""
    tables = round_.matches.filter(table__isnull=False).order_by()
    return Counter(dict(tables.values_list("status").annotate(count=Count("pk"))))


def round_finished(round_: Round) -> bool:
    """Whether every table of the round has a confirmed result: the round is over (the next one may
    be paired, and its clock no longer matters)."""
    return not round_.matches.exclude(status=MatchStatus.CONFIRMED).exists()


class RoundClock(NamedTuple):
    """What the round's clock says on the live page and the projector."""

    finished: bool  # every result is in: the round is over, whatever the clock
    minutes_left: int | None  # whole minutes left (rounded up), 0 once time is up, None before it starts


def round_clock(event: Event, round_: Round) -> RoundClock:
    minutes_left = None
    if round_.clock_started_at:
        elapsed = (timezone.now() - round_.clock_started_at).total_seconds() / 60
        minutes_left = max(0, int(event.round_minutes - elapsed + 0.999))
    return RoundClock(finished=round_finished(round_), minutes_left=minutes_left)


LIVE_CACHE_SECONDS = 10


def live_pairings(round_: Round) -> list[dict]:
    """The round's tables as the live pairings page lists them (table, the two names, whether the
    result is in), kept in the cache a few seconds: every phone and the projector poll it (read
    afresh when the cache cannot be reached)."""
    key = f"live-pairings:{round_.event_id}:{round_.pk}:{round_.pairing_attempt}:{round_.paired_at.timestamp()}"
    tables = shared_cache.get(key)
    if tables is None:
        tables = []
        for match in round_matches(round_):
            names = [side.registration.name for side in match.sides.all()]
            tables.append(
                {
                    "table": match.table,
                    "players": names,
                    "registrations": [side.registration_id for side in match.sides.all()],
                    "done": match.status == MatchStatus.CONFIRMED,
                }
            )
        shared_cache.set(key, tables, LIVE_CACHE_SECONDS)
    return tables


def pairings_by_name(tables: list[dict]) -> list[dict]:
    """The live pairings one line per player, sorted by name (as a player looks for themselves):
    their table (None for a bye), their opponent and whether the result is in."""
    seats = []
    for table in tables:
        names = table["players"]
        for index, name in enumerate(names):
            opponent = names[1 - index] if len(names) == 2 else None
            seats.append({"name": name, "table": table["table"], "opponent": opponent, "done": table["done"]})
    return sorted(seats, key=lambda seat: (seat["name"].casefold(), seat["name"]))


def load_for_desk(matches: list[Match]) -> None:
    """What the round page's result forms read of its waiting tables (their reports, each player's
    submitted fleet), in a fixed number of queries."""
    prefetch_related_objects(matches, "reports")
    registrations = [side.registration for match in matches for side in match.sides.all()]
    prefetch_related_objects(registrations, "fleet_version__fleet", "fleet_version__judged_price")


def match_for_page(event: Event, pk: int) -> Match:
    sides = MatchSide.objects.select_related(
        "registration__player", "registration__fleet_version__fleet", "registration__fleet_version__judged_price"
    )
    return (
        Match.objects.select_related("round__event")
        .prefetch_related(Prefetch("sides", queryset=sides), "reports__reported_by")
        .get(pk=pk, round__event=event)
    )


def result_versions(matches: list[Match]) -> dict[int, int]:
    """Each match's result version, in one query: the id of its latest result change (0 before any). A
    result form carries the version it was opened on, so saving over a newer result asks first."""
    latest = ResultChange.objects.filter(match__in=matches).values("match_id").annotate(version=Max("pk"))
    found = {row["match_id"]: row["version"] for row in latest.order_by()}
    return {match.pk: found.get(match.pk, 0) for match in matches}


def latest_seat(registration: Registration | None) -> MatchSide | None:
    """Where the player sits in the latest round they were paired in (for their link to the match
    page), with ``opponent``: the other side at the table (None for a bye)."""
    if registration is None:
        return None
    return _with_opponent(MatchSide.objects.filter(registration=registration).order_by("-round__number"))


def round_seat(round_: Round, registration: Registration | None) -> MatchSide | None:
    """Where the player sits in ``round_`` (None if they are not paired in it), with ``opponent`` as
    :func:`latest_seat` gives it: two queries, whatever the size of the round."""
    if registration is None:
        return None
    return _with_opponent(MatchSide.objects.filter(registration=registration, round=round_))


def _with_opponent(seats) -> MatchSide | None:
    seat = seats.select_related("match", "round", "registration__player").first()
    if seat is not None:
        seat.opponent = (
            MatchSide.objects.filter(match_id=seat.match_id)
            .exclude(pk=seat.pk)
            .select_related("registration__player")
            .first()
        )
    return seat


def own_report(game, match: Match, seat: MatchSide | None):
    """What a player's form starts from: their own report, never the opponent's (a player who changed
    only the winner would otherwise report the opponent's claims as theirs); the opponent's report
    is shown beside the form."""
    if seat is None:
        return None
    report = next((report for report in match.reports.all() if report.seat == seat.seat), None)
    return game.result_from_json(report.result) if report is not None else None


def match_page(*, event: Event, match: Match, viewer: Viewer, seat: MatchSide | None) -> dict:
    """What the match page shows besides its form: each side with its result, each player's report
    in words, the opponent's report for the viewer to confirm, the match's history, and what the viewer
    may do (report or enter a result, confirm the opponent's report), so the page compares no status."""
    game = event_game(event.game)
    sides = {side.seat: side for side in match.sides.all()}
    reports = {report.seat: report for report in match.reports.all()}
    for report in reports.values():
        result = game.result_from_json(report.result)
        report.summary = game.describe(event, sides, result)
        report.details = game.claim_details(event, sides, result)
    game.load_lists([side.registration for side in sides.values()])
    for side in sides.values():
        side.result_text = game.side_result(side)
    opponent_report = reports.get(3 - seat.seat) if seat else None
    return {
        "event": event,
        "game": game,
        "match": match,
        "viewer": viewer,
        "seat": seat,
        "sides": list(sides.values()),
        "reports": [reports.get(s) for s in SEATS],
        "opponent_report": opponent_report,
        "history": match_history(event, match),
        "can_report": (seat is not None and not match.has_result) or may_enter_result(viewer, match),
        "may_confirm": may_confirm(seat, match, opponent_report),
        "disputed": match.status == MatchStatus.DISPUTED,
        "event_finished": is_finished(event),
    }
