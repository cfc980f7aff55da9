"""WizKids errata that change fleet-building data, applied to every catalog a reader returns.

Seed 003 ("Errata", repeated in the 2016 FAQ) corrects printed cards. Most corrections
are already in the community databases; the ones that are not, and that matter for
legality, are applied here so both sources agree:

- Errata 8-12: "Make It So" (Mirror), "I Will Deal with Them Myself", "Rebellion",
  "Strafing Run" (Mirror) and "Intendant's Orders" carry the Mirror Universe Unique icon
  instead of the unique icon. Matched by name on Mirror Universe cards only, since
  "Strafing Run" and "Make It So" also exist as ordinary Klingon / Federation cards.
- Errata 1: the "Ferengi" generic captain is not unique.
- Errata 5: "Tactical Stations" is unique (both databases print the name "Tactical Station").
- Errata 13: Galor Class Phaser Banks may only be purchased for a Hideki Class Attack Squadron,
  one per ship.
- Errata 2: the Mirror Universe Starship (Defiant Class) costs 22 SP.
- Errata 3: Kuvak is a Vulcan captain.
"""

from __future__ import annotations

from dataclasses import replace

from rules.attack_wing.catalog import CAPTAIN, SHIP, UPGRADE, Card, Catalog, Restriction

_MIRROR_UNIQUE_NAMES = frozenset(
    {"make it so", "i will deal with them myself", "rebellion", "strafing run", "intendant's orders"}
)


def _fix(card: Card) -> Card:
    name = " ".join(card.name.lower().split())
    if card.kind == UPGRADE and name in _MIRROR_UNIQUE_NAMES and "mirror-universe" in card.factions:
        return replace(card, unique=False, mirror_unique=True)
    if card.kind == CAPTAIN and name == "ferengi":
        return replace(card, unique=False)
    if card.kind == UPGRADE and name in ("tactical station", "tactical stations"):
        return replace(card, unique=True)
    if card.kind == UPGRADE and name == "galor class phaser banks":
        wanted = (Restriction("ship_is", "hideki attack squadron"), Restriction("one_per_ship"))
        kept = tuple(r for r in card.restrictions if r.code not in ("ship_is", "ship_class", "ship_faction"))
        fixed = tuple(dict.fromkeys((*kept, *wanted)))
        if fixed != card.restrictions:
            return replace(card, restrictions=fixed)
    if card.kind == SHIP and name == "mirror universe starship" and card.ship_class.lower().startswith("defiant"):
        return replace(card, cost=22)
    if card.kind == CAPTAIN and name == "kuvak" and "vulcan" not in card.factions:
        return replace(card, factions=(*card.factions, "vulcan"))
    return card


def apply_errata(catalog: Catalog) -> Catalog:
    """Return ``catalog`` with the errata applied in place; each change is listed in its warnings."""
    for card_id, card in list(catalog.cards.items()):
        fixed = _fix(card)
        if fixed != card:
            catalog.cards[card_id] = fixed
            catalog.warnings.append(f"card {card_id} ({card.name}): errata applied (seed 003, Errata)")
    return catalog
