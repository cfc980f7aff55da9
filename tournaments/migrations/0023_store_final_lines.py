"""Once stored the final lines of finished events; ``0025`` does it now.

The lines are the standings rules' output, read through the site's current code, which queries every
column the models have today: run here, before ``0024`` added the check-in, waitlist and voting columns,
it failed on a database migrated from far behind. ``0025_store_final_lines`` stores them once every table
exists (a site that ran this once stores them again there, which changes nothing).
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_self_check_in_and_awards"),
        ("seasons", "0003_meta_periods"),
        ("fleets", "0009_judge_submitted_versions"),
        ("attack_wing", "0002_resource_rule_replaces_retire_tick_box"),
        ("accounts", "0006_notice_preferences"),
    ]

    operations = []
