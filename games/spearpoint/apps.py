from django.apps import AppConfig

from accounts.roles import ORGANIZER
from games.registry import Game, NavLink, register

from . import KEY, NAME

# The organizers' catalog pages; every catalog game names them, the menu shows them once.
CATALOGS = NavLink("Catalogs", "fleets:decks:catalog", ORGANIZER)


class SpearpointConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.spearpoint"
    label = "spearpoint"
    verbose_name = NAME

    def ready(self):
        from rules import spearpoint

        from .catalog import CATALOG
        from .demo import demo
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
                nav=(CATALOGS,),
                demo=demo,
            )
        )
