"""How a violation names its ship and, for a card's own restriction, the card.

Shared by the families of checks, so one ship reads the same in every message
("Ship 2 (I.R.W. Valdore)").
"""

from __future__ import annotations

from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import CARD_RESTRICTION, Violation
from rules.attack_wing.index import CardFacts
from rules.translation import gettext as _


def ship_place(ship: ShipInFleet) -> str:
    return _("Ship %(number)d (%(name)s)") % {"number": ship.index + 1, "name": ship.name}


def restriction_broken(ship: ShipInFleet, facts: CardFacts, reason: str) -> Violation:
    message = _("%(card)s on %(ship)s: %(reason)s.") % {
        "card": facts.card.name,
        "ship": ship_place(ship),
        "reason": reason,
    }
    return Violation(CARD_RESTRICTION, message, ship.index, facts.card.id)
