"""Who finished where: the one answer to an event's placing, asked by the standings page, its PDF,
the CSV and JSON exports, the API and the final lines stored for seasons and records.

Once a top cut's final is played its placing comes first (the champion, the finalist, then each
earlier round's losers in Swiss order) and everyone else follows in Swiss order; before that, the
Swiss standings are the placing. Each player's record counts every game of the event, the cut's
included: the Swiss standings alone would give the champion the record of the Swiss rounds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..models import Event, MatchStatus, Outcome, Stage
from .bracket import cut_places
from .seats import SeatResult, event_seat_results
from .standings import StandingRow, StandingsTable, event_standings


@dataclass(frozen=True, slots=True)
class FinalRow:
    place: int  # 1, 2, 3, ... however players share a place
    label: str  # the place as shown: "3–4" for the semifinal losers of a top 4, else the place
    swiss: StandingRow  # the Swiss line: its rank, match points and tie-breaker values
    wins: int  # the record of every game of the event, top cut included
    ties: int
    losses: int
    byes: int
    in_cut: bool  # placed by the top cut's bracket

    @property
    def registration_id(self) -> int:
        return self.swiss.registration_id

    @property
    def name(self) -> str:
        return self.swiss.name

    @property
    def dropped(self) -> bool:
        return self.swiss.dropped


@dataclass(frozen=True, slots=True)
class FinalStandings:
    swiss: StandingsTable  # the Swiss standings, which seeded the cut
    rows: list[FinalRow]  # best first
    cut_decided: bool  # whether a top cut's final is played, so its placing heads the rows

    @property
    def cut_rows(self) -> list[FinalRow]:
        """The players placed by the top cut, best first; none before its final is played."""
        return [row for row in self.rows if row.in_cut]


def final_standings(event: Event, *, registrations=None, seats: list[SeatResult] | None = None) -> FinalStandings:
    """The event's final placing and each player's whole record, from one query of its results (and
    one of its registrations; a caller reading many events at once passes both in)."""
    seats = event_seat_results(event) if seats is None else seats
    swiss = event_standings(event, registrations=registrations, seats=seats)
    by_id = {row.registration_id: row for row in swiss.rows}
    tables = cut_tables(seats)
    cut = cut_places(cut_rounds(tables), list(by_id))
    placed = {pk for _, pk in cut}
    order = [(label, pk) for label, pk in cut] + [(None, pk) for pk in by_id if pk not in placed]
    records = cut_records(tables)
    rows = []
    for place, (label, pk) in enumerate(order, start=1):
        row, extra = by_id[pk], records.get(pk, {})
        rows.append(
            FinalRow(
                place=place,
                label=label or str(place),
                swiss=row,
                wins=row.wins + extra.get(Outcome.WIN, 0),
                ties=row.ties + extra.get(Outcome.TIE, 0),
                losses=row.losses + extra.get(Outcome.LOSS, 0),
                byes=row.byes + extra.get("bye", 0),
                in_cut=label is not None,
            )
        )
    return FinalStandings(swiss=swiss, rows=rows, cut_decided=bool(cut))


def place_prizes(event: Event, final: FinalStandings) -> dict[int, str]:
    """What each player received, by registration id: the event's prize support is one line per place,
    best first, and the player at :attr:`FinalRow.place` n gets line n (players sharing a place label,
    such as the semifinal losers' "3–4", take the lines of the places they fill, in Swiss order)."""
    lines = [line.strip() for line in event.prize_support.splitlines() if line.strip()]
    return {row.registration_id: lines[row.place - 1] for row in final.rows if row.place <= len(lines)}


def cut_tables(seats: list[SeatResult]) -> dict[tuple[int, int], list[SeatResult]]:
    """The top cut's seats by (round number, match id), in round order: a table's two, a bye's one."""
    tables = defaultdict(list)
    for seat in seats:
        if seat.stage == Stage.CUT:
            tables[seat.round_number, seat.match_id].append(seat)
    return dict(sorted(tables.items()))


def cut_rounds(tables: dict[tuple[int, int], list[SeatResult]]) -> list[list[tuple[int, str]]]:
    """The cut's rounds in order, each its seated players as (registration id, outcome), byes left out."""
    rounds = defaultdict(list)
    for (number, _), seated in tables.items():
        if len(seated) == 2:
            rounds[number] += [(seat.registration_id, seat.outcome) for seat in seated]
    return [rounds[number] for number in sorted(rounds)]


def cut_records(tables: dict[tuple[int, int], list[SeatResult]]) -> dict[int, dict[str, int]]:
    """Each player's confirmed cut games by outcome ("bye" for a bye), by registration id."""
    counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for seated in tables.values():
        for seat in seated:
            if seat.status == MatchStatus.CONFIRMED and seat.outcome:
                counts[seat.registration_id]["bye" if len(seated) == 1 else seat.outcome] += 1
    return counts
