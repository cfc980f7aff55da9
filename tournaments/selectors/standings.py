"""The standings table, and the records pairing reads, from one query of the event's results."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from rules.tournament import standings
from rules.tournament.pairing import PlayerRecord

from ..games import event_game
from ..models import (
    Event,
    MatchStatus,
    Outcome,
    Registration,
    Stage,
)
from .seats import SeatResult, event_seat_results

# The tie-breakers with a value worth a column, as headed in the table; the others
# (head-to-head, the seeded draw) only order players who are level on every column.
STANDING_COLUMNS = {
    standings.MATCH_POINTS: gettext_lazy("Match points"),
    standings.BATTLE_POINTS: gettext_lazy("Battle points"),
    standings.FLEET_POINTS: gettext_lazy("Fleet points"),
    standings.STRENGTH_OF_SCHEDULE: gettext_lazy("Strength of schedule"),
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
    tie_note: str = ""  # how this player was put below one level with them on every column


@dataclass(frozen=True, slots=True)
class StandingsTable:
    columns: tuple[str, ...]  # headings of the tie-breaker columns, in the event's order
    keys: tuple[str, ...]  # the same columns as the tie-breakers' stable names (exports)
    rows: list[StandingRow]

    @property
    def tied_rows(self) -> list[StandingRow]:
        """The rows placed below a player level with them on every column, each with its ``tie_note``."""
        return [row for row in self.rows if row.tie_note]


def event_standings(
    event: Event, *, before_round: int | None = None, registrations=None, seats: list[SeatResult] | None = None
) -> StandingsTable:
    """The standings after every confirmed result (or only those of rounds before ``before_round``).

    Two queries (the event's seat results and its registrations with their players,
    not their fleets; callers already holding them, as a season reading many events
    at once does, pass them in), then
    :func:`rules.tournament.standings.standings` ranks the players by the event's scoring and
    tie-breakers. Top-cut rounds do not count: the cut is seeded from the Swiss standings.
    """
    if registrations is None:
        registrations = list(event.registrations.select_related("player"))
    counted = [
        s
        for s in (event_seat_results(event) if seats is None else seats)
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
    above = {row.player_id: ranked[i - 1].player_id for i, row in enumerate(ranked) if i}
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
            tie_note=tie_note(row, field[above[row.player_id]].name if row.player_id in above else ""),
        )
        for row in ranked
    ]
    game = event_game(event.game)
    return StandingsTable(columns=tuple(game.column_label(key) for key in keys), keys=keys, rows=rows)


def tie_note(row: standings.StandingRow, above: str) -> str:
    """Why a player level with the one above on every column ranks below them, in words."""
    if row.separated_by == standings.HEAD_TO_HEAD:
        return gettext("Level with %(name)s on every column; %(name)s won their game (head-to-head).") % {"name": above}
    if row.separated_by == standings.RANDOM:
        return gettext(
            "Level with %(name)s on every column, and no game between them decides; a seeded draw put %(name)s first."
        ) % {"name": above}
    return ""


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
    entrants, results = pairing_inputs(event, to_pair)
    return standings.pairing_records(entrants, results, config=scoring_config(event))


def bye_reasons(event: Event, to_pair: list[Registration], bye: int) -> tuple[str, ...]:
    """Which bye rules gave registration ``bye`` the bye among ``to_pair``
    (see :func:`rules.tournament.standings.bye_reasons`)."""
    entrants, results = pairing_inputs(event, to_pair)
    return standings.bye_reasons(entrants, results, str(bye), config=scoring_config(event))


def pairing_inputs(
    event: Event, to_pair: list[Registration]
) -> tuple[list[standings.Entrant], list[standings.MatchResult]]:
    """The Swiss results and every player they name, those not in ``to_pair`` marked as not paired."""
    sides = [side for side in event_seat_results(event) if side.stage == Stage.SWISS]
    pairing = {r.pk for r in to_pair}
    clubs = {r.pk: r.club.casefold() for r in to_pair if r.club}
    everyone = pairing | {side.registration_id for side in sides}
    entrants = [standings.Entrant(str(pk), dropped=pk not in pairing, group=clubs.get(pk)) for pk in sorted(everyone)]
    return entrants, standing_results(sides)


def scoring_config(event: Event) -> standings.ScoringConfig:
    """The event's scoring as the standings rules take it; a bye's fleet points are the game's (none: 0)."""
    game = event_game(event.game)
    return standings.ScoringConfig(
        win=event.win_points,
        tie=event.tie_points,
        loss=event.loss_points,
        bye_fleet_points=game.bye_fleet_points(event) or 0,
        tiebreakers=game.tiebreakers(event),
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
