"""The Spearpoint unit catalog, over the table ``fleets`` kept it in (renamed by ``fleets.0005``).

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
                    name="SpearpointUnit",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=100)),
                        (
                            "side",
                            models.CharField(choices=[("american", "American"), ("german", "German")], max_length=20),
                        ),
                        (
                            "unit_type",
                            models.CharField(
                                choices=[
                                    ("infantry", "Infantry"),
                                    ("vehicle", "Vehicle"),
                                    ("artillery", "Artillery"),
                                    ("aircraft", "Aircraft"),
                                    ("crew", "Crew"),
                                ],
                                max_length=20,
                                verbose_name="type",
                            ),
                        ),
                        (
                            "cost",
                            models.PositiveSmallIntegerField(
                                help_text="Point cost, also its Victory Points when destroyed."
                            ),
                        ),
                        (
                            "crew",
                            models.CharField(
                                choices=[
                                    ("none", "None"),
                                    ("tank-crew", "Tank crew"),
                                    ("artillery-crew", "Artillery crew"),
                                    ("pilot", "Pilot"),
                                ],
                                default="none",
                                help_text="The crew it needs.",
                                max_length=20,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "Spearpoint unit",
                        "ordering": ["side", "name"],
                        "constraints": [
                            models.UniqueConstraint(fields=("name", "side"), name="spearpoint_unit_name_side_unique")
                        ],
                    },
                ),
            ],
        ),
    ]
