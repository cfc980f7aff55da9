"""What the tests that drive every game's events ask of Spearpoint 1943 (:class:`game_registry.GameSamples`).

A player enters with a reserves deck of fifteen 6-point rifle squads, 90 points (seed 004: a reserves
deck of 80 to 100 points), four of them the starting hand; a result is each side's victory points
and, at times, an overrun.
"""

from __future__ import annotations

from typing import Any

from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from game_registry import Draw
from rules.spearpoint import AMERICAN

from . import KEY
from .events import STANDARD, SpearpointResult
from .models import SpearpointUnit


class SpearpointSamples:
    format = STANDARD

    def decks(self, player: Any) -> dict[str, Any]:
        unit = SpearpointUnit.objects.update_or_create(
            name="Sample Rifle Squad", defaults={"side": AMERICAN, "unit_type": "infantry", "cost": 6}
        )[0]
        deck = deck_add_card(
            deck=deck_create(owner=player, game=KEY, name="Easy Company", side=AMERICAN), card=unit, count=15
        )
        return {"": deck_set_line(deck=deck, name=unit.name, side=AMERICAN, count=15, chosen=4)}

    def any_result(self, match: Any, draw: Draw) -> SpearpointResult:
        points = (draw.integer(0, 60), draw.integer(0, 60))
        return SpearpointResult(points, draw.one_of([None, 1, 2]))

    def sure_result(self) -> SpearpointResult:
        return SpearpointResult((10, 0))
