"""The final lines of the events finished before they were stored.

The lines are the standings rules' output, which live in code, not in the tables: so this reads
through the site's current services rather than restating the rules here. A database without a
finished event (a new site, a test run) skips it. Should a later change of the tables make it fail
on a database migrated from far behind, migrate with it faked and run ``manage.py final_standings``.
"""

from django.db import migrations


def store_final_standings(apps, schema_editor):
    if not apps.get_model("tournaments", "Event").objects.filter(status="finished").exists():
        return
    from tournaments.services.final_standings import final_standings_rebuild

    final_standings_rebuild()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_final_standings"),
        ("seasons", "0003_meta_periods"),  # storing the lines keeps the meta's tallies and periods in step
    ]

    operations = [migrations.RunPython(store_final_standings, migrations.RunPython.noop)]
