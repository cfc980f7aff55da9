"""Standings: match points from results, then tie-breakers in a configurable order.

One tally of the results feeds both the standings table and the records the
next round is paired from (:func:`pairing_records`), so the two can never
disagree about a score, an opponent or a bye.

Scoring (:class:`ScoringConfig`): a win, a tie and a loss are worth 3, 1 and 0
match points, a bye counts as a win. The STAW tournament rules (seed 003,
"Fleet Points" paragraph) award a bye "a Win with 60 Fleet Points"; the 2014
FAQ's Dominion War OP month 1 ruling 1 gives a bye 2 points instead of 3, which
``ScoringConfig(bye_points=2)`` expresses.

Tie-breakers, applied in order until two players differ (:data:`TIEBREAK_PRESETS`):

``match_points``, ``fleet_points``, ``battle_points``
    higher totals first; fleet points are cumulative over every round.
``strength_of_schedule``
    the average, over a player's games, of the opponent's match-point percentage
    (points earned in games played divided by the most those games could earn).
    Byes count at neither level: they are not opponents, and an opponent's own
    byes neither raise nor lower their percentage. Players who dropped keep their
    results, so they still count as opponents.
``head_to_head``
    applies only when exactly two players are still tied: the one who won more
    of their games against the other goes first.
``random``
    a draw seeded by the caller, so the table is a total order and reproducible.
    It ends every order, whether listed or not.

The default order is match points, fleet points, strength of schedule, head to
head, random. ``faq-2014`` follows ruling 31 of the 2014 STAW FAQ: "When Battle
Points are scored, they are the determinant for tournament winner. Win/Loss
record is a tie breaker when Battle Points are tied, followed by Fleet Points";
win/loss record is read as match points, and the default's remaining keys follow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from rules.tournament.pairing import (
    BYE_DRAW,
    BYE_FEWEST_BYES,
    BYE_LOWEST_PLACE,
    BYE_LOWEST_SCORE,
    BYE_NO_REMATCH,
    PlayerRecord,
    bye_rule,
)

Points = int | float | Fraction


class Outcome(StrEnum):
    """How a game ended, from ``player_a``'s side of the result."""

    A_WINS = "a"
    B_WINS = "b"
    TIE = "tie"
    DOUBLE_LOSS = "double-loss"  # both players lose, e.g. both penalised


MATCH_POINTS = "match_points"
FLEET_POINTS = "fleet_points"
BATTLE_POINTS = "battle_points"
STRENGTH_OF_SCHEDULE = "strength_of_schedule"
HEAD_TO_HEAD = "head_to_head"
RANDOM = "random"
TIEBREAKERS = (MATCH_POINTS, FLEET_POINTS, BATTLE_POINTS, STRENGTH_OF_SCHEDULE, HEAD_TO_HEAD, RANDOM)

TIEBREAK_PRESETS: dict[str, tuple[str, ...]] = {
    "default": (MATCH_POINTS, FLEET_POINTS, STRENGTH_OF_SCHEDULE, HEAD_TO_HEAD, RANDOM),
    "faq-2014": (BATTLE_POINTS, MATCH_POINTS, FLEET_POINTS, STRENGTH_OF_SCHEDULE, HEAD_TO_HEAD, RANDOM),
}

BYE_RECORDS = ("win", "tie", "loss")


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the event; dropped players keep their results but are not paired again."""

    id: str
    dropped: bool = False
    group: str | None = None  # keep-apart group (club, store) handed on to pairing


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One game of one round; ``player_b`` is ``None`` when ``player_a`` had the bye.

    A bye's points come from the :class:`ScoringConfig`, so its own point fields
    stay 0 and its outcome ``A_WINS``.
    """

    round: int
    player_a: str
    player_b: str | None
    outcome: Outcome = Outcome.A_WINS
    fleet_points_a: int = 0
    fleet_points_b: int = 0
    battle_points_a: int = 0
    battle_points_b: int = 0


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    """Points per result and the tie-breaker order; the defaults are the 2016 STAW rules'.

    ``bye_counts_as`` says which result a bye scores as (``"win"``, ``"tie"`` or
    ``"loss"``); ``bye_points`` overrides its match points when set.
    """

    win: Points = 3
    tie: Points = 1
    loss: Points = 0
    bye_counts_as: str = "win"
    bye_points: Points | None = None
    bye_fleet_points: int = 60
    bye_battle_points: int = 0
    tiebreakers: tuple[str, ...] = TIEBREAK_PRESETS["default"]

    def __post_init__(self) -> None:
        if self.bye_counts_as not in BYE_RECORDS:
            raise ValueError(f"bye_counts_as must be one of {', '.join(BYE_RECORDS)}")
        unknown = [key for key in self.tiebreakers if key not in TIEBREAKERS]
        if unknown:
            raise ValueError(f"unknown tie-breaker(s): {', '.join(unknown)}")

    def points_for(self, kind: str) -> Points:
        """Match points for a ``"win"``, ``"tie"`` or ``"loss"``."""
        return {"win": self.win, "tie": self.tie, "loss": self.loss}[kind]

    @property
    def bye_match_points(self) -> Points:
        """``bye_points`` when set, else the points of the result a bye counts as."""
        return self.points_for(self.bye_counts_as) if self.bye_points is None else self.bye_points


