"""Rules for one ship by its kind: a captain, squadrons, shuttlecraft, Officer Cards, a Flagship on a station.

Each looks at one ship alone; the engine runs them ship by ship.
"""

from __future__ import annotations

from rules.attack_wing.checks.wording import restriction_broken, ship_place
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import (
    MISSING_CAPTAIN,
    SHUTTLE_ADMIRAL,
    SHUTTLE_WEAPON_COST,
    SQUADRON_CARD_FORBIDDEN,
    Violation,
)
from rules.translation import gettext as _

ANTIMATTER_MINES = "antimatter mines"


SHUTTLE_WEAPON_MAX = 3  # Shuttlecraft rule 3


def captain(ship: ShipInFleet) -> list[Violation]:
    """Every ship needs a captain, except squadrons and ships whose card forbids one (Dreadnought)."""
    if ship.ship.card.squadron or ship.captain is not None or ship.ship.rules.no_captain:
        return []
    message = _("%(ship)s has no captain.") % {"ship": ship_place(ship)}
    return [Violation(MISSING_CAPTAIN, message, ship.index, ship.ship.card.id)]


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
                _("%(ship)s is a squadron and cannot take %(card)s: only [squadron] upgrades.")
                % {"ship": ship_place(ship), "card": facts.card.name},
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
                _("%(ship)s is a shuttlecraft and cannot have an admiral (%(card)s).")
                % {"ship": ship_place(ship), "card": ship.admiral.card.name},
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
                    _(
                        "%(ship)s is a shuttlecraft: %(card)s costs %(cost)d SP, "
                        "more than the %(limit)d SP a shuttlecraft weapon may cost."
                    )
                    % {"ship": ship_place(ship), "card": card.name, "cost": card.cost, "limit": SHUTTLE_WEAPON_MAX},
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
    reason = _(
        "an Officer Card is assigned to a [crew] Upgrade, at most 2 to each"
        " (this ship has %(crew)d [crew] and %(officers)d Officer Cards)"
    ) % {"crew": crew, "officers": len(placed)}
    return [restriction_broken(ship, extra, reason)]


def flagship_on_station(ship: ShipInFleet) -> list[Violation]:
    """A Station may not be designated as a Flagship (2016 FAQ, Space Stations & Stationary Platforms 5)."""
    key = ship.ship.ship_class_key
    if "station" not in key and "platform" not in key:
        return []
    return [
        restriction_broken(ship, f, _("a Station may not be designated as a Flagship (2016 FAQ, Space Stations 5)"))
        for f in ship.attached
        if f.card.upgrade_type == "flagship"
    ]
