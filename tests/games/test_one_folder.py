"""A game is one folder and one settings line (docs/adding-a-game.md): the proof by copying one.

``tests/games/coin_flip`` is ``tests/games/coin_toss`` copied with its key, name and app label
changed, and installed by one line of ``config/settings/test.py``. Its own full-event test
(``coin_flip/test_event.py``, the copy's) and the event state machine, which drives every
registered game, run it like any game; these tests keep the copy a plain copy and check that
nothing else in the project had to learn its name.
"""

import difflib
import os
from pathlib import Path

from django.apps import apps

from game_registry import all_games, get_game

from .coin_flip import KEY, NAME

ROOT = Path(__file__).resolve().parents[2]
GAMES = Path(__file__).resolve().parent
# What the copy may change: its key and name (__init__.py), and its app's module and label (apps.py).
CHANGED = {
    "__init__.py": {'KEY = "coin-toss"', 'NAME = "Coin Toss"', 'KEY = "coin-flip"', 'NAME = "Coin Flip"'},
    "apps.py": {
        'name = "tests.games.coin_toss"',
        'label = "coin_toss"',
        'name = "tests.games.coin_flip"',
        'label = "coin_flip"',
    },
}


def files(folder: Path) -> dict[str, Path]:
    return {
        str(path.relative_to(folder)): path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_third_game_is_the_coin_toss_folder_with_its_key_and_label_changed():
    original, copy = files(GAMES / "coin_toss"), files(GAMES / "coin_flip")
    assert sorted(copy) == sorted(original)
    for name, path in original.items():
        before, after = path.read_text().splitlines(), copy[name].read_text().splitlines()
        changed = {
            line[1:].strip()
            for line in difflib.unified_diff(before, after, lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        }
        assert changed <= CHANGED.get(name, set()), f"{name} differs beyond its key and label: {changed}"


def test_the_copy_is_a_game_of_its_own():
    game = get_game(KEY)
    assert (game.name, game.app) == (NAME, "coin_flip")
    assert game.lists.game == game.events.key == KEY and game.samples is not None
    assert apps.get_app_config("coin_flip").get_model("Coin")._meta.db_table == "coin_flip_coin"
    assert KEY in {game.key for game in all_games()}  # so the event state machine drives it too


def test_nothing_outside_the_folder_names_it_but_the_settings_line():
    """The project's code, templates and settings: only ``config/settings/test.py`` installs it
    (and this test names it to check it)."""
    naming = []
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if not name.startswith(".") and name != "__pycache__"]
        here = Path(folder)
        if here == GAMES / "coin_flip":
            subfolders.clear()
            continue
        for name in names:
            path = here / name
            if path.suffix in {".py", ".html", ".toml", ".cfg"} and any(
                word in path.read_text(errors="replace") for word in ("coin_flip", "coin-flip", "Coin Flip")
            ):
                naming.append(str(path.relative_to(ROOT)))
    assert sorted(naming) == ["config/settings/test.py", "tests/games/test_one_folder.py"]
