"""The games and formats an event can be played in, read from the rules registry.

A game offers formats when its rules package has ``FORMATS`` (key -> format with
``name`` and ``fleet_limit``); only those games can host an event, because fleets
are checked against a format.
"""

from __future__ import annotations

from rules.registry import GAMES, get_game

SEPARATOR = ":"


def game_formats(game: str) -> dict:
    return getattr(get_game(game).rules(), "FORMATS", {})


def format_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Choices grouped by game; each value joins the game and format keys."""
    groups = []
    for game in GAMES.values():
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


def default_fleet_point_base(game: str, format_key: str) -> int:
    """Destroying a whole fleet scores the format's fleet limit (the 2016 text still says 120 for
    130-point fleets; real 130-point events score a full wipe as 130, so the limit is used)."""
    return game_formats(game)[format_key].fleet_limit
