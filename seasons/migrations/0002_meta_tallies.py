"""The meta's stored tallies of each finished event: faction figures and card counts (seasons.signals).

Both tables come before tournaments 0019, whose storing of the finished events' final standings
stores their tallies too, so a site with finished events migrates in one go.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    # The tournaments migration storing the finished events' final standings stores their tallies too
    # (seasons.signals), so both tables must exist by then.
    run_before = [("tournaments", "0019_store_final_standings_of_finished_events")]

    dependencies = [
        ("seasons", "0001_seasons_records_and_ratings"),
        ("tournaments", "0018_final_standings"),
    ]

    operations = [
        migrations.CreateModel(
            name="EventFactionTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("faction", models.TextField()),
                ("lists", models.PositiveIntegerField()),
                ("games", models.PositiveIntegerField()),
                ("wins", models.PositiveIntegerField()),
                ("ties", models.PositiveIntegerField()),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="faction_tallies",
                        to="tournaments.event",
                    ),
                ),
            ],
            options={
                "ordering": ["event", "faction"],
                "constraints": [
                    models.UniqueConstraint(fields=("event", "faction"), name="one_tally_per_event_faction")
                ],
            },
        ),
        migrations.CreateModel(
            name="EventCardTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(max_length=20)),
                ("card", models.TextField()),
                ("name", models.TextField()),
                ("lists", models.PositiveIntegerField()),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="card_tallies",
                        to="tournaments.event",
                    ),
                ),
            ],
            options={
                "ordering": ["event", "kind", "card"],
                "constraints": [
                    models.UniqueConstraint(fields=("event", "kind", "card"), name="one_tally_per_event_card")
                ],
            },
        ),
    ]
