"""What the tests that drive every game's events ask of Attack Wing (:class:`game_registry.GameSamples`).

Its players enter with STAW fleets, which the tests build from their own catalog, so it gives no
decks; a drawn result loses some of each player's submitted ships and cards (seed 003, "Fleet
Points"), and the sure one is a win with nothing lost.
"""

from __future__ import annotations

from typing import Any

from game_registry import Draw
from rules.attack_wing.formats import WIZKIDS_2016

from .events import AttackWingEvents
from .results import Losses, MatchResult


class AttackWingSamples:
    format = WIZKIDS_2016.key

    def decks(self, player: Any) -> dict[str, Any]:
        return {}

    def any_result(self, match: Any, draw: Draw) -> MatchResult:
        events, losses = AttackWingEvents(), {}
        for side in match.sides.select_related("registration__fleet_version"):
            items = events.fleet_items(side.registration.fleet_version)
            picked = draw.some_of(items, 3) if items else []
            losses[side.seat] = Losses.of(
                ships=[i.key for i in picked if i.is_ship], upgrades=[i.key for i in picked if not i.is_ship]
            )
        return MatchResult(draw.one_of([1, 2, None]), losses)

    def sure_result(self) -> MatchResult:
        return MatchResult(1)
