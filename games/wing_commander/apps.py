from django.apps import AppConfig

from games.registry import Game, register

from . import KEY, NAME


class WingCommanderConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.wing_commander"
    label = "wing_commander"
    verbose_name = NAME

    def ready(self):
        from rules import wing_commander

        from .catalog import CATALOG
        from .events import WingCommanderEvents
        from .lists import WingCommanderDecks

        register(
            Game(
                key=KEY,
                name=NAME,
                rules=wing_commander,
                events=WingCommanderEvents(),
                lists=WingCommanderDecks(),
                catalog=CATALOG,
            )
        )
