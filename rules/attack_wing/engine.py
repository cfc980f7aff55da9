"""Validate a fleet: price every card, then run every construction rule.

``validate_fleet(fleet, catalog, fmt, on)`` never raises for an illegal fleet; it
reports violations. It raises :class:`FleetInputError` only for input it cannot
judge (an unknown card id, a card in a role it cannot take).
"""

from __future__ import annotations

from datetime import date

import rules.attack_wing.checks as checks
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, Catalog
from rules.attack_wing.costs import ShipInFleet, cost_ship, fleet_discounts
from rules.attack_wing.fleet import (
    UNKNOWN_CARD,
    WRONG_ROLE,
    Fleet,
    FleetInputError,
    Report,
    ResourceCost,
    ShipReport,
)
from rules.attack_wing.formats import Format, get_format
from rules.attack_wing.index import CardFacts, CatalogIndex, index_for

# Which card kinds may fill each place in a fleet.
_ROLE_KINDS = {
    "ship": (SHIP,),
    "captain": (CAPTAIN, ADMIRAL),  # an admiral as captain is played face down
    "admiral": (ADMIRAL,),
    "upgrade": (UPGRADE, OTHER),
    "resource": (RESOURCE,),
}


def lookup(index: CatalogIndex, card_id: str, role: str, where: str) -> CardFacts:
    """The card for ``card_id`` if it can take ``role``; else :class:`FleetInputError`."""
    facts = index.fact(card_id)
    if facts is None:
        raise FleetInputError(UNKNOWN_CARD, f"{where}: unknown card id {card_id!r}")
    kind = facts.card.kind
    if kind not in _ROLE_KINDS[role]:
        article = "an" if kind[0] in "aeiou" else "a"
        raise FleetInputError(
            WRONG_ROLE, f"{where}: {card_id} ({facts.card.name}) is {article} {kind} card and cannot be the {role}"
        )
    return facts


def resolve(fleet: Fleet, index: CatalogIndex) -> tuple[list[ShipInFleet], list[CardFacts]]:
    ships = []
    for position, entry in enumerate(fleet.ships):
        where = f"ship {position + 1}"
        ships.append(
            ShipInFleet(
                index=position,
                ship=lookup(index, entry.ship, "ship", where),
                captain=lookup(index, entry.captain, "captain", where) if entry.captain else None,
                admiral=lookup(index, entry.admiral, "admiral", where) if entry.admiral else None,
                attached=[lookup(index, card_id, "upgrade", where) for card_id in entry.upgrades],
                blind_booster=entry.blind_booster,
            )
        )
    chosen = [lookup(index, card_id, "resource", "resources") for card_id in fleet.resources]
    return ships, chosen


def validate_fleet(fleet: Fleet, catalog: Catalog, fmt: Format | str, on: date | None = None) -> Report:
    """Price ``fleet`` and list its violations of ``fmt`` on the event date ``on``.

    Without a date, resource retirement is not checked.
    """
    fmt = get_format(fmt) if isinstance(fmt, str) else fmt
    index = index_for(catalog)
    ships, chosen = resolve(fleet, index)
    fleet_wide = fleet_discounts(ships)
    priced = [cost_ship(ship, fleet_wide) for ship in ships]
    ship_costs = [sum(c.cost for c in cards) for cards in priced]
    resource_costs = _resource_costs(chosen, ships, priced)
    chosen_ids = frozenset(f.card.id for f in chosen)

    violations = [
        *checks.fleet_points(fmt, ships, ship_costs, sum(r.cost for r in resource_costs)),
        *checks.ship_count(fmt, ships),
        *checks.oversized(fmt, ships),
        *checks.resources(fmt, chosen, on, index),
        *checks.uniques(ships, chosen),
        *checks.admirals(fmt, ships),
        *checks.capital_ships(ships),
        *checks.blind_booster(fmt, ships, index),
    ]
    for ship, cards in zip(ships, priced, strict=True):
        violations.extend(checks.ship_points(fmt, ship, cards))
        violations.extend(checks.captain(ship))
        violations.extend(checks.squadron(ship))
        violations.extend(checks.shuttle(ship))
        violations.extend(checks.slots(ship))
        violations.extend(checks.card_restrictions(ship, chosen_ids))

    return Report(
        format=fmt.key,
        limit=fmt.fleet_limit,
        total=sum(ship_costs) + sum(r.cost for r in resource_costs),
        ships=tuple(
            ShipReport(index=s.index, ship=s.ship.card.id, name=s.name, cost=cost, cards=cards)
            for s, cost, cards in zip(ships, ship_costs, priced, strict=True)
        ),
        resources=tuple(resource_costs),
        violations=tuple(violations),
    )


def _resource_costs(chosen: list[CardFacts], ships: list[ShipInFleet], priced: list) -> list[ResourceCost]:
    """A resource is paid once: what its own cards on ships already cost comes off the resource line.

    Fleet Captain (5 SP) and its chosen Fleet Captain card (5 SP), or the Flagship and its
    flagship card, are one purchase; the card's cost sits on the ship it is assigned to
    (it counts toward that ship's 50 SP) and the resource line keeps the rest, never below 0.
    """
    on_ships: dict[str, int] = {}
    for ship, cards in zip(ships, priced, strict=True):
        for facts, cost in zip(ship.attached, cards[-len(ship.attached) :] if ship.attached else (), strict=True):
            if facts.requires_resource:
                on_ships[facts.requires_resource] = on_ships.get(facts.requires_resource, 0) + cost.cost
    return [ResourceCost(f.card.id, max(0, f.card.cost - on_ships.get(f.card.id, 0))) for f in chosen]
