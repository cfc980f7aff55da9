"""Upgrades need a slot of their type: the ship's bar plus what its captain, admiral and cards add.

Kept on its own because choice slots ("[tech] or [weapon]") make it a matching problem
(:func:`_place`), unlike the other checks.
"""

from __future__ import annotations

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN
from rules.attack_wing.checks.wording import ship_place
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import SLOT_OVERFLOW, Violation
from rules.attack_wing.index import CardFacts


def slots(ship: ShipInFleet, *, staff: str | None = None, free_talent: bool = False) -> list[Violation]:
    """Upgrades need a slot of their type: the ship's bar plus what its captain, admiral and cards add.

    With Senior Staff (``staff``, the resource's id) each [crew] Upgrade may field one more [talent]
    ("1 additional [talent] Upgrade for every [crew] Upgrade assigned to it"); the [talent] slot its own
    card on the ship shows is that same allowance, not one more. A Fleet Captain whose captain takes a
    free [talent] instead (``free_talent``, R010 point 5) gives no bonus [talent] slot.
    """
    fixed: dict[str, int] = {}
    flexible: list[frozenset[str]] = []
    granted = [*ship.ship.card.slots, *ship.ship.card.grants_slots]  # Sakharov's additional [crew] or [tech]
    if staff:
        granted.extend(["talent"] * sum(1 for f in ship.attached if f.slot_type == "crew"))
    free_talent = free_talent and ship.captain is not None and ship.captain.card.talent_slots > 0
    for facts in (*ship.commanders, *ship.attached):
        grants = list(facts.card.grants_slots)
        if staff and facts.requires_resource == staff and "talent" in grants:
            grants.remove("talent")  # the crew's allowance above, shown on Senior Staff's card
        if free_talent and facts.card.upgrade_type == "fleet-captain" and "talent" in grants:
            grants.remove("talent")  # forgone for the captain's free [talent] (R010 point 5)
        granted.extend(grants)
        if facts.card.kind in (CAPTAIN, ADMIRAL):
            granted.extend(["talent"] * facts.card.talent_slots)
    for slot in granted:
        if "|" in slot:
            flexible.append(frozenset(slot.split("|")))
        else:
            fixed[slot] = fixed.get(slot, 0) + 1
    needed: dict[str, list[CardFacts]] = {}
    for facts in slotted(ship):
        needed.setdefault(facts.slot_type, []).append(facts)
    overflow = {t: max(0, len(cards) - fixed.get(t, 0)) for t, cards in needed.items()}
    unplaced = _place(overflow, flexible)
    found = []
    for slot_type, missing in unplaced.items():
        have = len(needed[slot_type])
        extra_card = needed[slot_type][-1].card
        found.append(
            Violation(
                SLOT_OVERFLOW,
                f"{ship_place(ship)} has {have} [{slot_type}] upgrades but room for {have - missing}; "
                f"{extra_card.name} does not fit.",
                ship.index,
                extra_card.id,
            )
        )
    return found


def slotted(ship: ShipInFleet) -> list[CardFacts]:
    """The ship's Upgrades that need a slot. A card another card of the ship names takes a place of its own: "Lovok
    may field the "Tal Shiar" [talent] Upgrade", "You may equip the 'Transporter Room' [tech] Upgrade to this ship
    without requiring an Upgrade Slot" (``frees_slot``, one card each); Porthos needs none on a ship with a card
    named Jonathan Archer (``no_slot_with``)."""
    cards = (ship.ship, *ship.commanders, *ship.attached)
    freed = [str(r.value) for facts in cards for r in facts.card.restrictions if r.code == "frees_slot"]
    names = {facts.rules.name_key for facts in cards}
    needing = []
    for facts in ship.attached:
        if not facts.slot_type:
            continue
        if facts.rules.name_key in freed:
            freed.remove(facts.rules.name_key)
            continue
        if any(r.code == "no_slot_with" and str(r.value) in names for r in facts.card.restrictions):
            continue
        needing.append(facts)
    return needing


def _place(overflow: dict[str, int], flexible: list[frozenset[str]]) -> dict[str, int]:
    """Fit the overflowing upgrades into choice slots ("[tech] or [weapon]"), by augmenting paths."""
    demands = [t for t in sorted(overflow) for _ in range(overflow[t])]
    owner: list[int | None] = [None] * len(flexible)

    def assign(demand: int, visited: set[int]) -> bool:
        for slot, types in enumerate(flexible):
            if demands[demand] in types and slot not in visited:
                visited.add(slot)
                if owner[slot] is None or assign(owner[slot], visited):
                    owner[slot] = demand
                    return True
        return False

    unplaced: dict[str, int] = {}
    for demand, slot_type in enumerate(demands):
        if not assign(demand, set()):
            unplaced[slot_type] = unplaced.get(slot_type, 0) + 1
    return unplaced