DEFAULT_SCORING = ScoringConfig()


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings table, ready for a template."""

    rank: int
    player_id: str
    match_points: Points
    wins: int
    ties: int
    losses: int
    byes: int
    fleet_points: int
    battle_points: int
    strength_of_schedule: Fraction  # 0 to 1
    dropped: bool
    separated_by: str | None  # the tie-breaker that put this player below the one above

    @property
    def strength_of_schedule_percent(self) -> float:
        return float(self.strength_of_schedule * 100)

    @property
    def record(self) -> str:
        """Wins-ties-losses of games played, e.g. ``"3-0-1"``."""
        return f"{self.wins}-{self.ties}-{self.losses}"


@dataclass(slots=True)
class _Tally:
    """Everything the results say about one player."""

    entrant: Entrant
    match_points: Points = 0
    played_points: Points = 0  # match points earned in games, byes excluded
    games: Counter[str] = field(default_factory=Counter)  # "win" / "tie" / "loss" counts
    byes: int = 0
    fleet_points: int = 0
    battle_points: int = 0
    opponents: list[str] = field(default_factory=list)  # one entry per game


def standings(
    entrants: Sequence[Entrant],
    results: Sequence[MatchResult],
    *,
    seed: int,
    config: ScoringConfig = DEFAULT_SCORING,
) -> list[StandingRow]:
    """Every entrant, dropped or not, in rank order (ranks 1..n, no shared places)."""
    tallies = _tally(entrants, results, config)
    schedule = _schedules(tallies, config)
    ordered = _order(tallies, schedule, _head_to_head(results), config.tiebreakers, seed)
    rows = []
    for rank, (player_id, reason) in enumerate(ordered, start=1):
        tally = tallies[player_id]
        rows.append(
            StandingRow(
                rank=rank,
                player_id=player_id,
                match_points=tally.match_points,
                wins=tally.games["win"],
                ties=tally.games["tie"],
                losses=tally.games["loss"],
                byes=tally.byes,
                fleet_points=tally.fleet_points,
                battle_points=tally.battle_points,
                strength_of_schedule=schedule[player_id],
                dropped=tally.entrant.dropped,
                separated_by=reason,
            )
        )
    return rows


def pairing_records(
    entrants: Sequence[Entrant],
    results: Sequence[MatchResult],
    *,
    config: ScoringConfig = DEFAULT_SCORING,
) -> list[PlayerRecord]:
    """The players still in the event as :func:`rules.tournament.pairing.pair_round` needs them.

    Each player's ``place`` comes from the same ordering as :func:`standings`, but
    players the tie-breakers cannot separate (only the seeded draw would) share a
    place: the pairing's own seeded draw decides between them, not the standings'.
    """
    tallies = _tally(entrants, results, config)
    place = {player_id: spot for player_id, spot, _ in _places(tallies, results, config)}
    return [
        PlayerRecord(
            id=tally.entrant.id,
            score=tally.match_points,
            opponents=frozenset(tally.opponents),
            byes=tally.byes,
            group=tally.entrant.group,
            place=place[tally.entrant.id],
        )
        for tally in tallies.values()
        if not tally.entrant.dropped
    ]


def bye_reasons(
    entrants: Sequence[Entrant],
    results: Sequence[MatchResult],
    bye: str,
    *,
    config: ScoringConfig = DEFAULT_SCORING,
) -> tuple[str, ...]:
    """Why :func:`rules.tournament.pairing.pair_round`, given these records, gave ``bye`` the bye, rule by rule.

    The rules that singled the player out, in order: ``BYE_FEWEST_BYES``, then
    ``MATCH_POINTS`` (the lowest score), then the tie-breaker that put the player
    below the nearest player level on both, then ``RANDOM`` when only the seeded
    draw was left. ``(BYE_NO_REMATCH,)`` when the rules preferred someone else and
    avoiding a rematch overrode them.
    """
    records = pairing_records(entrants, results, config=config)
    rule = bye_rule(records, bye)
    if rule == BYE_NO_REMATCH:
        return (BYE_NO_REMATCH,)
    chain = (BYE_FEWEST_BYES, BYE_LOWEST_SCORE, BYE_LOWEST_PLACE, BYE_DRAW)
    reasons = [BYE_FEWEST_BYES, MATCH_POINTS][: chain.index(rule) + 1]
    if rule in (BYE_LOWEST_PLACE, BYE_DRAW):
        places = _places(_tally(entrants, results, config), results, config)
        reasons += _place_reason(records, bye, places, config.tiebreakers)
    if rule == BYE_DRAW:
        reasons.append(RANDOM)
    return tuple(reasons)


def _place_reason(
    records: list[PlayerRecord], bye: str, places: list[tuple[str, int, str | None]], tiebreakers: tuple[str, ...]
) -> list[str]:
    """The tie-breaker that placed ``bye`` below the nearest player level with it on byes and score, if any."""
    by_id = {record.id: record for record in records}
    chosen = by_id[bye]
    level = [r.place for r in records if (r.byes, r.score) == (chosen.byes, chosen.score) and r.place < chosen.place]
    if not level:
        return []
    keys = [key for key in tiebreakers if key != RANDOM]
    between = [reason for _, spot, reason in places if max(level) < spot <= chosen.place and reason in keys]
    return [min(between, key=keys.index)]


def _places(
    tallies: dict[str, _Tally], results: Sequence[MatchResult], config: ScoringConfig
) -> list[tuple[str, int, str | None]]:
    """``(player id, place, separating tie-breaker)`` in standings order.

    Players only the draw separates share a place."""
    ordered = _order(tallies, _schedules(tallies, config), _head_to_head(results), config.tiebreakers, seed=0)
    places: list[tuple[str, int, str | None]] = []
    for rank, (player_id, reason) in enumerate(ordered, start=1):
        places.append((player_id, places[-1][1] if reason == RANDOM else rank, reason))
    return places


def _tally(entrants: Sequence[Entrant], results: Sequence[MatchResult], config: ScoringConfig) -> dict[str, _Tally]:
    """Score every result; refuses unknown players and a player with two results in one round."""
    tallies = {entrant.id: _Tally(entrant) for entrant in entrants}
    if len(tallies) != len(entrants):
        raise ValueError("each entrant may appear only once")
    seen: set[tuple[int, str]] = set()
    for result in results:
        players = [result.player_a] if result.player_b is None else [result.player_a, result.player_b]
        if len(set(players)) != len(players):
            raise ValueError(f"round {result.round}: {result.player_a!r} cannot play themselves")
        for player_id in players:
            if player_id not in tallies:
                raise ValueError(f"round {result.round}: {player_id!r} is not an entrant")
            if (result.round, player_id) in seen:
                raise ValueError(f"round {result.round}: {player_id!r} has more than one result")
            seen.add((result.round, player_id))
        if result.player_b is None:
            _score_bye(tallies[result.player_a], result, config)
        else:
            _score_game(tallies[result.player_a], tallies[result.player_b], result, config)
    return tallies


def _score_bye(tally: _Tally, result: MatchResult, config: ScoringConfig) -> None:
    points = (result.fleet_points_a, result.fleet_points_b, result.battle_points_a, result.battle_points_b)
    if result.outcome != Outcome.A_WINS or any(points):
        raise ValueError(f"round {result.round}: a bye's points come from the scoring rules, not the result")
    tally.byes += 1
    tally.match_points += config.bye_match_points
    tally.fleet_points += config.bye_fleet_points
    tally.battle_points += config.bye_battle_points


def _score_game(a: _Tally, b: _Tally, result: MatchResult, config: ScoringConfig) -> None:
    first, second = _GAME_RESULTS[Outcome(result.outcome)]
    for tally, opponent, kind, fleet, battle in (
        (a, b, first, result.fleet_points_a, result.battle_points_a),
        (b, a, second, result.fleet_points_b, result.battle_points_b),
    ):
        points = config.points_for(kind)
        tally.match_points += points
        tally.played_points += points
        tally.games[kind] += 1
        tally.fleet_points += fleet
        tally.battle_points += battle
        tally.opponents.append(opponent.entrant.id)


_GAME_RESULTS = {
    Outcome.A_WINS: ("win", "loss"),
    Outcome.B_WINS: ("loss", "win"),
    Outcome.TIE: ("tie", "tie"),
    Outcome.DOUBLE_LOSS: ("loss", "loss"),
}


def _schedules(tallies: dict[str, _Tally], config: ScoringConfig) -> dict[str, Fraction]:
    """Every player's strength of schedule, by id."""
    percentages = {player_id: _percentage(tally, config) for player_id, tally in tallies.items()}
    return {player_id: _strength_of_schedule(tally, percentages) for player_id, tally in tallies.items()}


