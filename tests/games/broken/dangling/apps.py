from game_registry import NavLink
from games import config


class DanglingConfig(config.GameConfig):
    name = "tests.games.broken.dangling"
    label = "broken_dangling"
    key, verbose_name = "dangling", "Dangling"
    rules = "tests.games.broken.dangling"
    events = ".events.DanglingEvents"
    nav = (NavLink("Nowhere", "dangling:nowhere"),)
