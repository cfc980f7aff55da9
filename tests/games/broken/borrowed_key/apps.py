from games import config


class BorrowedKeyConfig(config.GameConfig):
    """A complete game whose key is Coin Toss's."""

    name = "tests.games.broken.borrowed_key"
    label = "broken_borrowed_key"
    key, verbose_name = "coin-toss", "Borrowed Key"
    rules = "tests.games.coin_toss.rules"
    events = "tests.games.coin_toss.events.CoinTossEvents"
