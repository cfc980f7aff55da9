"""The final lines of finished events stored with the current rules: the cut's placing first, each record
counting the cut's games (what ``0019`` and ``0020`` once did, too early in the plan).

The lines are the standings rules' output, which live in code, not in the tables, so this reads through the
site's current services rather than restating the rules here; it runs after every migration whose columns
that code reads. A database without a finished event (a new site, a test run) skips it. Should a later
change of the tables make it fail on a database migrated from far behind, migrate with it faked and run
``manage.py final_standings``.
"""

from django.db import migrations


def store_final_standings(apps, schema_editor):
    if not apps.get_model("tournaments", "Event").objects.filter(status="finished").exists():
        return
    from tournaments.services.final_standings import final_standings_rebuild

    final_standings_rebuild()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_self_check_in_and_awards"),
        ("seasons", "0003_meta_periods"),  # storing the lines keeps the meta's tallies and periods in step
        ("fleets", "0009_judge_submitted_versions"),
        ("attack_wing", "0002_resource_rule_replaces_retire_tick_box"),
        ("accounts", "0006_notice_preferences"),
    ]

    operations = [migrations.RunPython(store_final_standings, migrations.RunPython.noop)]
