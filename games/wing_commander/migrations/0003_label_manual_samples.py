"""The cards the manual names (``fleets`` migration 0004) say so in their notes: "Sample from the rulebook".

An organizer reading the catalog sees at once which cards come from the manual's
examples (seed 001) and which they added themselves.
"""

from django.db import migrations

SAMPLE = "Sample from the rulebook (seed 001). "
MANUAL_CARDS = [
    "Darket",
    "Arrow",
    "Maniac",
    "Stealth Technology",
    "Shake",
    "Tight Loop",
    "Kickstop",
    "Break and Attack",
    "Tail Shot Off",
    "Guns Jammed",
    "Capture Pilot",
    "Torpedo",
    "Torpedo Mount",
    "Excalibur",
    "Colonel Blair",
    "Prince Thrakhath",
]


def label(apps, schema_editor):
    card_model = apps.get_model("wing_commander", "WingCommanderCard")
    for card in card_model.objects.filter(name__in=MANUAL_CARDS).exclude(notes__startswith=SAMPLE):
        card.notes = SAMPLE + card.notes
        card.save(update_fields=["notes"])


def unlabel(apps, schema_editor):
    card_model = apps.get_model("wing_commander", "WingCommanderCard")
    for card in card_model.objects.filter(name__in=MANUAL_CARDS, notes__startswith=SAMPLE):
        card.notes = card.notes.removeprefix(SAMPLE)
        card.save(update_fields=["notes"])


class Migration(migrations.Migration):
    dependencies = [("wing_commander", "0002_catalog_notes_retired")]
    operations = [migrations.RunPython(label, unlabel)]
