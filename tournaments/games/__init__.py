"""Each game's events, behind one interface: :func:`event_game` gives the :class:`EventGame` of a game key.

Services, selectors, views and templates ask the event's game what to do
(which lists a player submits, how tables are seated, what a result is and how
it scores, how standings rank) instead of testing which game it is.
"""

from __future__ import annotations

from .attack_wing import AttackWingEvents
from .base import EventFormat, EventGame
from .spearpoint import SpearpointEvents
from .starship_command import StarshipCommandEvents
from .wing_commander import WingCommanderEvents

EVENT_GAMES: dict[str, EventGame] = {
    game.key: game for game in (AttackWingEvents(), WingCommanderEvents(), StarshipCommandEvents(), SpearpointEvents())
}


def event_game(game: str) -> EventGame:
    """The events of the game ``game`` (a key of :data:`rules.registry.GAMES`); unknown keys raise ``KeyError``."""
    return EVENT_GAMES[game]


__all__ = ["EVENT_GAMES", "EventFormat", "EventGame", "event_game"]
