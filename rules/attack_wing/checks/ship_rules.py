"""Rules for one ship by its kind: a captain, squadrons, shuttlecraft, Officer Cards, a Flagship on a station.

Each looks at one ship alone; the engine runs them ship by ship.
"""

from __future__ import annotations

from rules.attack_wing.checks.wording import _restricted, _where
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import (
    MISSING_CAPTAIN,
    SHUTTLE_ADMIRAL,
    SHUTTLE_WEAPON_COST,
    SQUADRON_CARD_FORBIDDEN,
    Violation,
)

ANTIMATTER_MINES = "antimatter mines"


SHUTTLE_WEAPON_MAX = 3  # Shuttlecraft rule 3


def captain(ship: ShipInFleet) -> list[Violation]:
    """Every ship needs a captain, except squadrons and ships whose card forbids one (Dreadnought)."""
    if ship.ship.card.squadron or ship.captain is not None or ship.ship.rules.no_captain:
        return []
    return [Violation(MISSING_CAPTAIN, f"{_where(ship)} has no captain.", ship.index, ship.ship.card.id)]


def squadron(ship: ShipInFleet) -> list[Violation]:
    """Attack Squadrons rule 2: only [squadron] upgrades; no captain, admiral or resource."""
    if not ship.ship.card.squadron:
        return []
    found = []
    for facts in (*ship.commanders, *ship.attached):
        if facts.slot_type == "squadron":
            continue
        found.append(
            Violation(
                SQUADRON_CARD_FORBIDDEN,
                f"{_where(ship)} is a squadron and cannot take {facts.card.name}: only [squadron] upgrades.",
                ship.index,
                facts.card.id,
            )
        )
    return found


def shuttle(ship: ShipInFleet) -> list[Violation]:
    """Shuttlecraft rules 3 and 5."""
    if not ship.ship.shuttle:
        return []
    found = []
    if ship.admiral is not None:
        found.append(
            Violation(
                SHUTTLE_ADMIRAL,
                f"{_where(ship)} is a shuttlecraft and cannot have an admiral ({ship.admiral.card.name}).",
                ship.index,
                ship.admiral.card.id,
            )
        )
    for facts in ship.attached:
        card = facts.card
        if card.upgrade_type == "weapon" and card.cost > SHUTTLE_WEAPON_MAX and facts.name_key != ANTIMATTER_MINES:
            found.append(
                Violation(
                    SHUTTLE_WEAPON_COST,
                    f"{_where(ship)} is a shuttlecraft: {card.name} costs {card.cost} SP, "
                    f"more than the {SHUTTLE_WEAPON_MAX} SP a shuttlecraft weapon may cost.",
                    ship.index,
                    card.id,
                )
            )
    return found


OFFICERS_PER_CREW = 2  # Officer Cards resource, point 2


def officers(ship: ShipInFleet) -> list[Violation]:
    """Officer Cards (their resource, point 2) are assigned to [crew] Upgrades, at most 2 to each."""
    placed = [f for f in ship.attached if f.card.upgrade_type == "officer"]
    if not placed:
        return []
    crew = sum(1 for f in ship.attached if f.slot_type == "crew")
    if len(placed) <= OFFICERS_PER_CREW * crew:
        return []
    extra = placed[OFFICERS_PER_CREW * crew]
    reason = (
        "an Officer Card is assigned to a [crew] Upgrade, at most 2 to each"
        f" (this ship has {crew} [crew] and {len(placed)} Officer Cards)"
    )
    return [_restricted(ship, extra, reason)]


def flagship_on_station(ship: ShipInFleet) -> list[Violation]:
    """A Station may not be designated as a Flagship (2016 FAQ, Space Stations & Stationary Platforms 5)."""
    key = ship.ship.ship_class_key
    if "station" not in key and "platform" not in key:
        return []
    return [
        _restricted(ship, f, "a Station may not be designated as a Flagship (2016 FAQ, Space Stations 5)")
        for f in ship.attached
        if f.card.upgrade_type == "flagship"
    ]
