"""How a violation names its ship and, for a card's own restriction, the card.

Shared by the families of checks, so one ship reads the same in every message
("Ship 2 (I.R.W. Valdore)").
"""

from __future__ import annotations

from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import CARD_RESTRICTION, Violation
from rules.attack_wing.index import CardFacts


def _where(ship: ShipInFleet) -> str:
    return f"Ship {ship.index + 1} ({ship.name})"


def _restricted(ship: ShipInFleet, facts: CardFacts, reason: str) -> Violation:
    return Violation(CARD_RESTRICTION, f"{facts.card.name} on {_where(ship)}: {reason}.", ship.index, facts.card.id)
