"""A match result as reported or entered: who won and what each fleet lost.

Reports are compared for equality (two equal reports confirm a result), so the
value is normalised: lists of lost items are sorted and de-duplicated, and the
JSON form stored in the database round-trips exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Outcome

SEATS = (1, 2)


@dataclass(frozen=True, slots=True)
class Losses:
    """What one fleet lost: destroyed ships and upgrades removed from surviving ships (item keys)."""

    ships: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()

    @classmethod
    def of(cls, ships=(), upgrades=()) -> Losses:
        return cls(tuple(sorted(set(ships))), tuple(sorted(set(upgrades))))

    def to_json(self) -> dict[str, list[str]]:
        return {"ships": list(self.ships), "upgrades": list(self.upgrades)}

    @classmethod
    def from_json(cls, data: dict | None) -> Losses:
        data = data or {}
        return cls.of(data.get("ships", ()), data.get("upgrades", ()))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """``winner`` is the winning seat (1 or 2), or ``None`` for a tie; ``battle_points`` are scenario
    points by seat, reported only at events that rank by them; ``typed_points`` are fleet points by
    seat that the desk typed from a slip giving only the number (they replace the computed ones)."""

    winner: int | None
    losses: dict[int, Losses] = field(default_factory=dict)
    battle_points: dict[int, int] = field(default_factory=dict)
    typed_points: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.winner not in (None, *SEATS):
            raise ValueError(f"winner must be seat 1, seat 2 or None, got {self.winner!r}")

    def outcome(self, seat: int) -> str:
        if self.winner is None:
            return Outcome.TIE
        return Outcome.WIN if self.winner == seat else Outcome.LOSS

    def lost_by(self, seat: int) -> Losses:
        return self.losses.get(seat, Losses())

    def battle_points_of(self, seat: int) -> int:
        return self.battle_points.get(seat, 0)

    def to_json(self) -> dict:
        data = {
            "winner": self.winner,
            "losses": {str(seat): self.lost_by(seat).to_json() for seat in SEATS},
            "battle_points": {str(seat): self.battle_points_of(seat) for seat in SEATS},
        }
        if self.typed_points:  # results without typed points keep the JSON they always had
            data["typed_points"] = {str(seat): points for seat, points in sorted(self.typed_points.items())}
        return data

    @classmethod
    def from_json(cls, data: dict) -> MatchResult:
        losses, battle = data.get("losses", {}), data.get("battle_points", {})
        typed = data.get("typed_points") or {}
        return cls(
            data.get("winner"),
            {seat: Losses.from_json(losses.get(str(seat))) for seat in SEATS},
            {seat: int(battle.get(str(seat), 0)) for seat in SEATS},
            {int(seat): int(points) for seat, points in typed.items()},
        )

    # Two results are equal when their normalised JSON is: a result listing no losses for a seat
    # equals one listing empty losses, so reports compare as players mean them.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchResult) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(repr(self.to_json()))
