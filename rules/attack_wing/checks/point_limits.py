"""SP limits: the fleet's (with a Blind Booster's separate budget) and each ship's (Suggested format)."""

from __future__ import annotations

from rules.attack_wing.checks.wording import ship_place
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import BLIND_BOOSTER_OVER_LIMIT, FLEET_OVER_LIMIT, SHIP_OVER_LIMIT, CardCost, Violation
from rules.attack_wing.formats import HEAVY_UPGRADE_TYPES, Format
from rules.translation import gettext as _


def fleet_points(fmt: Format, ships: list[ShipInFleet], costs: list[int], resources_total: int) -> list[Violation]:
    """Fleet limit, and with a Blind Booster its two separate budgets (Suggested format, bullet 6)."""
    booster = sum(c for s, c in zip(ships, costs, strict=True) if s.blind_booster)
    rest = sum(costs) - booster + resources_total
    found = []
    if any(s.blind_booster for s in ships):
        own_limit = fmt.fleet_limit - fmt.blind_booster_points
        if booster > fmt.blind_booster_points:
            found.append(
                Violation(
                    BLIND_BOOSTER_OVER_LIMIT,
                    _("The Blind Booster ships cost %(cost)d SP; the Blind Booster may use %(limit)d.")
                    % {"cost": booster, "limit": fmt.blind_booster_points},
                )
            )
        if rest > own_limit:
            found.append(
                Violation(
                    FLEET_OVER_LIMIT,
                    _(
                        "The fleet outside the Blind Booster costs %(cost)d SP; %(left)d SP are left after the "
                        "%(reserve)d SP reserved for the Blind Booster."
                    )
                    % {"cost": rest, "left": own_limit, "reserve": fmt.blind_booster_points},
                )
            )
    elif rest > fmt.fleet_limit:
        message = _("The fleet costs %(cost)d SP; the limit is %(limit)d.") % {"cost": rest, "limit": fmt.fleet_limit}
        found.append(Violation(FLEET_OVER_LIMIT, message))
    return found


def ship_points(fmt: Format, ship: ShipInFleet, cards: tuple[CardCost, ...]) -> list[Violation]:
    """The per-ship cap, with the 43+ base cost exception (Suggested format, bullets 3 and 5)."""
    if fmt.ship_limit is None:
        return []
    total = sum(c.cost for c in cards)
    if total <= fmt.ship_limit:
        return []
    base = ship.ship.card.cost
    if fmt.heavy_ship_base is not None and base >= fmt.heavy_ship_base:
        commanders_points = sum(c.cost for c in cards[1 : 1 + len(ship.commanders)])
        attached_costs = cards[1 + len(ship.commanders) :]
        attached = (*ship.attached, *(card for card, _host in ship.beneath))
        heavy_points = sum(
            c.cost for c, f in zip(attached_costs, attached, strict=True) if f.slot_type in HEAVY_UPGRADE_TYPES
        )
        if heavy_points <= fmt.heavy_ship_allowance and total - commanders_points - heavy_points <= fmt.ship_limit:
            return []
        return [
            Violation(
                SHIP_OVER_LIMIT,
                _(
                    "%(ship)s costs %(cost)d SP, over the %(limit)d SP per ship; its base cost %(base)d "
                    "allows exceeding that only with at most %(allowance)d SP of %(types)s upgrades (it has %(heavy)d)."
                )
                % {
                    "ship": ship_place(ship),
                    "cost": total,
                    "limit": fmt.ship_limit,
                    "base": base,
                    "allowance": fmt.heavy_ship_allowance,
                    "types": "/".join(HEAVY_UPGRADE_TYPES),
                    "heavy": heavy_points,
                },
                ship.index,
            )
        ]
    return [
        Violation(
            SHIP_OVER_LIMIT,
            _("%(ship)s costs %(cost)d SP; the limit is %(limit)d per ship.")
            % {"ship": ship_place(ship), "cost": total, "limit": fmt.ship_limit},
            ship.index,
        )
    ]
