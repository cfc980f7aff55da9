"""The meta's card tallies, and those of the events finished before they were stored.

They are stored with the final standings (seasons.signals), so the events finished before get theirs
the way ``manage.py final_standings`` stores them: through the site's current services, which count
the cards as the meta always has. It runs after tournaments 0019, which databases migrated before it
have applied; a database without a finished event (a new site, a test run) skips it. A database
migrated from before tournaments 0019 with finished events stops at 0019 (its final standings store
card tallies, whose table comes here): migrate tournaments 0019 faked, then the rest, then run
``manage.py final_standings``.
"""

import django.db.models.deletion
from django.db import migrations, models


def store_card_tallies(apps, schema_editor):
    if not apps.get_model("tournaments", "Event").objects.filter(status="finished").exists():
        return
    from tournaments.services.final_standings import final_standings_rebuild

    final_standings_rebuild()


class Migration(migrations.Migration):
    dependencies = [
        ("seasons", "0002_event_faction_tallies"),
        ("tournaments", "0019_store_final_standings_of_finished_events"),
    ]

    operations = [
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
        migrations.RunPython(store_card_tallies, migrations.RunPython.noop),
    ]
