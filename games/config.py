"""The base every game's ``AppConfig`` subclasses: a game says what it is in a few attributes.

A game's ``apps.py`` is a declaration, not code: a subclass naming its ``key``, ``verbose_name``
and parts (``games/starship_command/apps.py`` declares every kind). It imports this module,
not the class (``config.GameConfig``): Django takes the one ``AppConfig`` class an ``apps.py``
defines or imports, and with two there it would fall back to a plain ``AppConfig``.

Parts are dotted paths, relative to the app when they start with a dot, imported in
``ready()`` (after the models load): ``events`` and ``lists`` name a class the game is
served by one instance of, ``catalog`` an object, ``demo`` a function, ``samples`` a class (what the tests that drive
every game's events ask of it), ``season_demo`` a class (its season in ``seed_seasons_demo``), ``rules`` a module,
``urls`` a URL module mounted at ``/events/<url_prefix>/``. A complete game joins
:mod:`game_registry`. What is missing or wrong is reported by :func:`check_games`, the
system check ``manage.py check`` (and ``runserver``, ``migrate``) runs, every problem at
once, and such a game stays out of the registry so no page serves half a game.
"""

from __future__ import annotations

import inspect
from importlib import import_module

from django.apps import AppConfig, apps
from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import URLResolver, get_resolver
from django.utils.module_loading import import_string
from django.utils.translation import gettext_noop

from accounts.roles import ORGANIZER
from game_registry import (
    Game,
    GameCatalog,
    GameEvents,
    GameLists,
    GameSamples,
    GameSeasonDemo,
    NavLink,
    get_game,
    is_game,
    register,
)

# The organizers' catalog pages (fleets/decks/views.py); every catalog game names them, the menu shows them once.
CATALOGS = NavLink(gettext_noop("Catalogs"), "fleets:decks:catalog", ORGANIZER)

# Each part a game may declare: is it required, and the protocol its object must meet (None: not checked so).
PARTS: dict[str, tuple[bool, type | None]] = {
    "rules": (True, None),
    "events": (True, GameEvents),
    "lists": (False, GameLists),
    "catalog": (False, GameCatalog),
    "demo": (False, None),
    "samples": (False, GameSamples),
    "season_demo": (False, GameSeasonDemo),
}


class GameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"

    key: str = ""  # stored on events and lists; written once, in the game's __init__.py
    rules: str = ""
    events: str = ""
    lists: str = ""
    catalog: str = ""
    demo: str = ""
    samples: str = ""
    season_demo: str = ""
    urls: str = ""
    url_prefix: str = ""
    nav: tuple[NavLink, ...] = ()

    def ready(self) -> None:
        checks.register(check_games, "games")  # once for all games: the registry of checks is a set
        self.game: Game | None = None
        self.problems: list[str] = []
        parts = {name: self._part(name) for name in PARTS}
        if not self.key:
            self.problems.append("declares no key")
        elif is_game(self.key) and get_game(self.key).app != self.label:
            self.problems.append(f"has the key {self.key!r}, already the key of app {get_game(self.key).app!r}")
        if self.urls and not self.url_prefix:
            self.problems.append("mounts urls but declares no url_prefix")
        if not self.problems:
            self.game = register(
                Game(
                    key=self.key,
                    name=str(self.verbose_name),
                    urls=self.urls or None,
                    url_prefix=self.url_prefix,
                    nav=tuple(self.nav),
                    app=self.label,
                    **parts,
                )
            )

    def _part(self, name: str):
        """The object a part's dotted path names (a class: one instance of it), or ``None``, noting what is wrong."""
        path = getattr(self, name)
        required, protocol = PARTS[name]
        if not path:
            if required:
                self.problems.append(f"declares no {name}")
            return None
        dotted = self.name + path if path.startswith(".") else path
        try:
            found = import_module(dotted) if name == "rules" else import_string(dotted)
        except ImportError as error:
            self.problems.append(f"names its {name} {dotted}, which does not import: {error}")
            return None
        found = found() if isinstance(found, type) else found
        missing = [member for member in protocol_members(protocol) if not _has(found, member)] if protocol else []
        if missing:
            self.problems.append(f"names its {name} {dotted}, which lacks {', '.join(missing)}")
            return None
        return found


def _has(found: object, member: str) -> bool:
    """Whether ``found`` has ``member``, without running it: a property may ask the registry, which
    does not hold the game yet."""
    try:
        inspect.getattr_static(found, member)
    except AttributeError:
        return False
    return True


def protocol_members(protocol: type) -> list[str]:
    """The attributes and methods a :class:`typing.Protocol` asks for, in the order it names them."""
    members = list(getattr(protocol, "__annotations__", {}))
    members += [name for name, value in vars(protocol).items() if not name.startswith("_") and callable(value)]
    members += [name for name, value in vars(protocol).items() if isinstance(value, property)]
    return members


def check_games(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """``manage.py check``: every installed game is complete, and every URL and template it names exists."""
    configs = app_configs if app_configs is not None else apps.get_app_configs()
    games = [config for config in configs if isinstance(config, GameConfig)]
    url_names = _url_names() if games else set()
    errors = []
    for config in games:
        missing = _missing_names(config.game, url_names) if config.game else []
        for code, problems in (("games.E001", config.problems), ("games.E002", missing)):
            errors += [checks.Error(f"The game {config.name} {problem}.", obj=config, id=code) for problem in problems]
    return errors


def _missing_names(game: Game, url_names: set[str]) -> list[str]:
    """What ``game`` names that the site lacks (its menu's and submit form's URLs, its list template),
    and a key its parts disagree on."""
    problems = [
        f"links to the URL {link.url_name!r}, but no URL has that name"
        for link in game.nav
        if link.url_name not in url_names
    ]
    if game.events.submit_url not in url_names:
        problems.append(f"submits lists at the URL {game.events.submit_url!r}, but no URL has that name")
    try:
        get_template(game.events.lists_template)
    except TemplateDoesNotExist:
        problems.append(f"shows lists with the template {game.events.lists_template!r}, which does not exist")
    keys = {"events": game.events.key, "lists": game.lists.game if game.lists else game.key}
    problems += [f"has {part} for the key {key!r}, not {game.key!r}" for part, key in keys.items() if key != game.key]
    return problems


def _url_names() -> set[str]:
    """Every URL name of the site, with its namespaces (``"fleets:decks:catalog"``)."""
    names: set[str] = set()

    def walk(resolver: URLResolver, prefix: str) -> None:
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern, f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix)
            elif pattern.name:
                names.add(prefix + pattern.name)

    walk(get_resolver(), "")
    return names
