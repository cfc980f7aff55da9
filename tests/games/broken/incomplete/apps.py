from games import config


class HalfEvents:
    """Events that answer only which game they are: everything else a game's events must do is missing."""

    key = "incomplete"


class IncompleteConfig(config.GameConfig):
    name = "tests.games.broken.incomplete"
    label = "broken_incomplete"
    key, verbose_name = "incomplete", "Incomplete"
    events = "tests.games.broken.incomplete.apps.HalfEvents"
    catalog = ".catalog.CATALOG"  # there is no catalog module
