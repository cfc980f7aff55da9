"""What each card costs in a fleet: printed cost, reductions, faction penalty, extra costs.

Order (FAQ 2016, Fleet Captain: "Reduce the cost to 0 and then apply all penalties
(including faction penalty) and any additional cost printed on the card"):

1. printed cost minus every reduction that applies, never below 0 (seed 003, Additional
   Rules 35);
2. plus the faction penalty: +1 for a captain or upgrade, +3 for a face-up admiral, when
   the card shares no faction with its ship (Additional Rules 20; Admiral Cards: "Faction
   penalties are tripled"); a 0 SP captain pays none;
3. plus any extra cost printed on the card ("+5 SP if not equipped to a Xindi ship"),
   which is not a faction penalty (2014 FAQ, General Rulings 26).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.attack_wing.catalog import OTHER, Card, Restriction
from rules.attack_wing.fleet import ROLE_ADMIRAL, ROLE_CAPTAIN, ROLE_SHIP, ROLE_UPGRADE, CardCost
from rules.attack_wing.index import CardFacts
from rules.attack_wing.sources._build import normalize_class

CAPTAIN_PENALTY = 1
UPGRADE_PENALTY = 1
ADMIRAL_PENALTY = 3


@dataclass(slots=True)
class ShipInFleet:
    """A fleet entry with its cards looked up and its effective factions worked out."""

    index: int
    ship: CardFacts
    captain: CardFacts | None
    admiral: CardFacts | None  # face up only; a face-down admiral is the captain
    attached: list[CardFacts]  # upgrades and resource / officer / construction cards, in fleet order
    blind_booster: bool
    ship_factions: frozenset[str] = field(default_factory=frozenset)
    captain_factions: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        added_ship = {str(r.value) for f in self.attached for r in f.card.restrictions if r.code == "adds_ship_faction"}
        self.ship_factions = frozenset(self.ship.card.factions) | added_ship
        if self.captain is not None:
            added = {
                str(r.value) for f in self.attached for r in f.card.restrictions if r.code == "adds_captain_faction"
            }
            self.captain_factions = frozenset(self.captain.card.factions) | added

    @property
    def commanders(self) -> list[CardFacts]:
        return [f for f in (self.captain, self.admiral) if f is not None]

    @property
    def name(self) -> str:
        return self.ship.card.name


def fleet_discounts(ships: list[ShipInFleet]) -> dict[str, int]:
    """Reductions one card grants to every ship ("for all ships in your fleet"), by upgrade type."""
    totals: dict[str, int] = {}
    for ship in ships:
        for facts in (ship.ship, *ship.commanders, *ship.attached):
            for r in facts.card.restrictions:
                if r.code == "fleet_discount":
                    totals[str(r.value)] = totals.get(str(r.value), 0) + r.amount
    return totals


def cost_ship(ship: ShipInFleet, fleet_wide: dict[str, int]) -> tuple[CardCost, ...]:
    """Every card on ``ship`` priced, the ship card first."""
    sources = (ship.ship, *ship.commanders, *ship.attached)
    discounts = dict(fleet_wide)
    for facts in sources:
        for r in facts.card.restrictions:
            if r.code == "discount":
                discounts[str(r.value)] = discounts.get(str(r.value), 0) + r.amount
    upgrades_exempt = any("upgrades_no_faction_penalty" in f.codes for f in ship.commanders)
    costs = [_ship_cost(ship)]
    if ship.captain is not None:
        card = ship.captain.card
        penalty = 0 if card.cost == 0 else _penalty(card, ship.captain_factions, ship, CAPTAIN_PENALTY)
        costs.append(_priced(card, ROLE_CAPTAIN, 0, penalty, ship))
    if ship.admiral is not None:
        card = ship.admiral.card
        costs.append(
            _priced(card, ROLE_ADMIRAL, 0, _penalty(card, frozenset(card.factions), ship, ADMIRAL_PENALTY), ship)
        )
    for facts in ship.attached:
        card = facts.card
        reduction = discounts.get(card.upgrade_type, 0) + discounts.get("*", 0) if facts.slot_type else 0
        exempt = card.kind == OTHER or upgrades_exempt
        penalty = 0 if exempt else _penalty(card, frozenset(card.factions), ship, UPGRADE_PENALTY)
        costs.append(_priced(card, ROLE_UPGRADE, reduction, penalty, ship))
    return tuple(costs)


def _ship_cost(ship: ShipInFleet) -> CardCost:
    """The ship card: reduced by the best ship discount on it (the Borg Support Vehicle Token)."""
    card = ship.ship.card
    best = 0
    for facts in ship.attached:
        for r in facts.card.restrictions:
            if r.code == "ship_discount" and (
                r.value is None or normalize_class(str(r.value)) == ship.ship.ship_class_key
            ):
                best = max(best, r.amount)
    return CardCost(card.id, ROLE_SHIP, card.cost, 0, max(0, card.cost - best))


def _penalty(card: Card, factions: frozenset[str], ship: ShipInFleet, amount: int) -> int:
    if not factions or factions & ship.ship_factions:
        return 0
    for r in card.restrictions:
        if r.code == "no_faction_penalty" or (r.code == "no_faction_penalty_on" and r.value in ship.ship_factions):
            return 0
    return amount


def _extra_cost_applies(r: Restriction, ship: ShipInFleet) -> bool:
    if r.code == "extra_cost_unless_ship_faction":
        return r.value not in ship.ship_factions
    if r.code == "extra_cost_unless_ship_class":
        return normalize_class(str(r.value)) != ship.ship.ship_class_key
    return False


def _priced(card: Card, role: str, reduction: int, penalty: int, ship: ShipInFleet) -> CardCost:
    extra = sum(r.amount for r in card.restrictions if _extra_cost_applies(r, ship))
    return CardCost(card.id, role, card.cost, penalty, max(0, card.cost - reduction) + penalty + extra)
