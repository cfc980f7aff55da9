"""The Reinforcements Sideboard: the cards a player places on the resource before the event, and their prices.

Its card (Utopia R003, Space Dock 4003), point 1: "players select 1 of each of the following card types and places
them in the appropriate section on the Reinforcements Sideboard: 1 Captain Card, 1 [talent] Upgrade, 1 [crew]
Upgrade, 1 [tech] Upgrade and 1 [weapon] Upgrade. The total cost of these cards may not exceed 20 SP." The
resource's own cost (10 SP) is what the fleet pays; the cards are priced to be held to those 20 SP.

How a card is priced there (2016 FAQ, "Dominion War – Month 3 – Reinforcements Sideboard"; 2014 FAQ rulings 6-8
and 12): no faction penalty; an additional cost its text gives for a ship other than the one it names is paid
(the sideboard is no such ship: "Treat the Sideboard as a ship with a 'Universal' Faction", Deep Space 9 – Quark);
extra costs that depend on the captain of the ship it goes on are not applied (the sideboard has none) and are
said so; a Borg Upgrade may not be placed there.
"""

from __future__ import annotations

from rules.attack_wing.catalog import CAPTAIN, Card
from rules.attack_wing.costs import because
from rules.attack_wing.fleet import EXTRA_COST, ROLE_SIDEBOARD, CardCost
from rules.attack_wing.index import CardFacts
from rules.translation import gettext as _
from rules.translation import gettext_noop

SIDEBOARD_NAME = "reinforcements sideboard"
SIDEBOARD_LIMIT = 20
# the sections of the sideboard, one card each (its card, point 1)
SECTIONS = ("captain", "talent", "crew", "tech", "weapon")
# extra costs for a ship other than the one a card names: paid on the sideboard (2016 FAQ)
_SHIP_EXTRAS = ("extra_cost_unless_ship", "extra_cost_unless_ship_faction", "extra_cost_unless_ship_class")
_CAPTAIN_EXTRA = gettext_noop(
    "An extra cost that depends on the captain of the ship the card goes on; the sideboard has none."
)


def is_sideboard(facts: CardFacts) -> bool:
    """Whether a resource is the Reinforcements Sideboard (the same title in both databases)."""
    return " ".join(facts.card.name.lower().split()) == SIDEBOARD_NAME


def section(card: Card) -> str:
    """The section of the sideboard a card takes: ``captain`` or its upgrade type (``borg``, ``squadron``, …, which
    have no section)."""
    return "captain" if card.kind == CAPTAIN else card.upgrade_type or card.kind


def price_sideboard(cards: list[CardFacts]) -> tuple[CardCost, ...]:
    """Each card's cost on the sideboard: printed, plus the ship-based extra costs its text prints; no penalty."""
    lines = []
    for facts in cards:
        card = facts.card
        steps = tuple(
            because(
                card,
                "extra",
                rule.amount,
                EXTRA_COST,
                _("Printed extra cost: +%(amount)d SP.") % {"amount": rule.amount},
            )
            for rule in facts.rules.extras
            if rule.code in _SHIP_EXTRAS
        )
        unapplied = (_(_CAPTAIN_EXTRA),) if any(r.code not in _SHIP_EXTRAS for r in facts.rules.extras) else ()
        lines.append(
            CardCost(
                id=card.id,
                role=ROLE_SIDEBOARD,
                printed=card.cost,
                penalty=0,
                cost=card.cost + sum(s.amount for s in steps),
                name=card.name,
                adjustments=steps,
                unapplied=unapplied,
                placed=_("the sideboard's %(section)s section") % {"section": section(card)}
                if section(card) in SECTIONS
                else "",
            )
        )
    return tuple(lines)
