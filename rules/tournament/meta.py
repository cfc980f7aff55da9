"""The meta: what the field plays and how it does, with honest intervals for small samples.

Faction share (:func:`faction_share`) counts lists: each player's list at an event is one
entry. Win rate by faction (:func:`faction_win_rates`) counts games between *different*
factions only: a mirror match always scores one win and one loss for the same faction,
which says nothing about it. A tie counts as half a win. The interval is Wilson's score
interval (:func:`wilson_interval`), at 95 % by default: unlike the plain ``p +/- z*se``
it stays inside 0..1 and stays wide when there are few games, so three wins from three
games read as "somewhere between 44 % and 100 %", not as "100 %".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta

Z_95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (0..1 each end); (0, 1) with no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError("successes lie between 0 and the number of trials")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass(frozen=True, slots=True)
class Share:
    name: str
    count: int
    share: float  # 0..1 of all entries


def shares(names: Iterable[str], limit: int | None = None) -> list[Share]:
    """How often each name occurs, most frequent first (then by name), as counts and fractions of the total."""
    return counted_shares(Counter(names), limit)


def counted_shares(counts: Mapping[str, int], limit: int | None = None) -> list[Share]:
    """:func:`shares` of names already counted (``name -> count``), for tallies too large to list one by one."""
    total = sum(counts.values())
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]
    return [Share(name, count, count / total) for name, count in ordered]


def faction_share(factions: Iterable[str]) -> list[Share]:
    """Each faction's share of the lists played (one entry per list)."""
    return shares(factions)


@dataclass(frozen=True, slots=True)
class FactionGame:
    """A game between two lists' factions; ``winner`` is ``"a"``, ``"b"`` or ``None`` for a tie."""

    a: str
    b: str
    winner: str | None


@dataclass(frozen=True, slots=True)
class WinRate:
    faction: str
    games: int
    wins: int
    ties: int
    rate: float  # (wins + ties / 2) / games
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class FactionTally:
    """One faction's games against other factions: what its win rate is made of. Tallies of several
    events add up, so the meta of years of events adds stored tallies rather
    than counting every game again."""

    games: int = 0
    wins: int = 0
    ties: int = 0


def faction_tallies(games: Iterable[FactionGame]) -> dict[str, FactionTally]:
    """Each faction's games, wins and ties against other factions (mirror matches left out)."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    tied: Counter[str] = Counter()
    for game in games:
        if game.a == game.b:
            continue
        played.update((game.a, game.b))
        if game.winner is None:
            tied.update((game.a, game.b))
        else:
            won[game.a if game.winner == "a" else game.b] += 1
    return {faction: FactionTally(count, won[faction], tied[faction]) for faction, count in played.items()}


def faction_win_rates(games: Iterable[FactionGame]) -> list[WinRate]:
    """Each faction's win rate in games against other factions, most games first (then by name)."""
    return win_rates(faction_tallies(games))


def win_rates(tallies: Mapping[str, FactionTally]) -> list[WinRate]:
    """:func:`faction_win_rates` of games already tallied, leaving out factions without such a game."""
    rates = []
    for faction, tally in sorted(tallies.items(), key=lambda item: (-item[1].games, item[0])):
        if not tally.games:
            continue
        score = tally.wins + tally.ties / 2
        low, high = wilson_interval(score, tally.games)
        rates.append(WinRate(faction, tally.games, tally.wins, tally.ties, score / tally.games, low, high))
    return rates


@dataclass(frozen=True, slots=True)
class CalendarCover:
    """A period split into whole calendar years, whole months outside those years, and the days left
    at either end, so that figures already added up per month and per year (many events each) serve
    the whole of it and only the days at the ends are read event by event. Every range is half-open,
    ``[start, end)``; ``None`` is unbounded (no ``since`` or no ``until``)."""

    years: tuple[date | None, date | None] | None
    months: tuple[tuple[date | None, date | None], ...]
    days: tuple[tuple[date | None, date | None], ...]


def calendar_cover(since: date | None, until: date | None) -> CalendarCover:
    """:class:`CalendarCover` of the days from ``since`` to ``until``, both included.

    The whole months run from the first month starting on or after ``since`` to the last ending on or
    before ``until``; the whole years among them likewise; the months of those years are left out of
    ``months`` and the days of whole months out of ``days``, so each day lies in exactly one piece."""
    end = until + timedelta(days=1) if until else None  # half-open from here on
    first_month = next_month_start(since) if since else None
    past_month = month_start(end) if end else None
    if first_month and past_month and first_month >= past_month:
        return CalendarCover(years=None, months=(), days=((since, end),))
    first_year = next_year_start(first_month) if first_month else None
    past_year = date(past_month.year, 1, 1) if past_month else None
    months: tuple[tuple[date | None, date | None], ...]
    if first_year and past_year and first_year >= past_year:
        years, months = None, ((first_month, past_month),)
    else:
        years = (first_year, past_year)
        months = tuple(piece for piece in ((first_month, first_year), (past_year, past_month)) if piece[0] != piece[1])
    days = tuple(piece for piece in ((since, first_month), (past_month, end)) if piece[0] and piece[0] != piece[1])
    return CalendarCover(years=years, months=months, days=days)


def month_start(day: date) -> date:
    return day.replace(day=1)


def next_month_start(day: date) -> date:
    """``day`` itself when it starts a month, else the first day of the next month."""
    return day if day.day == 1 else month_after(day)


def month_after(day: date) -> date:
    """The first day of the month after ``day``'s."""
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def next_year_start(day: date) -> date:
    """``day`` itself when it starts a year, else the first of January after it."""
    return day if (day.month, day.day) == (1, 1) else date(day.year + 1, 1, 1)
