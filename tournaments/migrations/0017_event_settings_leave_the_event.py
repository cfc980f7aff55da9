from django.db import migrations, models


class Migration(migrations.Migration):
    """The four columns one game's settings were kept in go, once that game copied them (attack_wing 0001).

    The fleet-point base gets a default first, so that going back re-creates the column on a filled table.
    """

    dependencies = [("tournaments", "0016_event_game_settings")]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="fleet_point_base",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RemoveField(model_name="event", name="banned_resources"),
        migrations.RemoveField(model_name="event", name="bye_fleet_points"),
        migrations.RemoveField(model_name="event", name="fleet_point_base"),
        migrations.RemoveField(model_name="event", name="retire_resources"),
    ]
