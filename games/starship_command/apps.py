from django.apps import AppConfig

from accounts.roles import ORGANIZER
from games.registry import Game, NavLink, register

from . import KEY, NAME

# The organizers' catalog pages; every catalog game names them, the menu shows them once.
CATALOGS = NavLink("Catalogs", "fleets:decks:catalog", ORGANIZER)


class StarshipCommandConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.starship_command"
    label = "starship_command"
    verbose_name = NAME

    def ready(self):
        from rules import starship_command

        from .catalog import CATALOG
        from .demo import demo
        from .events import StarshipCommandEvents
        from .lists import StarshipCommandFleets

        register(
            Game(
                key=KEY,
                name=NAME,
                rules=starship_command,
                events=StarshipCommandEvents(),
                lists=StarshipCommandFleets(),
                catalog=CATALOG,
                urls="games.starship_command.campaigns.urls",
                url_prefix="campaigns",
                nav=(NavLink("Campaigns", "tournaments:campaigns:list"), CATALOGS),
                demo=demo,
            )
        )
