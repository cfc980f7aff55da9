from django.apps import AppConfig

from games.registry import Game, register

from . import KEY, NAME


class SpearpointConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.spearpoint"
    label = "spearpoint"
    verbose_name = NAME

    def ready(self):
        from rules import spearpoint

        from .catalog import CATALOG
        from .events import SpearpointEvents
        from .lists import SpearpointReserves

        register(
            Game(
                key=KEY,
                name=NAME,
                rules=spearpoint,
                events=SpearpointEvents(),
                lists=SpearpointReserves(),
                catalog=CATALOG,
            )
        )
