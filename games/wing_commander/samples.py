"""What the tests that drive every game's events ask of Wing Commander (:class:`game_registry.GameSamples`).

A player enters with a legal deck of each side, 40 fighters of one card (seed 001, play deck
restriction 1: "at least 40 cards"); a result is how the game ended and whose side lost.
"""

from __future__ import annotations

from typing import Any

from fleets.decks.services import deck_add_card, deck_create
from game_registry import Draw
from rules.wing_commander import KILRATHI, TERRAN
from rules.wing_commander.scoring import Ending

from . import KEY
from .events import TOURNAMENT, WingCommanderResult
from .models import WingCommanderCard

FIGHTERS = {TERRAN: "Arrow", KILRATHI: "Darket"}  # a fighter of each side, in the manual's catalog


class WingCommanderSamples:
    format = TOURNAMENT

    def decks(self, player: Any) -> dict[str, Any]:
        decks = {}
        for side, name in FIGHTERS.items():
            card = WingCommanderCard.objects.update_or_create(
                name=name, defaults={"side": side, "card_type": "fighter", "mustering_cost": 2, "medal_cost": 0}
            )[0]
            deck = deck_create(owner=player, game=KEY, name=f"{side.title()} deck", side=side)
            decks[side] = deck_add_card(deck=deck, card=card, count=40)
        return decks

    def any_result(self, match: Any, draw: Draw) -> WingCommanderResult:
        ending = draw.one_of(list(Ending))
        return WingCommanderResult(ending, None if ending == Ending.BOTH_POWER_POINTS else draw.one_of(list(FIGHTERS)))

    def sure_result(self) -> WingCommanderResult:
        return WingCommanderResult(Ending.CARRIER_DESTROYED, KILRATHI)
