from games import config

from . import KEY, NAME


class CoinTossConfig(config.GameConfig):
    name = "tests.games.coin_toss"
    label = "coin_toss"
    key, verbose_name = KEY, NAME
    rules = ".rules"
    events = ".events.CoinTossEvents"
    lists = ".lists.Purses"
    samples = ".samples.CoinTossSamples"
