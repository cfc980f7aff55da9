"""The final lines of finished events stored again, now that each record counts the top cut's games.

Like ``0019``, this reads through the site's current services rather than restating the standings
rules here; a database without a finished event skips it. Should a later change of the tables make
it fail on a database migrated from far behind, migrate with it faked and run ``manage.py final_standings``.
"""

from django.db import migrations


def store_final_standings(apps, schema_editor):
    if not apps.get_model("tournaments", "Event").objects.filter(status="finished").exists():
        return
    from tournaments.services.final_standings import final_standings_rebuild

    final_standings_rebuild()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_store_final_standings_of_finished_events"),
        ("seasons", "0003_meta_periods"),  # storing the lines keeps the meta's tallies in step
    ]

    operations = [migrations.RunPython(store_final_standings, migrations.RunPython.noop)]
