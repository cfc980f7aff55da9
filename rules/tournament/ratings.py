"""Player ratings per game: OpenSkill's Plackett-Luce model, game by game, event by event.

Why OpenSkill (the ``openskill`` package): it is maintained, MIT-licensed, fast (a
compiled wheel), and rates each game as it is played, so a rating moves after every
event without the fixed rating periods Glicko-2 asks for; like TrueSkill it keeps an
uncertainty (``sigma``) per player, which lets a newcomer's rating settle quickly.

Every game of an event (a Swiss or cut match with a confirmed winner or a tie) updates
both players in round order; byes and double losses rank nobody and are skipped. After
each event every player who played in it gets a :class:`RatingPoint`: the history a
chart draws. The shown rating is the *ordinal* ``mu - 3 sigma`` (a conservative
estimate that only grows with evidence), scaled by :data:`DISPLAY_SCALE` plus
:data:`DISPLAY_BASE` so it reads like a familiar 1000-based number.
Recomputing from scratch (:func:`rate_events`) gives the same numbers as rating event
after event (:meth:`Ratings.rate_event`): both walk the same games in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from openskill.models import PlackettLuce, PlackettLuceRating

DISPLAY_BASE = 1000
DISPLAY_SCALE = 40

A_WINS = "a"
B_WINS = "b"
TIE = "tie"


@dataclass(frozen=True, slots=True)
class Game:
    """One game between two players; ``outcome`` is :data:`A_WINS`, :data:`B_WINS` or :data:`TIE`."""

    a: str
    b: str
    outcome: str

    def __post_init__(self) -> None:
        if self.outcome not in (A_WINS, B_WINS, TIE):
            raise ValueError(f"unknown outcome {self.outcome!r}")
        if self.a == self.b:
            raise ValueError("a player does not play themselves")


@dataclass(frozen=True, slots=True)
class RatedEvent:
    event_id: str
    day: date
    games: Sequence[Game]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating after an event."""

    player_id: str
    event_id: str
    day: date
    mu: float
    sigma: float
    games: int  # games rated so far, this event included

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


class Ratings:
    """Everyone's current rating in one game, updated event by event."""

    def __init__(self, start: Iterable[RatingPoint] = ()) -> None:
        self.model = PlackettLuce()
        self.current: dict[str, PlackettLuceRating] = {}
        self.games: dict[str, int] = {}
        for point in start:
            self.current[point.player_id] = self.model.rating(mu=point.mu, sigma=point.sigma)
            self.games[point.player_id] = point.games

    def _rating(self, player_id: str) -> PlackettLuceRating:
        if player_id not in self.current:
            self.current[player_id] = self.model.rating()
            self.games[player_id] = 0
        return self.current[player_id]

    def rate_event(self, event: RatedEvent) -> list[RatingPoint]:
        """Rate ``event``'s games in order; the rating of each of its players after it, by player id."""
        played = set()
        for game in event.games:
            a, b = self._rating(game.a), self._rating(game.b)
            by_outcome: dict[str, list[float]] = {A_WINS: [1, 2], B_WINS: [2, 1], TIE: [1, 1]}
            ranks = by_outcome[game.outcome]
            [[a], [b]] = self.model.rate([[a], [b]], ranks=ranks)
            self.current[game.a], self.current[game.b] = a, b
            for player in (game.a, game.b):
                self.games[player] += 1
                played.add(player)
        return [
            RatingPoint(
                player_id=player,
                event_id=event.event_id,
                day=event.day,
                mu=self.current[player].mu,
                sigma=self.current[player].sigma,
                games=self.games[player],
            )
            for player in sorted(played)
        ]


def rate_events(events: Iterable[RatedEvent]) -> list[RatingPoint]:
    """Every rating point of a game from scratch: events by day (then id), each player's rating after each."""
    ratings = Ratings()
    ordered = sorted(events, key=lambda event: (event.day, event.event_id))
    return [point for event in ordered for point in ratings.rate_event(event)]
