"""Attack Wing's event settings move from four columns of the event into ``Event.game_settings``.

Only Attack Wing's events are copied: the other games never used the columns. Going back
writes the settings into the columns again (the deck games' events get the columns' defaults).
"""

from django.db import migrations

KEY = "attack-wing"  # the game's key as events stored it (games.attack_wing.KEY)
COLUMNS = ("fleet_point_base", "bye_fleet_points", "banned_resources", "retire_resources")


def columns_to_settings(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    events = list(Event.objects.filter(game=KEY))
    for event in events:
        event.game_settings = {**event.game_settings, **{name: getattr(event, name) for name in COLUMNS}}
    Event.objects.bulk_update(events, ["game_settings"], batch_size=500)


def settings_to_columns(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    events = list(Event.objects.filter(game=KEY))
    for event in events:
        for name in COLUMNS:
            if name in event.game_settings:
                setattr(event, name, event.game_settings[name])
        event.game_settings = {}
    Event.objects.bulk_update(events, [*COLUMNS, "game_settings"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0016_event_game_settings")]
    run_before = [("tournaments", "0017_event_settings_leave_the_event")]

    operations = [migrations.RunPython(columns_to_settings, settings_to_columns)]
