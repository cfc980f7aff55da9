"""The Wing Commander CCG cards the 1995 manual (seed 001) names in its examples, with only what it says.

No public card list exists, so organizers complete the catalog themselves (admin
or CSV import); these rows are the part the manual itself vouches for. A blank
side, type or cost is one the manual does not state. Each card's notes quote
the manual's words (between “ and ”) for every value given; a side the manual
gives only through the combat example (Jeff's Arrow against Kate's Kilrathi
Darkets, one player per side) says so. Maneuver and Battle Damage cards have
no mustering cost at all (“All cards except Maneuver and Battle Damage cards
have mustering cost”), so theirs is blank too.
"""

from django.db import migrations

NO_BOMBING = " No Bombing Value: “such as raising Bombing to 1 on either a Darket or Arrow fighter”."
JEFF = " Terran: Jeff's side in the combat example, against Kate's Kilrathi Darkets."
KATE = " Kilrathi: Kate's side in the combat example, with her Darkets."
PILOTS = "“Pilots are unique”; “Neither Colonel Blair nor Prince Thrakhath will turn traitor”. Side not stated."

CARDS = [
    # name, side, type, mustering cost, medal cost, notes
    (
        "Darket",
        "kilrathi",
        "fighter",
        1,
        0,
        "“If the Kilrathi Player were to bring two Darket fighters into the Ready Area (each costing 1 point)”; "
        "mustered at setup (“Four Darkets at 1 point each”), so no Medal Point in its cost. "
        "“Kate has a Darket with an attack factor of 1 and a defense of 3”." + NO_BOMBING,
    ),
    (
        "Arrow",
        "terran",
        "fighter",
        2,
        0,
        "“an Arrow has a Mustering Cost of 2”; “To play that card from your hand into the Ready Area, you must "
        "reduce your Power Points by 2” (no medal, unlike Stealth Technology). "
        "“Jeff has an Arrow with an attack factor of 2”." + JEFF + NO_BOMBING,
    ),
    (
        "Maniac",
        "terran",
        "pilot",
        None,
        None,
        "“Maniac is the Pilot. He increases the attack factor by 1”, but “reduces the defense by 2”; "
        "“Maniac has a Medal Point”. Cost not stated." + JEFF,
    ),
    (
        "Stealth Technology",
        "",
        "weapon",
        4,
        1,
        "“To play a Stealth Technology Weapon card to the Ready Area requires 4 Power Points nad 1 Medal Point.” "
        "Side not stated.",
    ),
    ("Shake", "kilrathi", "maneuver", None, None, "“increases her engaged Darket's defense factor by 1”." + KATE),
    ("Tight Loop", "kilrathi", "maneuver", None, None, "“which increases her attack by 1”." + KATE),
    ("Kickstop", "terran", "maneuver", None, None, "“which boosts his defense by +2”." + JEFF),
    (
        "Break and Attack",
        "terran",
        "maneuver",
        None,
        None,
        "“one last Maneuver card”, “which forces Kat's second Darket not to support the attack”." + JEFF,
    ),
    (
        "Tail Shot Off",
        "terran",
        "battle-damage",
        None,
        None,
        "“Jeff plays a Battle Damage card”; “The damage reduces the Darket's defense by -2”." + JEFF,
    ),
    (
        "Guns Jammed",
        "",
        "battle-damage",
        None,
        None,
        "“Battle Damage card against a fighter without a Weapon card since this card affects the Fighter, "
        "not a specific Weapon”. Side not stated.",
    ),
    (
        "Capture Pilot",
        "",
        "luck",
        None,
        None,
        "Rescues a traitor pilot “by capturing the pilot using the Luck card”. Side and cost not stated.",
    ),
    (
        "Torpedo",
        "",
        "weapon",
        None,
        None,
        "Carriers may be attacked by “Flights that have the Torpedo Weapon card”. Side and cost not stated.",
    ),
    (
        "Torpedo Mount",
        "",
        "weapon",
        None,
        None,
        "“This weapon card allows the placing of another weapon card - the Torpedo - on a fighter that would not "
        "otherwise be able to carry the Torpedo”. Side and cost not stated.",
    ),
    (
        "Excalibur",
        "",
        "",
        None,
        1,
        "“Losing an Excalibur costs 1 Power Point for the card, plus 1 Power Point for the medal shown in the "
        "Cost”. Side, type and Power Point cost not stated.",
    ),
    ("Colonel Blair", "", "pilot", None, None, PILOTS),
    ("Prince Thrakhath", "", "pilot", None, None, PILOTS),
]


def add_cards(apps, schema_editor):
    card_model = apps.get_model("fleets", "WingCommanderCard")
    for name, side, card_type, cost, medals, notes in CARDS:
        card_model.objects.get_or_create(
            name=name,
            defaults={
                "side": side,
                "card_type": card_type,
                "mustering_cost": cost,
                "medal_cost": medals,
                "notes": notes,
            },
        )


def remove_cards(apps, schema_editor):
    apps.get_model("fleets", "WingCommanderCard").objects.filter(name__in=[card[0] for card in CARDS]).delete()


class Migration(migrations.Migration):
    dependencies = [("fleets", "0003_decks")]

    operations = [migrations.RunPython(add_cards, remove_cards)]
