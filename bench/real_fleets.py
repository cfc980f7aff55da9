"""Legal fleets from the real Utopia catalog, shaped like the ones players submit.

Events only take legal fleets, so the page, PDF and load benchmarks fill their
events with fleets the engine accepts: 3–4 ships of one faction, each with a
captain of that faction and up to three upgrades of the types its upgrade bar
holds. About one candidate in three is legal (unique cards clash, a fleet runs
over 130 SP); the others are drawn again, so the result is reproducible by seed.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from fleets.bundled_cards import bundled
from rules.attack_wing import Fleet, FleetShip, fleet_to_dict, validate_fleet
from rules.attack_wing.catalog import CAPTAIN, SHIP, UPGRADE, Catalog

FORMAT = "wizkids-2016"
MAX_DRAWS_PER_FLEET = 50  # far above the ~3 a legal fleet takes; a catalog without legal fleets stops here


def utopia_file() -> Path | None:
    """``$CARD_DATA`` or the Utopia file Muster ships, if it exists."""
    path = Path(os.environ.get("CARD_DATA") or bundled("utopia").path)
    return path if path.exists() else None


def legal_fleet_contents(catalog: Catalog, count: int, *, seed: int = 1701) -> list[dict]:
    """``count`` fleet files (the stored, canonical form) of legal ``wizkids-2016`` fleets."""
    rng = random.Random(seed)
    ships: dict[str, list] = {}
    captains: dict[str, list[str]] = {}
    upgrades: dict[tuple[str, str], list[str]] = {}
    for card in catalog.cards.values():
        for faction in card.factions:
            if card.kind == SHIP and not card.squadron:
                ships.setdefault(faction, []).append(card)
            elif card.kind == CAPTAIN:
                captains.setdefault(faction, []).append(card.id)
            elif card.kind == UPGRADE:
                upgrades.setdefault((faction, card.upgrade_type), []).append(card.id)
    factions = sorted(faction for faction in ships if len(captains.get(faction, ())) > 3)

    def ship(faction: str) -> FleetShip:
        card = rng.choice(ships[faction])
        slots = list(card.slots)
        rng.shuffle(slots)
        filled = [slot for slot in slots[: rng.randint(0, 3)] if upgrades.get((faction, slot))]
        return FleetShip(
            ship=card.id,
            captain=rng.choice(captains[faction]),
            upgrades=tuple(rng.choice(upgrades[faction, slot]) for slot in filled),
        )

    contents = []
    for _ in range(count * MAX_DRAWS_PER_FLEET):
        faction = rng.choice(factions)
        fleet = Fleet(ships=tuple(ship(faction) for _ in range(rng.randint(3, 4))))
        if validate_fleet(fleet, catalog, FORMAT).legal:
            contents.append(fleet_to_dict(fleet, FORMAT))
            if len(contents) == count:
                return contents
    raise ValueError(f"found only {len(contents)} legal fleets in the catalog, {count} were asked for")
