"""Once stored the final lines of the events finished before they were stored; ``0023`` does it now.

The lines are the standings rules' output, read through the site's current code, which queries
every column the models have today: run here, before the later migrations add theirs, it failed on a
database migrated from far behind. ``0023_store_final_lines`` stores them once every table exists.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_final_standings"),
        ("seasons", "0003_meta_periods"),  # storing the lines keeps the meta's tallies and periods in step
    ]

    operations = []
