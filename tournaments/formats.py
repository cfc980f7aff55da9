"""The games and formats an event can be played in: every game of :mod:`game_registry`, with the
formats its events offer (:meth:`tournaments.games.EventGame.formats`: key -> format with
``name`` and ``fleet_limit``); lists are checked against the event's format.
"""

from __future__ import annotations

from game_registry import all_games

from .games import event_game

SEPARATOR = ":"


def game_formats(game: str) -> dict:
    return event_game(game).formats()


def format_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Choices grouped by game; each value joins the game and format keys."""
    groups = []
    for game in all_games():
        formats = game_formats(game.key)
        if formats:
            groups.append((game.name, [(join_format_choice(game.key, key), f.name) for key, f in formats.items()]))
    return groups


def join_format_choice(game: str, format_key: str) -> str:
    return f"{game}{SEPARATOR}{format_key}"


def split_format_choice(value: str) -> tuple[str, str]:
    game, _, format_key = value.partition(SEPARATOR)
    return game, format_key


def format_name(game: str, format_key: str) -> str:
    fmt = game_formats(game).get(format_key)
    return fmt.name if fmt else format_key


def has_fixed_tiebreakers(game: str) -> bool:
    """Whether the game ranks its events by its own tie-breakers rather than the event's setting."""
    return event_game(game).fixed_tiebreakers
