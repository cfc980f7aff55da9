"""Season points and the season table: what a store's league counts across its events.

Each finished event of a season gives every player who played it season points
(:func:`event_points`) from the season's :class:`PointsTable`:

* ``participation`` points for playing at all;
* ``per_win`` and ``per_tie`` points for each Swiss game won or tied (a bye is a win,
  as in the event's own standings);
* ``placing`` points by final place: ``placing[0]`` for first, ``placing[1]`` for
  second and so on; places past the table's end earn none.

With ``best_events`` set, only a player's best that many events count (the highest
scores; between equal scores the earlier event), so missing a night does not end a
season. The table (:func:`season_standings`) ranks players by, in order:

1. season points from their counted events;
2. event wins: how many counted events they finished first in;
3. best placing in a counted event (lower is better);
4. games won in counted events;
5. events played (more is better: turning up is what a league rewards).

Players level on all five share the rank and are listed by id; the next rank skips
accordingly (1, 2, 2, 4). Qualification (:class:`Qualification`) marks the top ``top``
ranks (so players sharing the last qualifying rank all qualify) and, or, everyone at or
above ``threshold`` points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

DEFAULT_PLACING = (10, 7, 5, 3, 2, 1)


@dataclass(frozen=True, slots=True)
class PointsTable:
    """How one event earns season points; the defaults reward turning up, winning games and placing."""

    participation: int = 3
    per_win: int = 3
    per_tie: int = 1
    placing: tuple[int, ...] = DEFAULT_PLACING
    best_events: int | None = None

    def __post_init__(self) -> None:
        if min(self.participation, self.per_win, self.per_tie, *self.placing, 0) < 0:
            raise ValueError("season points are never negative")
        if self.best_events is not None and self.best_events < 1:
            raise ValueError("best_events counts at least one event")


@dataclass(frozen=True, slots=True)
class Qualification:
    """Who qualifies for the championship: the top ``top`` ranks, and/or everyone with ``threshold`` points."""

    top: int | None = None
    threshold: int | None = None

    def qualifies(self, rank: int, points: int) -> bool:
        by_rank = self.top is not None and rank <= self.top
        by_points = self.threshold is not None and points >= self.threshold
        return by_rank or by_points


@dataclass(frozen=True, slots=True)
class EventFinish:
    """One player's result at one event of the season: final place and Swiss record."""

    event_id: str
    player_id: str
    placing: int
    wins: int = 0
    ties: int = 0
    losses: int = 0
    order: int = 0  # the event's position in the season (its date), to break ties between equal scores

    def __post_init__(self) -> None:
        if self.placing < 1 or min(self.wins, self.ties, self.losses) < 0:
            raise ValueError("a placing starts at 1 and a record is never negative")


@dataclass(frozen=True, slots=True)
class EventScore:
    finish: EventFinish
    points: int
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonRow:
    rank: int
    player_id: str
    points: int
    event_wins: int
    best_placing: int
    wins: int
    events_played: int
    qualified: bool
    events: tuple[EventScore, ...] = field(default=())  # every event played, in season order

    @property
    def sort_key(self) -> tuple[int, int, int, int, int]:
        return (-self.points, -self.event_wins, self.best_placing, -self.wins, -self.events_played)


def event_points(finish: EventFinish, table: PointsTable) -> int:
    """The season points ``finish`` earns under ``table``."""
    placing = table.placing[finish.placing - 1] if finish.placing <= len(table.placing) else 0
    return table.participation + table.per_win * finish.wins + table.per_tie * finish.ties + placing


def season_standings(
    finishes: Iterable[EventFinish], table: PointsTable, qualification: Qualification = Qualification()
) -> list[SeasonRow]:
    """The season table from every player's event results (see the module's docstring for the order)."""
    by_player: dict[str, list[EventFinish]] = defaultdict(list)
    for finish in finishes:
        by_player[finish.player_id].append(finish)
    unranked = [_row(player_id, played, table) for player_id, played in by_player.items()]
    unranked.sort(key=lambda row: (row.sort_key, row.player_id))
    rows: list[SeasonRow] = []
    for position, row in enumerate(unranked, start=1):
        rank = rows[-1].rank if rows and rows[-1].sort_key == row.sort_key else position
        rows.append(
            SeasonRow(
                rank=rank,
                player_id=row.player_id,
                points=row.points,
                event_wins=row.event_wins,
                best_placing=row.best_placing,
                wins=row.wins,
                events_played=row.events_played,
                qualified=qualification.qualifies(rank, row.points),
                events=row.events,
            )
        )
    return rows


def _row(player_id: str, played: list[EventFinish], table: PointsTable) -> SeasonRow:
    in_order = sorted(played, key=lambda finish: (finish.order, finish.event_id))
    scores = [event_points(finish, table) for finish in in_order]
    best_first = sorted(range(len(in_order)), key=lambda i: (-scores[i], i))
    keep = set(best_first if table.best_events is None else best_first[: table.best_events])
    events = tuple(EventScore(finish, scores[i], i in keep) for i, finish in enumerate(in_order))
    counted = [score.finish for score in events if score.counted]
    return SeasonRow(
        rank=0,
        player_id=player_id,
        points=sum(score.points for score in events if score.counted),
        event_wins=sum(finish.placing == 1 for finish in counted),
        best_placing=min(finish.placing for finish in counted),
        wins=sum(finish.wins for finish in counted),
        events_played=len(in_order),
        qualified=False,
        events=events,
    )
