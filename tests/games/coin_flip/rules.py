"""The pure rules of Coin Toss: a purse of coins of one call (heads or tails), one to three coins."""

from __future__ import annotations

from dataclasses import dataclass

from rules.inputs.list_check import ListReport, Violation, file_record

CALLS = ("heads", "tails")
MAX_COINS = 3


@dataclass(frozen=True, slots=True)
class Purse:
    call: str
    coins: tuple[tuple[str, str, int], ...]  # (name, call, count)


@dataclass(frozen=True, slots=True)
class PurseReport(ListReport):
    coins: int
    violations: tuple[Violation, ...]

    def totals(self) -> dict[str, int | str]:
        return {"coins": self.coins}


def purse_from_data(data: object) -> Purse:
    top = file_record(data, ("side", "coins"))
    coins = tuple(
        (line.text("name"), line.text("side", choices=CALLS), line.number("count", minimum=1))
        for line in top.records("coins", ("name", "side", "count"))
    )
    return Purse(call=top.text("side", choices=CALLS), coins=coins)


def check_purse(purse: Purse) -> PurseReport:
    count = sum(copies for _name, _call, copies in purse.coins)
    violations = []
    if not 1 <= count <= MAX_COINS:
        violations.append(Violation("PURSE_SIZE", f"The purse holds {count} coins; it holds 1 to {MAX_COINS}."))
    violations += [
        Violation("MIXED_CALLS", f"{name} is called {call}; the purse calls {purse.call}.", name)
        for name, call, _count in purse.coins
        if call != purse.call
    ]
    return PurseReport(coins=count, violations=tuple(violations))
