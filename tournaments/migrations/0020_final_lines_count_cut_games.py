"""Once stored the final lines of the events finished before records counted the cut; ``0023`` does it now.

The lines are the standings rules' output, read through the site's current code, which queries
every column the models have today: run here, before the later migrations add theirs, it failed on a
database migrated from far behind. ``0023_store_final_lines`` stores them once every table exists.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_store_final_standings_of_finished_events"),
        ("seasons", "0003_meta_periods"),
    ]

    operations = []
