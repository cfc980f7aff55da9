"""What a game must provide, as :class:`typing.Protocol` s: the parts a :class:`~game_registry.Game` holds.

The shared apps call these and nothing else of a game, so an editor and a type checker
know what a new game has to give. The real bases a game subclasses are
:class:`tournaments.games.EventGame` (or ``DeckGame``), :class:`fleets.decks.deck_kind.DeckKind`
and :class:`fleets.decks.csv_import.CatalogSpec`; they live in the apps that call them, and
this module names them only structurally so it imports no app. Django objects (events,
matches, forms, models) are typed ``Any`` here for the same reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol


class GameEvents(Protocol):
    """A game at events: formats, what a player submits, seating, results and their scoring, ranking."""

    key: str
    list_noun: str
    list_name: str
    list_heading: str
    submit_url: str
    lists_template: str
    my_list_template: str
    result_help: str
    points_label: str

    def formats(self) -> Mapping[str, Any]: ...
    def tiebreakers(self, event: Any) -> tuple[str, ...]: ...
    def has_lists(self, registration: Any) -> bool: ...
    def load_lists(self, registrations: Sequence[Any]) -> None: ...
    def pairing_sides(self, event: Any, registrations: Sequence[Any]) -> dict[int, str]: ...
    def result_from_json(self, data: dict[str, Any]) -> Any: ...
    def result_form(self, match: Any, data: Any = None, *, result: Any = None, staff: bool = False) -> Any: ...
    def outcomes(self, event: Any, sides: Mapping[int, Any], result: Any) -> dict[int, str]: ...
    def score_sides(self, event: Any, sides: Mapping[int, Any], result: Any) -> None: ...
    def describe(self, event: Any, sides: Mapping[int, Any], result: Any) -> str: ...


class GameLists(Protocol):
    """A game whose players build lists (decks) in the site's deck builder: reading, checking, the catalog."""

    game: str
    noun: str
    line_noun: str
    sides: tuple[str, ...]
    rule_sets: dict[str, str]

    def read(self, data: object) -> Any: ...
    def write(self, record: Any) -> dict[str, Any]: ...
    def report(self, content: dict[str, Any], rules: str = "") -> Any: ...
    def empty(self, side: str) -> dict[str, Any]: ...
    def offered(self, side: str) -> Any: ...
    def catalog_cards(self, names: Iterable[str]) -> dict[tuple[str, str], Any]: ...
    def catalog_problems(self, content: dict[str, Any]) -> list[str]: ...


class GameCatalog(Protocol):
    """A catalog organizers keep by hand or by CSV: its row form, the columns and the row key."""

    form: type
    columns: dict[str, str]
    optional: frozenset[str]
    key: tuple[str, ...]
    defaults: dict[str, str]

    @property
    def model(self) -> type: ...


class GameDemo(Protocol):
    """A game's part of ``manage.py seed_demo``: ``accounts`` the demo people by username."""

    def __call__(self, *, accounts: dict[str, Any], log: Callable[[str], None]) -> None: ...
