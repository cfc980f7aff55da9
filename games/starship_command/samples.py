"""What the tests that drive every game's events ask of Starship Command (:class:`game_registry.GameSamples`).

A player enters with three 20-point ships of one race, well inside the 150-point purchase (seed 002,
"campaign fleet purchase"); a result is the value points each player scored in one to three battles.
"""

from __future__ import annotations

from typing import Any

from fleets.decks.services import deck_add_card, deck_create
from game_registry import Draw
from rules.starship_command.ships import RACES

from . import KEY
from .events import StarshipCommandResult
from .models import StarshipCommandShip

SHIP = {"race": RACES[0], "ship_class": "cruiser", "value": 20, "shields": 10, "structure": 15, "crippled": 12}


class StarshipCommandSamples:
    format = "short-battles"

    def decks(self, player: Any) -> dict[str, Any]:
        deck = deck_create(owner=player, game=KEY, name="Home Fleet", side=RACES[0])
        for number in range(1, 4):
            ship = StarshipCommandShip.objects.update_or_create(
                name=f"Sample Cruiser {number}", defaults={**SHIP, "weapons": ["phaser-1", "plasma"]}
            )[0]
            deck = deck_add_card(deck=deck, card=ship, count=1)
        return {"": deck}

    def any_result(self, match: Any, draw: Draw) -> StarshipCommandResult:
        battles = [(draw.integer(0, 80), draw.integer(0, 80)) for _ in range(draw.integer(1, 3))]
        return StarshipCommandResult(tuple(battles))

    def sure_result(self) -> StarshipCommandResult:
        return StarshipCommandResult(((10, 0),))
