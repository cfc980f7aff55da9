"""The one registry of games: a game key (as stored on events and lists) -> what the site knows of that game.

Every game app registers a :class:`Game` from its ``AppConfig.ready()``; the shared apps
(tournaments, fleets) look games up here and never import a game package, so a game is
added or removed by one line in ``INSTALLED_APPS``. A game's key string is written only
in its own package, where it registers.

This module imports nothing from Django or the apps: it is a dictionary with rules about
what may go in it, so any layer may read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True, slots=True)
class NavLink:
    """A link a game adds to the site's menu: ``audience`` is ``"user"`` (anyone logged in) or a role name."""

    label: str
    url_name: str
    audience: str = "user"


@dataclass(frozen=True, slots=True)
class Game:
    """What the site needs of one game.

    ``events`` answers what the game's events do differently (a
    :class:`tournaments.games.EventGame`); ``lists`` is the adapter of a game whose
    players build decks in the fleets app (a :class:`fleets.decks.deck_kind.DeckKind`),
    ``None`` for Attack Wing, whose fleets have their own builder; ``catalog`` the CSV
    spec of a catalog organizers keep (a :class:`fleets.decks.csv_import.CatalogSpec`).
    ``urls`` (a dotted module path) is mounted at ``/events/<url_prefix>/`` in the
    ``tournaments`` namespace; ``nav`` are the links it adds to the menu.
    """

    key: str
    name: str
    rules: ModuleType
    events: Any
    lists: Any = None
    catalog: Any = None
    urls: str | None = None
    url_prefix: str = ""
    nav: tuple[NavLink, ...] = ()
    demo: Callable[..., None] | None = None  # demo(accounts={username: user}, log=print): seed_demo's part


_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game``; registering the same key again replaces it (a re-run ``ready()`` is harmless)."""
    if not game.key or game.key != game.key.strip().lower():
        raise ValueError(f"a game key is lower-case with no spaces around it, got {game.key!r}")
    _games[game.key] = game
    return game


def get_game(key: str) -> Game:
    """The game of ``key``; an unknown key is a caller's mistake and raises ``KeyError``."""
    return _games[key]


def is_game(key: object) -> bool:
    return isinstance(key, str) and key in _games


def all_games() -> list[Game]:
    """Every registered game, in ``INSTALLED_APPS`` order."""
    return list(_games.values())


def deck_games() -> list[Game]:
    """The games whose lists are decks built in the fleets app."""
    return [game for game in _games.values() if game.lists is not None]


def catalog_games() -> list[Game]:
    """The games whose catalog organizers keep (by hand or CSV)."""
    return [game for game in _games.values() if game.catalog is not None]


def game_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every game, for a model field's or a form's choices."""
    return [(game.key, game.name) for game in _games.values()]


def deck_game_choices() -> list[tuple[str, str]]:
    return [(game.key, game.name) for game in deck_games()]


def catalog_game_choices() -> list[tuple[str, str]]:
    return [(game.key, game.name) for game in catalog_games()]
