"""What the tests that drive every game's events ask of Coin Toss: a purse of two pennies, and who won."""

from __future__ import annotations

from typing import Any

from fleets.decks.services import deck_add_card, deck_create
from game_registry import Draw

from . import KEY
from .events import STANDARD, TossResult
from .models import Coin


class CoinTossSamples:
    format = STANDARD

    def decks(self, player: Any) -> dict[str, Any]:
        penny = Coin.objects.get_or_create(name="Penny", side="heads")[0]
        deck = deck_create(owner=player, game=KEY, name="Lucky", side="heads")
        return {"": deck_add_card(deck=deck, card=penny, count=2)}

    def any_result(self, match: Any, draw: Draw) -> TossResult:
        return TossResult(draw.one_of([1, 2]))

    def sure_result(self) -> TossResult:
        return TossResult(1)
