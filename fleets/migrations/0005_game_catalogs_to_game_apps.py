"""The catalogs of the deck games move to their game apps; a deck's game is checked against the registry.

The tables are renamed, the rows stay: the state forgets the models here and each
game's ``0001_initial`` declares them again over the renamed table. ``Deck.game``
takes its choices from :mod:`game_registry` (a callable, so a new game needs no
migration), which replaces the database constraint naming the three games.
"""

from django.db import migrations, models

import game_registry

MOVED = {
    "wingcommandercard": "wing_commander_wingcommandercard",
    "starshipcommandship": "starship_command_starshipcommandship",
    "spearpointunit": "spearpoint_spearpointunit",
}


class Migration(migrations.Migration):
    dependencies = [
        ("fleets", "0004_wing_commander_manual_cards"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.AlterModelTable(name=name, table=table) for name, table in MOVED.items()],
            state_operations=[
                migrations.DeleteModel(name="SpearpointUnit"),
                migrations.DeleteModel(name="StarshipCommandShip"),
                migrations.DeleteModel(name="WingCommanderCard"),
            ],
        ),
        migrations.RemoveConstraint(
            model_name="deck",
            name="deck_game_known",
        ),
        migrations.AlterField(
            model_name="deck",
            name="game",
            field=models.CharField(choices=game_registry.deck_game_choices, max_length=40),
        ),
    ]
