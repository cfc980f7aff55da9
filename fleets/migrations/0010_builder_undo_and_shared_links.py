"""The builder's Undo steps on the fleet, and read-only links to versions (``SharedVersion``).

On SQLite, adding the NOT NULL ``undo`` column rebuilds ``fleets_fleet``, which fails on the lock triggers that
name it: they are dropped first and created again afterwards, as in ``0006_fleet_draft``.
"""

from importlib import import_module

import django.db.models.deletion
from django.db import migrations, models

draft_migration = import_module("fleets.migrations.0006_fleet_draft")


class Migration(migrations.Migration):
    dependencies = [
        ("fleets", "0009_judge_submitted_versions"),
    ]

    operations = [
        migrations.RunPython(draft_migration.DROP, draft_migration.CREATE),
        migrations.AddField(
            model_name="fleet",
            name="undo",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="The working copies before each builder change since the last saved version, oldest first (null: the saved version itself): Undo takes them back one step at a time.",
            ),
        ),
        migrations.CreateModel(
            name="SharedVersion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("token", models.CharField(help_text="The unguessable part of the link.", max_length=32, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "version",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE, related_name="share", to="fleets.fleetversion"
                    ),
                ),
            ],
        ),
        migrations.RunPython(draft_migration.CREATE, draft_migration.DROP),
    ]
