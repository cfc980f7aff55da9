"""Who plays Terran and who plays Kilrathi at each table of a Wing Commander event.

Every game has one Terran and one Kilrathi player (setup step 1), and the
Kilrathi always move first, so an event keeps each player's games balanced
between the sides: a player who has played Terran more often gets Kilrathi,
and between equally balanced players the one who played Terran last switches.
The choice is deterministic -- the same history and pairs give the same sides --
so a round can be re-paired or re-printed without the sides moving.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.wing_commander.deck import KILRATHI, TERRAN


@dataclass(frozen=True, slots=True)
class SideRecord:
    """A player's games so far on each side, and the side of the most recent one (``None`` before any)."""

    terran: int = 0
    kilrathi: int = 0
    last: str | None = None


_NO_GAMES = SideRecord()


@dataclass(frozen=True, slots=True)
class SidedPairing:
    terran: str
    kilrathi: str


def assign_sides(pairs: Iterable[tuple[str, str]], records: Mapping[str, SideRecord]) -> list[SidedPairing]:
    """Give each pair its sides, in the order given; a player missing from ``records`` has played no game.

    Of the two ways to seat a pair, the one chosen leaves, in this order of
    importance: the smaller worst imbalance (Terran games minus Kilrathi games)
    of the two players, the smaller total imbalance, fewer players repeating the
    side they played last, and finally the player whose name sorts first on the
    Terran side.
    """
    seen: set[str] = set()
    sided = []
    for first, second in pairs:
        if first == second or {first, second} & seen:
            raise ValueError(f"each player sits at one table against someone else; check {first!r} and {second!r}")
        seen |= {first, second}
        terran, kilrathi = min(((first, second), (second, first)), key=lambda seats: _seating_cost(seats, records))
        sided.append(SidedPairing(terran=terran, kilrathi=kilrathi))
    return sided


def _seating_cost(seats: tuple[str, str], records: Mapping[str, SideRecord]) -> tuple[int, int, int, bool]:
    terran, kilrathi = seats
    terran_record = records.get(terran, _NO_GAMES)
    kilrathi_record = records.get(kilrathi, _NO_GAMES)
    terran_balance = abs(terran_record.terran + 1 - terran_record.kilrathi)
    kilrathi_balance = abs(kilrathi_record.terran - kilrathi_record.kilrathi - 1)
    repeats = (terran_record.last == TERRAN) + (kilrathi_record.last == KILRATHI)
    return (
        max(terran_balance, kilrathi_balance),
        terran_balance + kilrathi_balance,
        repeats,
        terran > kilrathi,
    )
