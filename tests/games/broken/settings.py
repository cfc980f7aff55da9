"""The test settings with the broken games installed (``tests/games/test_game_checks.py`` checks them)."""

from config.settings.test import *  # noqa: F403

INSTALLED_APPS = [  # noqa: F405
    *INSTALLED_APPS,  # noqa: F405
    "tests.games.broken.incomplete",
    "tests.games.broken.borrowed_key",
    "tests.games.broken.dangling",
]
