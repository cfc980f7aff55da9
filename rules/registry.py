"""Maps a game key (as stored on events and lists) to that game's rules.

The Django apps never import a game subpackage by name: they ask the registry,
so adding a game means adding a subpackage and one line here.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True, slots=True)
class Game:
    """What the site needs to know about a game to list it and reach its rules."""

    key: str
    name: str
    module: str  # dotted path of the subpackage holding the game's rules

    def rules(self):
        """Import the game's subpackage on first use; most requests need one game only."""
        return import_module(self.module)


GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Game("attack-wing", "Star Trek: Attack Wing", "rules.attack_wing"),
        Game("wing-commander", "Wing Commander CCG", "rules.wing_commander"),
        Game("starship-command", "Starship Command", "rules.starship_command"),
        Game("spearpoint", "Frontline General: Spearpoint 1943", "rules.spearpoint"),
    )
}


def get_game(key: str) -> Game:
    """Return the game for ``key``; an unknown key is a caller's mistake and raises ``KeyError``."""
    return GAMES[key]


def game_choices() -> list[tuple[str, str]]:
    """``(key, name)`` pairs in a stable order, ready for a form or model field."""
    return [(game.key, game.name) for game in GAMES.values()]
