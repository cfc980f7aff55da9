"""Wing Commander's demo season (``seed_seasons_demo``): the Tiger's Claw Cup, two nights a fortnight apart.

Four of the demo players bring the Terran and Kilrathi decks ``seed_demo`` built them
(:func:`games.wing_commander.demo.demo_decks`); every night's lists are public.
"""

from __future__ import annotations

from collections.abc import Sequence

from fleets.models import Deck
from rules.wing_commander import Ending

from . import KEY
from .events import TOURNAMENT


class TigersClawCup:
    """Four players, two rounds a night; every night counts and 20 points qualify."""

    name = "Tiger's Claw Cup season"
    nights = ("Tiger's Claw Cup night 1", "Tiger's Claw Cup night 2")
    players = 4
    format = TOURNAMENT
    rounds = 2
    first_night = 40
    days_between = 14
    season_days = 30
    hidden_nights = ()
    standings = {
        "best_events": None,
        "qualify_top": None,
        "qualify_points": 20,
        "participation_points": 3,
        "win_points": 3,
        "tie_points": 1,
        "placing_points": "10, 7, 5, 3",
    }
    missing = "The demo players have no Wing Commander decks; no demo Wing Commander season."

    def lists(self, players: Sequence) -> dict[int, dict[str, Deck]] | None:
        """Each player's decks by side, as ``seed_demo`` left them; ``None`` unless everyone has both."""
        decks = {p.pk: {d.content.get("side", ""): d for d in Deck.objects.filter(owner=p, game=KEY)} for p in players}
        return decks if all(len(d) == 2 for d in decks.values()) else None

    def result(self, match, winner: int) -> dict:
        """Wing Commander names the side that lost: its carrier falls."""
        loser = next(side for side in match.sides.all() if side.seat != winner)
        return {"ending": Ending.CARRIER_DESTROYED.value, "side": loser.side}
