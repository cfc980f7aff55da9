from django.apps import AppConfig

from games.registry import Game, register

from . import KEY, NAME


class CoinTossConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tests.games.coin_toss"
    label = "coin_toss"
    verbose_name = NAME

    def ready(self):
        from . import rules
        from .events import CoinTossEvents
        from .lists import Purses

        register(Game(key=KEY, name=NAME, rules=rules, events=CoinTossEvents(), lists=Purses()))
