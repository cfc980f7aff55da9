"""The Starship Command ship catalog and campaigns, over the tables ``fleets`` and ``tournaments``
kept them in (renamed by ``fleets.0005`` and ``tournaments.0005``).

Only the state is created here: the tables and their rows already exist.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("fleets", "0005_game_catalogs_to_game_apps"),
        ("tournaments", "0005_campaigns_to_starship_command"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="StarshipCommandShip",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=100, unique=True)),
                        (
                            "race",
                            models.CharField(
                                choices=[
                                    ("confederation", "Confederation"),
                                    ("packtons", "Packtons"),
                                    ("ritillians", "Ritillians"),
                                    ("shiltons", "Shiltons"),
                                    ("dawgoraks", "Dawgoraks"),
                                    ("fostonians", "Fostonians"),
                                ],
                                max_length=20,
                            ),
                        ),
                        ("ship_class", models.CharField(max_length=60, verbose_name="class")),
                        (
                            "value",
                            models.PositiveSmallIntegerField(
                                help_text="Value points: what it scores and what a campaign pays."
                            ),
                        ),
                        ("shields", models.PositiveSmallIntegerField()),
                        ("structure", models.PositiveSmallIntegerField()),
                        (
                            "crippled",
                            models.PositiveSmallIntegerField(
                                help_text="Total damage, shields included, that cripples the ship."
                            ),
                        ),
                        (
                            "weapons",
                            models.JSONField(
                                blank=True, default=list, help_text="Weapon keys, e.g. phaser-1, torpedo."
                            ),
                        ),
                        ("fighter_capacity", models.PositiveSmallIntegerField(default=0)),
                    ],
                    options={
                        "verbose_name": "Starship Command ship",
                        "ordering": ["race", "name"],
                    },
                ),
                migrations.CreateModel(
                    name="Campaign",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=120)),
                        (
                            "battles",
                            models.PositiveSmallIntegerField(
                                default=3,
                                help_text="The campaign closes after this many battles (the rules recommend three).",
                                verbose_name="Number of battles",
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "organizer",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="campaigns_run",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["-created_at", "name"],
                    },
                ),
                migrations.CreateModel(
                    name="CampaignEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("sequence", models.PositiveIntegerField(help_text="Replay order, from 1.")),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("purchase", "Purchase"),
                                    ("repair", "Repair"),
                                    ("transfer", "Transfer"),
                                    ("battle", "Battle result"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("data", models.JSONField()),
                        ("recorded_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "campaign",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="entries",
                                to="starship_command.campaign",
                            ),
                        ),
                        (
                            "recorded_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name_plural": "campaign entries",
                        "ordering": ["campaign", "sequence"],
                    },
                ),
                migrations.CreateModel(
                    name="CampaignPlayer",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "race",
                            models.CharField(
                                choices=[
                                    ("confederation", "Confederation"),
                                    ("packtons", "Packtons"),
                                    ("ritillians", "Ritillians"),
                                    ("shiltons", "Shiltons"),
                                    ("dawgoraks", "Dawgoraks"),
                                    ("fostonians", "Fostonians"),
                                ],
                                max_length=20,
                            ),
                        ),
                        (
                            "campaign",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="players",
                                to="starship_command.campaign",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="campaign_seats",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["race", "user__username"],
                    },
                ),
                migrations.AddConstraint(
                    model_name="campaign",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("battles__gte", 1)),
                        name="campaign_battles_positive",
                        violation_error_message="A campaign has at least one battle.",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="campaignentry",
                    constraint=models.UniqueConstraint(
                        fields=("campaign", "sequence"), name="campaign_entry_sequence_unique"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="campaignentry",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("kind__in", ["purchase", "repair", "transfer", "battle"])),
                        name="campaign_entry_kind_known",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="campaignplayer",
                    constraint=models.UniqueConstraint(fields=("campaign", "user"), name="campaign_player_once"),
                ),
                migrations.AddConstraint(
                    model_name="campaignplayer",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            (
                                "race__in",
                                ("confederation", "packtons", "ritillians", "shiltons", "dawgoraks", "fostonians"),
                            )
                        ),
                        name="campaign_player_race_known",
                    ),
                ),
            ],
        ),
    ]
