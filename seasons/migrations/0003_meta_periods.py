"""The meta's months and years added up (seasons.MetaPeriod) from the finished events' stored tallies.

Adding up goes through the site's current service, as tournaments 0019 does: the sums are code,
not tables. A site without finished events skips it. Migrating every app at once applies this before
tournaments 0019, whose storing of final standings adds the periods up too.
"""

import django.db.models.deletion
from django.db import migrations, models


def add_up_periods(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    finished = Event.objects.filter(status="finished")
    if not finished.exists():
        return
    from rules.tournament.meta import month_start
    from seasons.services import meta_periods_refresh

    meta_periods_refresh(
        months={
            (game, format, month_start(day)) for game, format, day in finished.values_list("game", "format", "date")
        }
    )


class Migration(migrations.Migration):
    dependencies = [
        ("seasons", "0002_meta_tallies"),
        ("tournaments", "0018_final_standings"),
    ]

    operations = [
        migrations.CreateModel(
            name="MetaPeriod",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("game", models.CharField(max_length=40)),
                ("format", models.CharField(blank=True, max_length=40)),
                ("span", models.CharField(choices=[("month", "Month"), ("year", "Year")], max_length=5)),
                ("start", models.DateField(help_text="The first day of the month or year.")),
                ("events", models.PositiveIntegerField(default=0)),
                ("lists", models.PositiveIntegerField(default=0, help_text="Public lists at those events.")),
            ],
            options={
                "ordering": ["game", "format", "span", "start"],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "format", "span", "start"), name="one_meta_period")
                ],
            },
        ),
        migrations.CreateModel(
            name="PeriodCardTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(max_length=20)),
                ("name", models.TextField()),
                ("lists", models.PositiveIntegerField()),
                (
                    "period",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="card_tallies",
                        to="seasons.metaperiod",
                    ),
                ),
            ],
            options={
                "ordering": ["period", "kind", "name"],
                "constraints": [
                    models.UniqueConstraint(fields=("period", "kind", "name"), name="one_tally_per_period_card")
                ],
            },
        ),
        migrations.CreateModel(
            name="PeriodFactionTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("faction", models.TextField()),
                ("lists", models.PositiveIntegerField()),
                ("games", models.PositiveIntegerField()),
                ("wins", models.PositiveIntegerField()),
                ("ties", models.PositiveIntegerField()),
                (
                    "period",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="faction_tallies",
                        to="seasons.metaperiod",
                    ),
                ),
            ],
            options={
                "ordering": ["period", "faction"],
                "constraints": [
                    models.UniqueConstraint(fields=("period", "faction"), name="one_tally_per_period_faction")
                ],
            },
        ),
        migrations.RunPython(add_up_periods, migrations.RunPython.noop),
    ]
