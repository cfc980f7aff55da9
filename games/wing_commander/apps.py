from django.apps import AppConfig

from accounts.roles import ORGANIZER
from games.registry import Game, NavLink, register

from . import KEY, NAME

# The organizers' catalog pages; every catalog game names them, the menu shows them once.
CATALOGS = NavLink("Catalogs", "fleets:decks:catalog", ORGANIZER)


class WingCommanderConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.wing_commander"
    label = "wing_commander"
    verbose_name = NAME

    def ready(self):
        from rules import wing_commander

        from .catalog import CATALOG
        from .demo import demo
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
                nav=(CATALOGS,),
                demo=demo,
            )
        )
