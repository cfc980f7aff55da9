"""The top cut as a bracket: its rounds' tables and winners, and the placing its final decides, which
ranks above the Swiss standings once a cut is played (the Swiss records alone would put a champion
with a bye below a player who never lost a Swiss game; :mod:`tournaments.selectors.final` asks it)."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, MatchSide, Outcome, Stage
from .standings import event_standings


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


def cut_seeds(event: Event) -> list[int]:
    """Who makes the event's top cut, by seed (registration ids, best first): the top of the Swiss
    standings still playing, as many as the cut holds (fewer when fewer are left)."""
    standing = [row.registration_id for row in event_standings(event).rows if not row.dropped]
    return standing[: event.top_cut]


def cut_bracket(event: Event) -> list[BracketRound] | None:
    """The rounds of the event's top cut, or ``None`` without one."""
    sides = list(
        MatchSide.objects.filter(round__event=event, round__stage=Stage.CUT, match__table__isnull=False)
        .select_related("round", "match", "registration__player")
        .order_by("round__number", "match__table", "seat")
    )
    if not sides:
        return None
    by_round: dict[int, dict[int, list[MatchSide]]] = {}
    names: dict[int, str] = {}
    for side in sides:
        side.round.event = event  # the round's name reads the event's cut
        names[side.round.number] = side.round.name
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
        rounds.append(BracketRound(names[number], number, rows))
    return rounds


def cut_places(rounds: list[list[tuple[int, str]]], swiss_order: list[int]) -> list[tuple[str, int]]:
    """Once the final is played, (place, registration id) best first: the champion, the finalist, then
    each earlier round's losers sharing the places their round decides, in Swiss order; before, none.

    ``rounds`` are the cut's rounds in order, each its seated players as (registration id, outcome);
    ``swiss_order`` the registration ids by Swiss standing."""
    if not rounds or len(rounds[-1]) != 2 or not all(outcome for _, outcome in rounds[-1]):
        return []
    rank = {pk: i for i, pk in enumerate(swiss_order)}
    places: list[tuple[str, int]] = []
    for seated in reversed(rounds):
        losers = [pk for pk, outcome in seated if outcome != Outcome.WIN]
        if not places:
            places.append(("1", next(pk for pk, outcome in seated if outcome == Outcome.WIN)))
        first = len(places) + 1
        label = str(first) if len(losers) == 1 else f"{first}–{first + len(losers) - 1}"
        places += [(label, pk) for pk in sorted(losers, key=lambda pk: rank.get(pk, len(rank)))]
    return places
