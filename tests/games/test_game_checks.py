"""A game says what it is, and the site refuses one that is wrong before it serves a page.

``manage.py check`` runs on the test settings plus the broken games of ``tests/games/broken``:
each way a game can be broken must fail the check with a message that names the game and
what is wrong; the installed games must pass it.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game_registry import Game, all_games, get_game, register
from games.config import check_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def broken_check() -> subprocess.CompletedProcess:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.games.broken.settings"}
    return subprocess.run(  # noqa: S603 - the project's own manage.py, with fixed arguments
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_check_fails_for_the_broken_games(broken_check):
    assert broken_check.returncode != 0
    assert "System check identified 7 issues" in broken_check.stderr


@pytest.mark.parametrize(
    "message",
    [
        "(games.E001) The game tests.games.broken.incomplete declares no rules.",
        "The game tests.games.broken.incomplete names its events tests.games.broken.incomplete.apps.HalfEvents, "
        "which lacks list_noun, list_name, list_heading, submit_url,",
        "The game tests.games.broken.incomplete names its catalog tests.games.broken.incomplete.catalog.CATALOG, "
        "which does not import",
        "(games.E001) The game tests.games.broken.borrowed_key has the key 'coin-toss', already the key of app "
        "'coin_toss'.",
        "(games.E002) The game tests.games.broken.dangling links to the URL 'dangling:nowhere', but no URL has "
        "that name.",
        "The game tests.games.broken.dangling submits lists at the URL 'tournaments:submit_dangling', but no URL has "
        "that name.",
        "The game tests.games.broken.dangling shows lists with the template 'dangling/lists.html', which does not "
        "exist.",
    ],
)
def test_check_names_the_game_and_what_is_wrong(broken_check, message):
    assert message in broken_check.stderr


def test_a_broken_game_stays_out_of_the_registry():
    """The borrowed key still plays Coin Toss: the game that took it second is not served."""
    assert get_game("coin-toss").app == "coin_toss"


def test_the_installed_games_pass_the_check():
    assert check_games() == []
    assert {game.app for game in all_games()} >= {"attack_wing", "wing_commander", "starship_command", "spearpoint"}


def test_register_refuses_a_key_another_app_holds():
    coin_toss = get_game("coin-toss")
    impostor = Game(key="coin-toss", name="Impostor", rules=coin_toss.rules, events=coin_toss.events, app="impostor")
    with pytest.raises(ValueError, match="'coin-toss' of app 'impostor' is already the key of app 'coin_toss'"):
        register(impostor)
    assert get_game("coin-toss") is coin_toss
