from django.utils.translation import gettext_noop

from game_registry import NavLink
from games import config

from . import KEY, NAME


class StarshipCommandConfig(config.GameConfig):
    name = "games.starship_command"
    label = "starship_command"
    key, verbose_name = KEY, NAME
    rules = "rules.starship_command"
    events = ".events.StarshipCommandEvents"
    lists = ".lists.StarshipCommandFleets"
    catalog = ".catalog.CATALOG"
    demo = ".demo.demo"
    samples = ".samples.StarshipCommandSamples"
    urls, url_prefix = "games.starship_command.campaigns.urls", "campaigns"
    nav = (NavLink(gettext_noop("Campaigns"), "tournaments:campaigns:list"), config.CATALOGS)
