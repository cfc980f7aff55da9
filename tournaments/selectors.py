"""Every read of the tournaments app. Page-sized reads take a fixed number of queries,
whatever the number of players or rounds: related rows are joined or prefetched, and
standings are computed in Python from one query of all the event's results."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.utils import timezone

from rules import standings
from rules.pairing import PlayerRecord

from .access import Viewer, may_see_list, paired_opponents
from .games import event_game
from .models import (
    Event,
    EventStatus,
    Match,
    MatchSide,
    MatchStatus,
    Outcome,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    Stage,
    SubmissionChange,
)


def upcoming_events(*, limit: int = 5) -> QuerySet[Event]:
    """Events still to play or being played, soonest first (the home page's list)."""
    return (
        Event.objects.filter(date__gte=timezone.localdate())
        .exclude(status=EventStatus.FINISHED)
        .annotate(player_count=Count("registrations"))
        .order_by("date", "name")[:limit]
    )


def event_list() -> dict[str, QuerySet[Event]]:
    events = Event.objects.select_related("organizer").annotate(player_count=Count("registrations"))
    return {
        "running": events.filter(status=EventStatus.RUNNING).order_by("date", "name"),
        "upcoming": events.filter(status=EventStatus.REGISTRATION).order_by("date", "name"),
        "finished": events.filter(status=EventStatus.FINISHED).order_by("-date", "name")[:50],
    }


class StartSummary(NamedTuple):
    """What starting the event will do, for the organizer to confirm."""

    registered: int
    starting: int  # checked in and not dropped: these play, and their lists lock
    without_list: int  # of those starting
    rounds: int


def start_summary(event: Event) -> StartSummary:
    counts = event.registrations.aggregate(
        registered=Count("pk"),
        starting=Count("pk", filter=Q(checked_in=True, dropped_at=None)),
        without_list=Count("pk", filter=Q(checked_in=True, dropped_at=None, fleet_submitted_at=None)),
    )
    return StartSummary(**counts, rounds=event.swiss_rounds(counts["starting"]))


def event_registrations(event: Event) -> list[Registration]:
    return list(
        event.registrations.select_related("player", "added_by", "fleet_version__fleet").order_by("player__username")
    )


def event_rounds(event: Event) -> list[Round]:
    """The rounds with how many of their matches still wait for a result."""
    return list(
        event.rounds.annotate(
            open_matches=Count("matches", filter=~Q(matches__status=MatchStatus.CONFIRMED)),
            disputed_matches=Count("matches", filter=Q(matches__status=MatchStatus.DISPUTED)),
        ).order_by("number")
    )


def event_sides(event: Event) -> list[MatchSide]:
    """Every seat of every match of the event, in one query: the input of standings and exports."""
    return list(
        MatchSide.objects.filter(round__event=event)
        .select_related("match", "round", "registration__player")
        .order_by("round__number", F("match__table").asc(nulls_last=True), "seat")
    )


class SeatResult(NamedTuple):
    """One seat of a match with its result, as plain values: what standings and pairing read.

    Standings read every seat of the event on every page view (4,608 seats for 512
    players after 9 rounds); building a side, match, round and registration object
    for each costs far more than ranking the players, so these come from one
    ``values_list`` query (:func:`event_seat_results`).
    """

    match_id: int
    round_number: int
    stage: str
    status: str
    registration_id: int
    seat: int
    outcome: str
    fleet_points: int | None
    battle_points: int


def event_seat_results(event: Event) -> list[SeatResult]:
    """Every seat of every match of the event with its result, in one query."""
    seats = MatchSide.objects.filter(round__event=event).order_by(
        "round__number", F("match__table").asc(nulls_last=True), "seat"
    )
    return [
        SeatResult(*row)
        for row in seats.values_list(
            "match_id",
            "round__number",
            "round__stage",
            "match__status",
            "registration_id",
            "seat",
            "outcome",
            "fleet_points",
            "battle_points",
        )
    ]


def opponents_by_registration(event: Event, *, before_round: int | None = None) -> dict[int, set[int]]:
    """Who has played whom (registration ids), optionally only in rounds before ``before_round``."""
    sides = MatchSide.objects.filter(round__event=event, match__table__isnull=False)
    if before_round is not None:
        sides = sides.filter(round__number__lt=before_round)
    by_match: dict[int, list[int]] = defaultdict(list)
    for match_id, registration_id in sides.values_list("match_id", "registration_id"):
        by_match[match_id].append(registration_id)
    met: dict[int, set[int]] = defaultdict(set)
    for a, b in (pair for pair in by_match.values() if len(pair) == 2):
        met[a].add(b)
        met[b].add(a)
    return met


def round_matches(round_: Round) -> list[Match]:
    """The round's matches by table (byes last), each with its sides and players."""
    sides = MatchSide.objects.select_related("registration__player")
    return list(
        round_.matches.prefetch_related(Prefetch("sides", queryset=sides)).order_by(F("table").asc(nulls_last=True))
    )


def match_for_page(event: Event, pk: int) -> Match:
    sides = MatchSide.objects.select_related("registration__player", "registration__fleet_version__fleet")
    return (
        Match.objects.select_related("round__event")
        .prefetch_related(Prefetch("sides", queryset=sides), "reports__reported_by")
        .get(pk=pk, round__event=event)
    )


def fleet_changed_since_submission(registration: Registration | None) -> bool:
    """Whether the player saved their fleet again after submitting it: the event keeps the submitted
    version, so the player is told to submit again if they mean to play the new list."""
    if registration is None or registration.fleet_version is None:
        return False
    current = registration.fleet_version.fleet.current_version
    return current is not None and current.pk != registration.fleet_version_id


def latest_seat(registration: Registration | None) -> MatchSide | None:
    """Where the player sits in the latest round they were paired in (for their link to the match page)."""
    if registration is None:
        return None
    return (
        MatchSide.objects.filter(registration=registration)
        .select_related("match", "round")
        .order_by("-round__number")
        .first()
    )


def match_history(match: Match) -> list[ResultChange]:
    return list(match.changes.select_related("changed_by"))


@dataclass(frozen=True, slots=True)
class FleetRow:
    registration: Registration
    visible: bool


def event_fleets(event: Event, viewer: Viewer) -> list[FleetRow]:
    """Each registration with whether the viewer may see its list (:func:`tournaments.access.may_see_list`),
    in two queries whatever the field's size."""
    opponents = paired_opponents(event, viewer.user)
    return [
        FleetRow(registration, may_see_list(event=event, viewer=viewer, registration=registration, opponents=opponents))
        for registration in event_registrations(event)
    ]


def event_history(event: Event) -> list[ResultChange]:
    """Every result change of the event, newest first, with the JSON shown as text."""
    changes = list(
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .order_by("-changed_at", "-pk")
    )
    for change in changes:
        change.before_text = json.dumps(change.before, sort_keys=True)
        change.after_text = json.dumps(change.after, sort_keys=True)
    return changes


def event_submission_history(event: Event) -> list[SubmissionChange]:
    """Every list submission, replacement and withdrawal of the event, oldest first."""
    return list(SubmissionChange.objects.filter(event=event).select_related("player", "changed_by"))


def event_history_json(event: Event) -> list[dict]:
    """Every result change of the event, oldest first, as plain data (for the JSON export)."""
    changes = (
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .order_by("changed_at", "pk")
    )
    return [
        {
            "round": change.match.round.number,
            "table": change.match.table,
            "action": change.action,
            "changed_by": change.changed_by.get_username(),
            "changed_at": change.changed_at.isoformat(),
            "before": change.before,
            "after": change.after,
        }
        for change in changes
    ]


def event_reports(event: Event) -> dict[int, list[dict]]:
    """Every player report of the event by match id, as plain data (for the JSON export)."""
    reports: dict[int, list[dict]] = defaultdict(list)
    for report in ResultReport.objects.filter(match__round__event=event).select_related("reported_by"):
        reports[report.match_id].append(
            {
                "seat": report.seat,
                "reported_by": report.reported_by.get_username(),
                "reported_at": report.reported_at.isoformat(),
                "result": report.result,
            }
        )
    return reports


# The tie-breakers with a value worth a column, as headed in the table; the others
# (head-to-head, the seeded draw) only order players who are level on every column.
STANDING_COLUMNS = {
    standings.MATCH_POINTS: "Match points",
    standings.BATTLE_POINTS: "Battle points",
    standings.FLEET_POINTS: "Fleet points",
    standings.STRENGTH_OF_SCHEDULE: "Strength of schedule",
}
OUTCOMES = {
    (Outcome.WIN, Outcome.LOSS): standings.Outcome.A_WINS,
    (Outcome.LOSS, Outcome.WIN): standings.Outcome.B_WINS,
    (Outcome.TIE, Outcome.TIE): standings.Outcome.TIE,
    (Outcome.LOSS, Outcome.LOSS): standings.Outcome.DOUBLE_LOSS,
}


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    registration_id: int
    name: str
    dropped: bool
    wins: int
    ties: int
    losses: int
    byes: int
    match_points: int
    values: tuple  # one value per column of the table, in column order


@dataclass(frozen=True, slots=True)
class StandingsTable:
    columns: tuple[str, ...]  # headings of the tie-breaker columns, in the event's order
    keys: tuple[str, ...]  # the same columns as the tie-breakers' stable names (exports)
    rows: list[StandingRow]


def event_standings(event: Event, *, before_round: int | None = None, registrations=None) -> StandingsTable:
    """The standings after every confirmed result (or only those of rounds before ``before_round``).

    Two queries (the event's seat results and its registrations with their players,
    not their fleets; callers already holding the registrations pass them in), then
    :func:`rules.standings.standings` ranks the players by the event's scoring and
    tie-breakers. Top-cut rounds do not count: the cut is seeded from the Swiss standings.
    """
    if registrations is None:
        registrations = list(event.registrations.select_related("player"))
    counted = [
        s
        for s in event_seat_results(event)
        if s.stage == Stage.SWISS and (before_round is None or s.round_number < before_round)
    ]
    playing = {side.registration_id for side in counted} | {r.pk for r in registrations if r.checked_in}
    field = {str(r.pk): r for r in registrations if r.pk in playing}
    config = scoring_config(event)
    ranked = standings.standings(
        [standings.Entrant(pk, dropped=r.dropped) for pk, r in field.items()],
        standing_results(counted),
        seed=event.pk,
        config=config,
    )
    keys = tuple(key for key in config.tiebreakers if key in STANDING_COLUMNS)
    rows = [
        StandingRow(
            rank=row.rank,
            registration_id=int(row.player_id),
            name=field[row.player_id].name,
            dropped=row.dropped,
            wins=row.wins,
            ties=row.ties,
            losses=row.losses,
            byes=row.byes,
            match_points=row.match_points,
            values=tuple(column_value(row, key) for key in keys),
        )
        for row in ranked
    ]
    game = event_game(event.game)
    return StandingsTable(columns=tuple(game.column_label(key) for key in keys), keys=keys, rows=rows)


def match_points_before(event: Event, round_number: int) -> dict[int, standings.Points]:
    """Each player's match points from the confirmed Swiss results of earlier rounds, by registration id.

    What the pairings page shows beside each name: only the tally, so one query and
    none of the tie-breakers or the ordering of :func:`event_standings`.
    """
    seats = [s for s in event_seat_results(event) if s.stage == Stage.SWISS and s.round_number < round_number]
    entrants = [standings.Entrant(str(pk)) for pk in sorted({s.registration_id for s in seats})]
    records = standings.pairing_records(entrants, standing_results(seats), config=scoring_config(event))
    return {int(record.id): record.score for record in records}


def column_value(row: standings.StandingRow, key: str):
    if key == standings.STRENGTH_OF_SCHEDULE:
        return f"{row.strength_of_schedule_percent:.1f}%"
    return getattr(row, key)


def player_records(event: Event, to_pair: list[Registration]) -> list[PlayerRecord]:
    """What the pairing engine needs about each player of ``to_pair``: score, past opponents, byes.

    Everyone else with results (dropped players, players sitting out this round)
    is an entrant marked as not paired, so their games still count for their opponents.
    A player's club or store is their keep-apart group (compared without regard to case).
    """
    sides = [side for side in event_seat_results(event) if side.stage == Stage.SWISS]
    pairing = {r.pk for r in to_pair}
    clubs = {r.pk: r.club.casefold() for r in to_pair if r.club}
    everyone = pairing | {side.registration_id for side in sides}
    entrants = [standings.Entrant(str(pk), dropped=pk not in pairing, group=clubs.get(pk)) for pk in sorted(everyone)]
    return standings.pairing_records(entrants, standing_results(sides), config=scoring_config(event))


def scoring_config(event: Event) -> standings.ScoringConfig:
    return standings.ScoringConfig(
        win=event.win_points,
        tie=event.tie_points,
        loss=event.loss_points,
        bye_fleet_points=event.bye_fleet_points,
        tiebreakers=event_game(event.game).tiebreakers(event),
    )


def standing_results(sides: list[SeatResult]) -> list[standings.MatchResult]:
    """One result per confirmed match, as the standings rules read it; a bye has no second player
    and no points of its own (the scoring configuration gives a bye its points)."""
    by_match: dict[int, list[SeatResult]] = defaultdict(list)
    for side in sides:
        if side.status == MatchStatus.CONFIRMED:
            by_match[side.match_id].append(side)
    results = []
    for seats in by_match.values():
        a, *rest = sorted(seats, key=lambda side: side.seat)
        if not rest:
            results.append(standings.MatchResult(a.round_number, str(a.registration_id), None))
            continue
        b = rest[0]
        results.append(
            standings.MatchResult(
                round=a.round_number,
                player_a=str(a.registration_id),
                player_b=str(b.registration_id),
                outcome=OUTCOMES[a.outcome, b.outcome],
                fleet_points_a=a.fleet_points or 0,
                fleet_points_b=b.fleet_points or 0,
                battle_points_a=a.battle_points,
                battle_points_b=b.battle_points,
            )
        )
    return results
