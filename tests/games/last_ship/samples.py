"""What the tests that drive every game's events ask of Last Ship Standing: its players enter with the
tests' STAW fleets (no decks); a result is who won and how many ships they kept."""

from __future__ import annotations

from typing import Any

from game_registry import Draw

from .events import FLEETS_130, SurvivorResult


class LastShipSamples:
    format = FLEETS_130

    def decks(self, player: Any) -> dict[str, Any]:
        return {}

    def any_result(self, match: Any, draw: Draw) -> SurvivorResult:
        return SurvivorResult(draw.one_of([1, 2]), draw.integer(0, 5))

    def sure_result(self) -> SurvivorResult:
        return SurvivorResult(1, 1)
