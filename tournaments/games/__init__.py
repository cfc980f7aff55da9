"""What events ask of a game, behind one interface: :func:`event_game` gives the :class:`EventGame` of a game key.

Services, selectors, views and templates ask the event's game what to do
(which lists a player submits, how tables are seated, what a result is and how
it scores, how standings rank) instead of testing which game it is. Each game's
:class:`EventGame` lives in its own app (``games/<game>/events.py``) and reaches
this app through :mod:`game_registry`.
"""

from __future__ import annotations

from game_registry import get_game

from .base import (
    PLAIN_TIEBREAKERS,
    POINTS_TIEBREAKERS,
    SEATS,
    EventFormat,
    EventGame,
    outcome_word,
    outcomes_by_winner,
    seats_of,
)
from .decks import DeckGame
from .fleets import FleetCheck, FleetGame
from .settings import GameSettingsForm


def event_game(game: str) -> EventGame:
    """The events of the game ``game`` (a key of :mod:`game_registry`); unknown keys raise ``KeyError``."""
    return get_game(game).events


__all__ = [
    "PLAIN_TIEBREAKERS",
    "POINTS_TIEBREAKERS",
    "SEATS",
    "DeckGame",
    "EventFormat",
    "EventGame",
    "FleetCheck",
    "FleetGame",
    "GameSettingsForm",
    "event_game",
    "outcomes_by_winner",
    "outcome_word",
    "seats_of",
]