def _strength_of_schedule(tally: _Tally, percentages: dict[str, Fraction]) -> Fraction:
    """Average of the opponents' match-point percentages (see the module docstring); each player's
    percentage is worked out once, not once per opponent who met them."""
    if not tally.opponents:
        return Fraction(0)
    return sum((percentages[o] for o in tally.opponents), Fraction(0)) / len(tally.opponents)


def _percentage(tally: _Tally, config: ScoringConfig) -> Fraction:
    """Match points earned in games played over the most those games could earn."""
    most = Fraction(config.win) * len(tally.opponents)
    return Fraction(tally.played_points) / most if most > 0 else Fraction(0)


def _head_to_head(results: Sequence[MatchResult]) -> Counter[tuple[str, str]]:
    """Games won, per ``(winner, loser)``."""
    wins: Counter[tuple[str, str]] = Counter()
    for result in results:
        if result.player_b is not None and result.outcome == Outcome.A_WINS:
            wins[result.player_a, result.player_b] += 1
        elif result.player_b is not None and result.outcome == Outcome.B_WINS:
            wins[result.player_b, result.player_a] += 1
    return wins


def _order(
    tallies: dict[str, _Tally],
    schedule: dict[str, Fraction],
    head_to_head: Counter[tuple[str, str]],
    tiebreakers: tuple[str, ...],
    seed: int,
) -> list[tuple[str, str | None]]:
    """Player ids best first, each with the tie-breaker that separated it from the one above."""
    shuffled = sorted(tallies)
    random.Random(seed).shuffle(shuffled)
    value = {
        MATCH_POINTS: lambda player_id: tallies[player_id].match_points,
        FLEET_POINTS: lambda player_id: tallies[player_id].fleet_points,
        BATTLE_POINTS: lambda player_id: tallies[player_id].battle_points,
        STRENGTH_OF_SCHEDULE: schedule.__getitem__,
        RANDOM: {player_id: -position for position, player_id in enumerate(shuffled)}.__getitem__,
    }
    keys = tiebreakers if RANDOM in tiebreakers else (*tiebreakers, RANDOM)

    def split(group: list[str], depth: int, reason: str | None) -> list[tuple[str, str | None]]:
        if len(group) == 1:
            return [(group[0], reason)]
        key = keys[depth]
        if key == HEAD_TO_HEAD:
            if len(group) == 2:
                first, second = group
                if head_to_head[second, first] > head_to_head[first, second]:
                    first, second = second, first
                if head_to_head[first, second] > head_to_head[second, first]:
                    return [(first, reason), (second, HEAD_TO_HEAD)]
            return split(group, depth + 1, reason)
        ordered = sorted(group, key=value[key], reverse=True)
        out: list[tuple[str, str | None]] = []
        start = 0
        for end in range(1, len(ordered) + 1):
            if end == len(ordered) or value[key](ordered[end]) != value[key](ordered[start]):
                out += split(ordered[start:end], depth + 1, reason if start == 0 else key)
                start = end
        return out

    return split(list(tallies), 0, None) if tallies else []
