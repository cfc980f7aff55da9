"""Attack Wing events choose which resources they refuse (``resource_rule``) instead of ticking "retire
by the WizKids 2016 table"; every event keeps what it had.

Ticked: the 2016 table (its banned list still applies). Not ticked: only the banned resources when it
names any, else none retired. Going back ticks the box for the table alone.
"""

from django.db import migrations

KEY = "attack-wing"  # the game's key as events stored it (games.attack_wing.KEY)


def tick_box_to_rule(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    events = list(Event.objects.filter(game=KEY))
    for event in events:
        settings = dict(event.game_settings)
        retired = settings.pop("retire_resources", True)  # an event that never set it retired by the table
        banned = [name for name in (settings.get("banned_resources") or "").split(",") if name.strip()]
        settings["resource_rule"] = "table-2016" if retired else ("list" if banned else "none")
        event.game_settings = settings
    Event.objects.bulk_update(events, ["game_settings"], batch_size=500)


def rule_to_tick_box(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    events = list(Event.objects.filter(game=KEY))
    for event in events:
        settings = dict(event.game_settings)
        settings["retire_resources"] = settings.pop("resource_rule", "none") == "table-2016"
        event.game_settings = settings
    Event.objects.bulk_update(events, ["game_settings"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("attack_wing", "0001_event_settings_from_event_columns"),
        ("tournaments", "0019_store_final_standings_of_finished_events"),
    ]

    operations = [migrations.RunPython(tick_box_to_rule, rule_to_tick_box)]
