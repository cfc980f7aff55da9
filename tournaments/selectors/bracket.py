"""The top cut as a bracket: its rounds' results and the final placing, which rank above the Swiss
standings once a cut is played (the Swiss records alone would put a champion with a bye below a
player who never lost a Swiss game)."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, MatchSide, Outcome, Stage

STAGE_NAMES = {2: "Final", 4: "Semifinals", 8: "Quarterfinals"}


@dataclass(frozen=True, slots=True)
class BracketTable:
    """One table of a cut round: the players by seat, and the winner once the result is in."""

    table: int
    players: tuple[str, ...]
    winner: str | None


@dataclass(frozen=True, slots=True)
class BracketRound:
    name: str
    number: int
    tables: list[BracketTable]


@dataclass(frozen=True, slots=True)
class Bracket:
    rounds: list[BracketRound]
    placing: list[tuple[str, str]]  # (place, name), best first: "1", "2", "3–4", "5–8"


def cut_bracket(event: Event, swiss_order: list[int]) -> Bracket | None:
    """The event's top cut, or ``None`` without one. ``swiss_order`` (registration ids, best first)
    orders the players knocked out in the same round, as the Swiss standings did."""
    sides = list(
        MatchSide.objects.filter(round__event=event, round__stage=Stage.CUT, match__table__isnull=False)
        .select_related("round", "match", "registration__player")
        .order_by("round__number", "match__table", "seat")
    )
    if not sides:
        return None
    by_round: dict[int, dict[int, list[MatchSide]]] = {}
    for side in sides:
        by_round.setdefault(side.round.number, {}).setdefault(side.match.table, []).append(side)
    rounds = []
    for number, tables in by_round.items():
        rows = [
            BracketTable(
                table=table,
                players=tuple(side.registration.name for side in seated),
                winner=next((side.registration.name for side in seated if side.outcome == Outcome.WIN), None),
            )
            for table, seated in tables.items()
        ]
        rounds.append(BracketRound(STAGE_NAMES.get(2 * len(rows), f"Round {number}"), number, rows))
    return Bracket(rounds, placing(by_round, swiss_order))


def placing(by_round: dict[int, dict[int, list[MatchSide]]], swiss_order: list[int]) -> list[tuple[str, str]]:
    """Once the final is played: the champion, the finalist, then each earlier round's losers
    sharing the places their round decides, in Swiss order."""
    last = by_round[max(by_round)]
    if len(last) != 1 or not all(side.outcome for side in next(iter(last.values()))):
        return []
    rank = {pk: i for i, pk in enumerate(swiss_order)}
    places: list[tuple[str, str]] = []
    for tables in reversed(list(by_round.values())):
        losers = [side for seated in tables.values() for side in seated if side.outcome != Outcome.WIN]
        if not places:
            winner = next(side for seated in tables.values() for side in seated if side.outcome == Outcome.WIN)
            places.append(("1", winner.registration.name))
        first = len(places) + 1
        label = str(first) if len(losers) == 1 else f"{first}–{first + len(losers) - 1}"
        for side in sorted(losers, key=lambda side: rank.get(side.registration_id, len(rank))):
            places.append((label, side.registration.name))
    return places
