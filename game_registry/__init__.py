"""The one registry of games, at the bottom of the house so every layer may read it.

A game is a Django app under ``games/`` whose ``AppConfig`` is a :class:`games.config.GameConfig`;
its ``ready()`` registers the :class:`Game` it declares here. The shared apps (tournaments,
fleets) look games up here and never import a game package, so a game is added or removed
by one line in ``INSTALLED_APPS``.

This package imports no app and nothing from Django: it is a dictionary with rules about
what may go in it (:mod:`.registry`) and the shapes a game's parts must have
(:mod:`.protocols`), so ``rules`` sits beside it and everything else above it.
"""

from .protocols import (
    DeckEvents,
    Draw,
    FleetEvents,
    GameCatalog,
    GameDemo,
    GameEvents,
    GameLists,
    GameSamples,
    GameSeasonDemo,
)
from .registry import (
    Game,
    NavLink,
    all_games,
    catalog_game_choices,
    catalog_games,
    deck_game_choices,
    deck_games,
    fleet_games,
    game_choices,
    get_game,
    is_game,
    names_in_words,
    register,
    season_demo_games,
)

__all__ = [
    "DeckEvents",
    "Draw",
    "FleetEvents",
    "Game",
    "GameCatalog",
    "GameDemo",
    "GameEvents",
    "GameLists",
    "GameSamples",
    "GameSeasonDemo",
    "NavLink",
    "all_games",
    "catalog_game_choices",
    "catalog_games",
    "deck_game_choices",
    "deck_games",
    "fleet_games",
    "game_choices",
    "get_game",
    "is_game",
    "names_in_words",
    "register",
    "season_demo_games",
]
