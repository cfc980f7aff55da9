"""The Wing Commander catalog, over the table ``fleets`` kept it in (renamed by ``fleets.0005``).

Only the state is created here: the tables and their rows already exist.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("fleets", "0005_game_catalogs_to_game_apps"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="WingCommanderCard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=100, unique=True)),
                        (
                            "side",
                            models.CharField(
                                blank=True, choices=[("terran", "Terran"), ("kilrathi", "Kilrathi")], max_length=20
                            ),
                        ),
                        (
                            "card_type",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("fighter", "Fighter"),
                                    ("pilot", "Pilot"),
                                    ("weapon", "Weapon"),
                                    ("crew", "Crew"),
                                    ("maneuver", "Maneuver"),
                                    ("battle-damage", "Battle damage"),
                                    ("nav-point-modifier", "Nav point modifier"),
                                    ("luck", "Luck"),
                                    ("pilot-award", "Pilot award"),
                                    ("secret-order", "Secret order"),
                                    ("carrier", "Carrier"),
                                    ("nav-point", "Nav point"),
                                ],
                                max_length=30,
                                verbose_name="type",
                            ),
                        ),
                        (
                            "mustering_cost",
                            models.PositiveSmallIntegerField(
                                blank=True, help_text="Power Points (the small fighters under the title).", null=True
                            ),
                        ),
                        (
                            "medal_cost",
                            models.PositiveSmallIntegerField(
                                blank=True, help_text="Medals in the mustering cost.", null=True
                            ),
                        ),
                        ("notes", models.TextField(blank=True)),
                    ],
                    options={
                        "verbose_name": "Wing Commander card",
                        "ordering": ["name"],
                    },
                ),
            ],
        ),
    ]
