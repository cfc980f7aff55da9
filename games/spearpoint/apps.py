from games import config

from . import KEY, NAME


class SpearpointConfig(config.GameConfig):
    name = "games.spearpoint"
    label = "spearpoint"
    key, verbose_name = KEY, NAME
    rules = "rules.spearpoint"
    events = ".events.SpearpointEvents"
    lists = ".lists.SpearpointReserves"
    catalog = ".catalog.CATALOG"
    demo = ".demo.demo"
    samples = ".samples.SpearpointSamples"
    nav = (config.CATALOGS,)
