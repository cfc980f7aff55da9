"""A fleet's working draft and the revision counter of its working copy.

On SQLite, adding a NOT NULL column rebuilds the ``fleets_fleet`` table, and the
rebuild fails on (and would drop) the lock triggers that name it; they are dropped
first and created again afterwards, exactly as ``fleet_lock_triggers`` wrote them.
PostgreSQL adds the columns in place and keeps its triggers.
"""

from importlib import import_module

from django.db import migrations, models

triggers = import_module("fleets.migrations.0002_fleet_lock_triggers")


def _sqlite(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "sqlite":
            for statement in statements:
                schema_editor.execute(statement, params=None)

    return run


DROP, CREATE = _sqlite(triggers.SQLITE_BACKWARD), _sqlite(triggers.SQLITE_FORWARD)


class Migration(migrations.Migration):
    dependencies = [("fleets", "0005_game_catalogs_to_game_apps")]

    operations = [
        migrations.RunPython(DROP, CREATE),
        migrations.AddField(
            model_name="fleet",
            name="draft",
            field=models.JSONField(
                blank=True,
                help_text="The builder's unsaved changes (a fleet file, canonical form) on top of the current "
                "version; empty when there are none.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="fleet",
            name="revision",
            field=models.PositiveIntegerField(
                default=0,
                help_text="Counts the working copy's changes (draft edits, saves, discards): the builder sends "
                "the one it showed, so an edit made in a stale window is refused.",
            ),
        ),
        migrations.RunPython(CREATE, DROP),
    ]
