"""The final lines of finished events stored with the current rules: the cut's placing first, each record
counting the cut's games.

The lines are the standings rules' output, which live in code, not in the tables, so this reads through the
site's current services rather than restating the rules here; it runs after every migration whose columns
that code reads (``tests/seasons/test_meta_tallies_migration.py`` migrates a finished event from far behind
to prove it). A database without a finished event (a new site, a test run) skips it. A later migration that
adds a column this code reads must come before it: move this step after that migration, as ``0023`` did
to here. Should it fail on a database migrated from far behind, migrate with it faked and run
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
        ("tournaments", "0024_check_in_closed_waitlist_places_and_votes_closing"),
        ("seasons", "0003_meta_periods"),  # storing the lines keeps the meta's tallies and periods in step
        ("fleets", "0011_owned_expansions"),
        ("attack_wing", "0002_resource_rule_replaces_retire_tick_box"),
        ("accounts", "0007_language"),
        ("stores", "0002_language"),  # the standings read events with their stores
    ]

    operations = [migrations.RunPython(store_final_standings, migrations.RunPython.noop)]
