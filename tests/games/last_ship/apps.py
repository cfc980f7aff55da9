from games import config

from . import KEY, NAME


class LastShipConfig(config.GameConfig):
    name = "tests.games.last_ship"
    label = "last_ship"
    key, verbose_name = KEY, NAME
    rules = ".rules"
    events = ".events.LastShipEvents"
    samples = ".samples.LastShipSamples"
