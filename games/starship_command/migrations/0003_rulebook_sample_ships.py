"""The Starship Command ship the 3rd edition rulebook (seed 002) gives in its examples, with only what it says.

No public ship list exists, so organizers complete the catalog themselves (the
catalog pages or CSV). The rulebook's examples describe one ship fully enough to
play: the cruiser Saratoga. Its notes quote the rulebook for every value, and say
which one is worked out from a rule rather than printed (the crippled total).
The cruiser Repulse is named too, but with no race, value or Structure, so it is
left out rather than guessed.
"""

from django.db import migrations

SAMPLE = "Sample from the rulebook (seed 002)."
SARATOGA = {
    "name": "Saratoga",
    "race": "confederation",
    "ship_class": "Saratoga class heavy cruiser",
    "value": 29,
    "shields": 20,
    "structure": 24,
    "crippled": 32,
    "weapons": ["phaser-1", "phaser-2", "plasma"],
    "fighter_capacity": 0,
    "notes": SAMPLE + " “29 points for the Saratoga class heavy Cruiser”; “The cruiser Saratoga has a shield "
    "strength of 20”; “full Structure of 24”; “The Cruiser Saratoga is equipped with Phasers 1, 2 and Plasma”; "
    "Confederation: “use its Racial Advantage (Warp in this case)”, the Confederation's Warp. Crippled 32 is "
    "worked out, not printed: 20 shield points plus half of 24 Structure (“half Structure or less”, and "
    "“The ‘crippled’ amount stated on the ship cards includes the shield points”); the rulebook's example "
    "(35 points of damage cripple it) agrees.",
}


def add_sample(apps, schema_editor):
    ship = apps.get_model("starship_command", "StarshipCommandShip")
    ship.objects.get_or_create(name=SARATOGA["name"], defaults=SARATOGA)


def remove_sample(apps, schema_editor):
    apps.get_model("starship_command", "StarshipCommandShip").objects.filter(
        name=SARATOGA["name"], notes=SARATOGA["notes"]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("starship_command", "0002_catalog_notes_retired")]
    operations = [migrations.RunPython(add_sample, remove_sample)]
