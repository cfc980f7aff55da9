from games import config

from . import KEY, NAME


class AttackWingConfig(config.GameConfig):
    name = "games.attack_wing"
    label = "attack_wing"
    key, verbose_name = KEY, NAME
    rules = "rules.attack_wing"
    events = ".events.AttackWingEvents"
    demo = ".demo.demo"
    season_demo = ".demo_season.PromenadeLeague"
    samples = ".samples.AttackWingSamples"
