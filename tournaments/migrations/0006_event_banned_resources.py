"""Venues may ban resources (Additional Rules, Resources 2): an event lists the ones it bans."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_campaigns_to_starship_command"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="banned_resources",
            field=models.CharField(
                blank=True,
                help_text="Resources the venue bans, by name or card id, separated by commas (Additional Rules, Resources 2).",
                max_length=500,
            ),
        ),
    ]
