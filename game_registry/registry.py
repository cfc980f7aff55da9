"""The one registry of games: a game key (as stored on events and lists) -> what the site knows of that game.

Every game app's :class:`games.config.GameConfig` registers its :class:`Game` from ``ready()``;
the shared apps (tournaments, fleets) look games up here and never import a game package.
A game's key string is written only in its own package.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType

from .protocols import GameCatalog, GameDemo, GameEvents, GameLists, GameSamples, GameSeasonDemo


@dataclass(frozen=True, slots=True)
class NavLink:
    """A link a game adds to the site's menu: ``audience`` is ``"user"`` (anyone logged in) or a role name.

    ``label`` is English, marked where it is written (``gettext_noop``); the menu shows it translated."""

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
    ``tournaments`` namespace; ``nav`` are the links it adds to the menu; ``app`` the
    label of the Django app that declares the game. ``samples`` is what the tests that drive
    every game's events ask of it (:class:`~game_registry.protocols.GameSamples`); ``season_demo``
    what the demo season of the game needs (:class:`~game_registry.protocols.GameSeasonDemo`).
    """

    key: str
    name: str
    rules: ModuleType
    events: GameEvents
    lists: GameLists | None = None
    catalog: GameCatalog | None = None
    urls: str | None = None
    url_prefix: str = ""
    nav: tuple[NavLink, ...] = ()
    demo: GameDemo | None = None
    samples: GameSamples | None = None
    season_demo: GameSeasonDemo | None = None
    app: str = ""


_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game``, refusing a key another app already registered: two games behind one key would
    silently share every event and list stored under it. The same app registering again replaces
    its game (Django runs ``ready()`` again when the app registry is rebuilt)."""
    if not game.key or game.key != game.key.strip().lower():
        raise ValueError(f"a game key is lower-case with no spaces around it, got {game.key!r}")
    held = _games.get(game.key)
    if held is not None and held.app != game.app:
        raise ValueError(f"the game key {game.key!r} of app {game.app!r} is already the key of app {held.app!r}")
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


def fleet_games() -> list[Game]:
    """The games whose players bring STAW fleets from the fleet builder (no decks of their own)."""
    return [game for game in _games.values() if game.lists is None]


def season_demo_games() -> list[Game]:
    """The games that give a demo season (``manage.py seed_seasons_demo``)."""
    return [game for game in _games.values() if game.season_demo is not None]


def names_in_words(games: Iterable[Game], pattern: str = "%(names)s and %(last)s") -> str:
    """The games' names as a sentence lists them ("A, B and C"), for pages that say which games the site runs.

    ``pattern`` joins the last name to the others; a page passes it translated (the registry knows no Django)."""
    names = [game.name for game in games]
    if len(names) < 2:
        return "".join(names)
    return pattern % {"names": ", ".join(names[:-1]), "last": names[-1]}


def game_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every game, for a model field's or a form's choices."""
    return [(game.key, game.name) for game in _games.values()]


def deck_game_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every deck game."""
    return [(game.key, game.name) for game in deck_games()]


def catalog_game_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every game with a catalog organizers keep."""
    return [(game.key, game.name) for game in catalog_games()]
