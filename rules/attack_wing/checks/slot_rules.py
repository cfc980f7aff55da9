"""Upgrades need a slot of their type: the ship's bar plus what its captain, admiral and cards add.

Where each card sits is decided once, with its price, by :mod:`rules.attack_wing.placement` (a ship is legal if
any placement of its cards is); this check reports the cards the placement taken leaves without a slot.
"""

from __future__ import annotations

from rules.attack_wing.checks.wording import ship_place
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import SLOT_OVERFLOW, Violation
from rules.attack_wing.index import CardFacts
from rules.attack_wing.placement import Placement, slotted_positions
from rules.translation import gettext as _


def slots(ship: ShipInFleet, placement: Placement) -> list[Violation]:
    """A ``SLOT_OVERFLOW`` for each type of which ``placement`` leaves cards without a slot."""
    if placement.legal:
        return []
    needed: dict[str | None, list[CardFacts]] = {}
    for index in slotted_positions(ship):
        facts = ship.attached[index]
        needed.setdefault(facts.slot_type, []).append(facts)
    missing: dict[str | None, int] = {}
    for index in placement.unplaced:
        kind = ship.attached[index].slot_type
        missing[kind] = missing.get(kind, 0) + 1
    found = []
    for slot_type, count in sorted(missing.items()):
        have = len(needed[slot_type])
        extra_card = needed[slot_type][-1].card
        found.append(
            Violation(
                SLOT_OVERFLOW,
                _("%(ship)s has %(have)d [%(slot)s] upgrades but room for %(room)d; %(card)s does not fit.")
                % {
                    "ship": ship_place(ship),
                    "have": have,
                    "slot": slot_type,
                    "room": have - count,
                    "card": extra_card.name,
                },
                ship.index,
                extra_card.id,
            )
        )
    return found


def slotted(ship: ShipInFleet) -> list[CardFacts]:
    """The ship's Upgrades that need a slot (``placement.slotted_positions``)."""
    return [ship.attached[index] for index in slotted_positions(ship)]
