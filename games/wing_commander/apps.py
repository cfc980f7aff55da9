from games import config

from . import KEY, NAME


class WingCommanderConfig(config.GameConfig):
    name = "games.wing_commander"
    label = "wing_commander"
    key, verbose_name = KEY, NAME
    rules = "rules.wing_commander"
    events = ".events.WingCommanderEvents"
    lists = ".lists.WingCommanderDecks"
    catalog = ".catalog.CATALOG"
    demo = ".demo.demo"
    season_demo = ".demo_season.TigersClawCup"
    samples = ".samples.WingCommanderSamples"
    nav = (config.CATALOGS,)
