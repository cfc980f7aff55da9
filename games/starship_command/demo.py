"""Starship Command's part of ``seed_demo``: placeholder ships beside the rulebook's Saratoga, and a campaign
two battles in.

The rulebook (seed 002) describes one ship fully, the cruiser Saratoga (loaded by
this app's migration 0003 as "Sample from the rulebook"). A campaign needs two
races, so the demo adds a few placeholder ships, named and noted as such
("Placeholder — replace with your cards"); their figures are made up, shaped by
the rulebook's rules (the crippled total is the shields plus half the Structure).

"Demo campaign: Confederation against Packtons" runs three battles: ``player``
commands the Confederation, ``player2`` the Packtons; both buy their fleets,
two battles are recorded (with a repair between them), and the third is for
the organizer to record.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.starship_command import Fate

from .campaigns.ledger import BattleFate
from .campaigns.services import (
    campaign_add_player,
    campaign_create,
    campaign_record_battle,
    campaign_record_purchase,
    campaign_record_repair,
)
from .models import Campaign, StarshipCommandShip

CAMPAIGN = "Demo campaign: Confederation against Packtons"
PLACEHOLDER = "Placeholder — replace with your cards. Not from the rulebook (seed 002); the figures are made up."
# name, race, class, value, shields, structure, weapons
PLACEHOLDER_SHIPS = [
    ("Placeholder Confederation destroyer", "confederation", "destroyer", 20, 10, 16, ["phaser-1", "torpedo"]),
    ("Placeholder Confederation frigate", "confederation", "frigate", 15, 8, 12, ["phaser-1"]),
    ("Placeholder Packton cruiser", "packtons", "cruiser", 29, 20, 24, ["phaser-2", "plasma"]),
    ("Placeholder Packton destroyer", "packtons", "destroyer", 20, 10, 16, ["phaser-1", "torpedo"]),
    ("Placeholder Packton frigate", "packtons", "frigate", 15, 8, 12, ["phaser-1"]),
]
FLEETS = {
    "confederation": ["Saratoga", "Placeholder Confederation destroyer", "Placeholder Confederation frigate"],
    "packtons": ["Placeholder Packton cruiser", "Placeholder Packton destroyer", "Placeholder Packton frigate"],
}


def load_placeholders() -> None:
    for name, race, ship_class, value, shields, structure, weapons in PLACEHOLDER_SHIPS:
        StarshipCommandShip.objects.get_or_create(
            name=name,
            defaults={
                "race": race,
                "ship_class": ship_class,
                "value": value,
                "shields": shields,
                "structure": structure,
                "crippled": shields + structure // 2,
                "weapons": weapons,
                "notes": PLACEHOLDER,
            },
        )


def demo(*, accounts: dict, log: Callable[[str], None]) -> None:
    load_placeholders()
    if Campaign.objects.filter(name=CAMPAIGN).exists():
        return
    if not StarshipCommandShip.objects.filter(name="Saratoga").exists():
        log("The Starship Command catalog lacks the rulebook's Saratoga; no demo campaign.")
        return
    organizer = accounts["organizer"]
    campaign = campaign_create(organizer=organizer, name=CAMPAIGN, battles=3)
    confederation = campaign_add_player(campaign=campaign, user=accounts["player"], race="confederation")
    packtons = campaign_add_player(campaign=campaign, user=accounts["player2"], race="packtons")
    for player in (confederation, packtons):
        for name in FLEETS[player.race]:
            ship = StarshipCommandShip.objects.get(name=name)
            campaign_record_purchase(campaign=campaign, player=player, ship=ship, recorded_by=organizer)
    conf, pack = FLEETS["confederation"], FLEETS["packtons"]
    campaign_record_battle(
        campaign=campaign,
        fates=[
            BattleFate(conf[0], confederation, Fate.SURVIVED, shield_damage=5, structure_damage=4),
            BattleFate(conf[1], confederation, Fate.SURVIVED),
            BattleFate(conf[2], confederation, Fate.SURVIVED),
            BattleFate(pack[0], packtons, Fate.SURVIVED),
            BattleFate(pack[1], packtons, Fate.SURVIVED, structure_damage=6),
            BattleFate(pack[2], packtons, Fate.DESTROYED, destroyed_by=confederation),
        ],
        recorded_by=organizer,
    )
    campaign_record_repair(
        campaign=campaign, player=confederation, ship=conf[0], shields=4, structure=4, recorded_by=organizer
    )
    campaign_record_battle(
        campaign=campaign,
        fates=[
            BattleFate(conf[0], confederation, Fate.SURVIVED),
            BattleFate(conf[1], confederation, Fate.SURVIVED, structure_damage=3),
            BattleFate(conf[2], confederation, Fate.DESTROYED, destroyed_by=packtons),
            BattleFate(pack[0], packtons, Fate.SURVIVED, shield_damage=8),
            BattleFate(pack[1], packtons, Fate.RETREATED, structure_damage=6),
        ],
        recorded_by=organizer,
    )
    log(f"Created the demo campaign {CAMPAIGN!r}: fleets bought, two battles of three recorded.")
