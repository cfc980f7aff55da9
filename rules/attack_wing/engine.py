"""Validate a fleet: price every card, then run every construction rule.

``validate_fleet(fleet, catalog, fmt, on)`` never raises for an illegal fleet; it
reports violations. It raises :class:`FleetInputError` only for input it cannot
judge (an unknown card id, a card in a role it cannot take).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TypeVar

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, Card, Catalog
from rules.attack_wing.checks import (
    beneath_rules,
    card_rules,
    fleet_rules,
    point_limits,
    resource_rules,
    ship_rules,
    sideboard_rules,
    slot_rules,
)
from rules.attack_wing.costs import (
    OfficerExchange,
    SeatReduction,
    ShipInFleet,
    because,
    cost_beneath,
    cost_ship,
    fleet_discounts,
)
from rules.attack_wing.coverage import setup_sentences
from rules.attack_wing.fleet import (
    COMPUTED,
    FLOOR,
    RESOURCE_SHARE,
    UNKNOWN_CARD,
    WRONG_ROLE,
    Adjustment,
    BarSlot,
    CardCost,
    Fleet,
    FleetInputError,
    FleetShip,
    Report,
    ResourceCost,
    ShipReport,
)
from rules.attack_wing.formats import Format, get_format
from rules.attack_wing.index import CardFacts, CatalogIndex, index_for
from rules.attack_wing.placement import Placement, place_ship
from rules.attack_wing.sideboard import price_sideboard
from rules.translation import gettext as _
from rules.translation import gettext_noop, ngettext

# Which card kinds may fill each place in a fleet.
_ROLE_KINDS = {
    "ship": (SHIP,),
    "captain": (CAPTAIN, ADMIRAL),  # an admiral as captain is played face down
    "admiral": (ADMIRAL,),
    "upgrade": (UPGRADE, OTHER),
    "resource": (RESOURCE,),
    "sideboard card": (CAPTAIN, UPGRADE, OTHER),  # which of them the sideboard takes is a rule (sideboard_rules)
}

# The words of a refusal for a card in a role it cannot take: the card's kind, the role it was put in.
_KIND_WORDS = {
    SHIP: gettext_noop("a ship card"),
    CAPTAIN: gettext_noop("a captain card"),
    ADMIRAL: gettext_noop("an admiral card"),
    UPGRADE: gettext_noop("an upgrade card"),
    RESOURCE: gettext_noop("a resource card"),
    OTHER: gettext_noop("an other card"),
}
_ROLE_WORDS = {
    "ship": gettext_noop("the ship"),
    "captain": gettext_noop("the captain"),
    "admiral": gettext_noop("the admiral"),
    "upgrade": gettext_noop("the upgrade"),
    "resource": gettext_noop("the resource"),
    "sideboard card": gettext_noop("the sideboard card"),
}


def lookup(index: CatalogIndex, card_id: str, role: str, where: str) -> CardFacts:
    """The card for ``card_id`` if it can take ``role``; else :class:`FleetInputError`."""
    facts = index.fact(card_id)
    if facts is None:
        raise FleetInputError(UNKNOWN_CARD, _("%(where)s: unknown card id %(id)r") % {"where": where, "id": card_id})
    kind = facts.card.kind
    if kind not in _ROLE_KINDS[role]:
        article = "an" if kind[0] in "aeiou" else "a"
        kind_words = _(_KIND_WORDS[kind]) if kind in _KIND_WORDS else f"{article} {kind} card"
        message = _("%(where)s: %(id)s (%(name)s) is %(kind)s and cannot be %(role)s") % {
            "where": where,
            "id": card_id,
            "name": facts.card.name,
            "kind": kind_words,
            "role": _(_ROLE_WORDS[role]),
        }
        raise FleetInputError(WRONG_ROLE, message)
    return facts


def resolve_sideboard(fleet: Fleet, index: CatalogIndex) -> list[CardFacts]:
    """The cards on the fleet's Reinforcements Sideboard, looked up."""
    return [lookup(index, card_id, "sideboard card", _("sideboard")) for card_id in fleet.sideboard]


def resolve(fleet: Fleet, index: CatalogIndex) -> tuple[list[ShipInFleet], list[CardFacts]]:
    ships = []
    for position, entry in enumerate(fleet.ships):
        where = _("ship %(number)d") % {"number": position + 1}
        ships.append(
            ShipInFleet(
                index=position,
                ship=lookup(index, entry.ship, "ship", where),
                captain=lookup(index, entry.captain, "captain", where) if entry.captain else None,
                admiral=lookup(index, entry.admiral, "admiral", where) if entry.admiral else None,
                attached=[lookup(index, card_id, "upgrade", where) for card_id in entry.upgrades],
                blind_booster=entry.blind_booster,
                beneath=[
                    (
                        lookup(
                            index, card_id, "upgrade", _("%(where)s, beneath %(host)s") % {"where": where, "host": host}
                        ),
                        _host(index, entry, host, where),
                    )
                    for host, card_id in entry.beneath
                ],
            )
        )
    chosen = [lookup(index, card_id, "resource", _("resources")) for card_id in fleet.resources]
    return ships, chosen


def _host(index: CatalogIndex, entry: FleetShip, host: str, where: str) -> CardFacts:
    """The card of the ship a card is placed beneath: its captain, admiral or one of its Upgrades."""
    if host not in (entry.captain, entry.admiral, *entry.upgrades):
        message = _("%(where)s: cards are placed beneath %(host)s, which is not on this ship")
        raise FleetInputError(WRONG_ROLE, message % {"where": where, "host": host})
    facts = index.fact(host)
    assert facts is not None  # the ship's own cards are resolved before what lies beneath them
    return facts


def validate_fleet(
    fleet: Fleet,
    catalog: Catalog,
    fmt: Format | str,
    on: date | None = None,
    banned: frozenset[str] | set[str] | None = None,
) -> Report:
    """Price ``fleet`` and list its violations of ``fmt`` on the event date ``on``.

    Without a date, resource retirement is not checked. ``banned`` adds resource ids or names
    the venue bans (Resources rule 2) to the format's own ``banned_resources``.
    """
    fmt = get_format(fmt) if isinstance(fmt, str) else fmt
    index = index_for(catalog)
    ships, chosen = resolve(fleet, index)
    sideboard = resolve_sideboard(fleet, index)
    sideboard_lines = tuple(_with_unapplied(line, index) for line in price_sideboard(sideboard))
    fleet_wide = fleet_discounts(ships)
    exchange, free_talent = _choices(fleet, chosen)
    staff = _senior_staff(chosen)
    placements, priced = [], []
    for ship in ships:

        def price(seated: tuple[SeatReduction, ...], ship: ShipInFleet = ship) -> tuple[CardCost, ...]:
            return cost_ship(ship, fleet_wide, exchange, seated)

        placement, cards = place_ship(
            ship,
            price,
            staff=staff.card.id if staff else None,
            free_talent=free_talent,
        )
        placements.append(placement)
        priced.append(cards)
    extra_talents = [extra_talents_fielded(ship, staff.card.id) if staff else 0 for ship in ships]
    if staff:
        priced = [
            _staff_on_ship(ship, cards, staff, n) for ship, cards, n in zip(ships, priced, extra_talents, strict=True)
        ]
    if chosen:
        priced = [_purchase_on_ship(ship, cards, chosen) for ship, cards in zip(ships, priced, strict=True)]
    resource_costs = [_with_unapplied(r, index) for r in _resource_costs(chosen, ships, priced, sum(extra_talents))]
    under = [cost_beneath(ship, exchange) for ship in ships]
    priced = [
        tuple(_with_unapplied(c, index, ship) for c in (*cards, *beneath))
        for ship, cards, beneath in zip(ships, priced, under, strict=True)
    ]
    ship_costs = [sum(c.cost for c in cards) for cards in priced]
    chosen_ids = frozenset(f.card.id for f in chosen)

    violations = [
        *point_limits.fleet_points(fmt, ships, ship_costs, sum(r.cost for r in resource_costs)),
        *fleet_rules.ship_count(fmt, ships),
        *fleet_rules.oversized(fmt, ships),
        *resource_rules.resources(fmt, [*chosen, *_squadron_resources(ships, index)], on, index),
        *resource_rules.banned_resources(fmt, chosen, banned),
        *resource_rules.no_ship_takes(chosen, ships),
        *fleet_rules.uniques(ships, [*chosen, *sideboard]),
        *fleet_rules.not_with(ships, chosen),
        *fleet_rules.admirals(fmt, ships),
        *fleet_rules.capital_ships(ships),
        *fleet_rules.blind_booster(fmt, ships, index),
        *sideboard_rules.sideboard(sideboard, sideboard_lines, chosen),
    ]
    for ship, cards, beneath, placement in zip(ships, priced, under, placements, strict=True):
        violations.extend(point_limits.ship_points(fmt, ship, cards))
        violations.extend(beneath_rules.beneath(ship, beneath))
        violations.extend(ship_rules.captain(ship))
        violations.extend(ship_rules.squadron(ship))
        violations.extend(ship_rules.shuttle(ship))
        violations.extend(ship_rules.officers(ship))
        violations.extend(ship_rules.flagship_on_station(ship))
        violations.extend(slot_rules.slots(ship, placement))
        violations.extend(card_rules.card_restrictions(ship, chosen_ids))

    return Report(
        format=fmt.key,
        limit=fmt.fleet_limit,
        total=sum(ship_costs) + sum(r.cost for r in resource_costs),
        ships=tuple(
            ShipReport(index=s.index, ship=s.ship.card.id, name=s.name, cost=cost, cards=cards, bar=_bar(s, placement))
            for s, cost, cards, placement in zip(ships, ship_costs, priced, placements, strict=True)
        ),
        resources=tuple(resource_costs),
        violations=tuple(violations),
        sideboard=sideboard_lines,
    )


def _bar(ship: ShipInFleet, placement: Placement) -> tuple[BarSlot, ...]:
    """The ship's whole Upgrade Bar as ``placement`` fills it: where the builder offers the slots still free."""
    filled = dict(placement.filled)
    return tuple(
        BarSlot(
            types=tuple(sorted(slot.types)),
            source=slot.source.card.id if slot.source is not None else "",
            source_name=slot.source.card.name if slot.source is not None else "",
            holds=ship.attached[filled[i]].card.id if i in filled else "",
        )
        for i, slot in enumerate(placement.bar)
    )


# a priced line keeps its kind when its unapplied sentences are added
_Line = TypeVar("_Line", CardCost, ResourceCost)


def _with_unapplied(line: _Line, index: CatalogIndex, ship: ShipInFleet | None = None) -> _Line:
    """The card's line with the sentences of its text the engine does not apply (on ``ship``, for a card
    on one), so no report is silent on them."""
    facts = index.fact(line.id)
    assert facts is not None  # a priced line's card is in the catalog
    unapplied = line.unapplied + index.unapplied(facts.card)
    if ship is not None:
        unapplied += card_rules.dial_unjudged(ship, facts) + _nothing_beneath(ship, facts)
    return replace(line, unapplied=unapplied) if unapplied else line


def _nothing_beneath(ship: ShipInFleet, facts: CardFacts) -> tuple[str, ...]:
    """A card whose text places Upgrades face down beneath it, with none beneath it in the fleet: the fleet does
    not say which, so every report repeats the sentence for a judge to check by hand. Shinzon's cards beside him
    are a purchase the player may forgo: none is a choice, not a gap."""
    if not beneath_rules.must_place(facts.card) or any(h is facts for _card, h in ship.beneath):
        return ()
    return setup_sentences(facts.card)


def _squadron_resources(ships: list[ShipInFleet], index: CatalogIndex) -> list[CardFacts]:
    """The Hideki Class / Federation Attack Fighter squadrons count as the fleet's one resource (their
    resource cards: "This counts as their one resource for the tournament"), for the count and retirement."""
    found = []
    for ship in ships:
        if "counts_as_resource" not in ship.ship.codes:
            continue
        for r in ship.ship.card.restrictions:
            if r.code == "counts_as_resource" and (facts := index.fact(str(r.value))) is not None:
                found.append(facts)
    return found


def _choices(fleet: Fleet, chosen: list[CardFacts]) -> tuple[OfficerExchange | None, bool | None]:
    """The Officer Exchange Program's two factions (and its card) and the Fleet Captain's free-talent choice, if the
    fleet states it (None: the placement makes the choice a player would)."""
    exchange = None
    free_talent = None
    for facts in chosen:
        option = fleet.option(facts.card.id)
        if option is None:
            continue
        if option.factions and "resource_option" in facts.codes:
            exchange = OfficerExchange(frozenset(option.factions), facts.card)
        if option.free_talent is not None:
            free_talent = option.free_talent
    return exchange, free_talent


def computed_resource_cost(card: Card, ships: list[ShipInFleet], extra_talents: int = 0) -> int:
    """What a resource costs in this fleet: its printed cost, or the cost its text computes.

    - Emergency Force Field: the fleet's starting Shield Values added up, halved, rounded up;
    - Improved Hull: the same with Hull Values;
    - Main Power Grid: "3 SP plus 2 SP for each Hull Value greater than 3" — read as 2 SP for
      each ship of the fleet whose Hull Value is greater than 3 (docs/attack-wing-rules.md);
    - Senior Staff: 1 SP for each additional [talent] it lets the fleet field.
    """
    for r in card.restrictions:
        if r.code != "resource_cost":
            continue
        rule = str(r.value)
        if rule == "half_total_shields":
            return -(-sum(_starting(s, "shields") for s in ships) // 2)
        if rule == "half_total_hull":
            return -(-sum(_starting(s, "hull") for s in ships) // 2)
        if rule.startswith("ships_hull_over:"):
            _code, threshold, base = rule.split(":")
            return int(base) + r.amount * sum(1 for s in ships if s.hull > int(threshold))
        if rule == "extra_talents":
            return r.amount * extra_talents
    return card.cost


def _starting(ship: ShipInFleet, stat: str) -> int:
    """A ship's starting Shield or Hull Value: printed, plus what its upgrades add ("Add +1 to your ship's
    Shield value", Immersion Shielding)."""
    bonus = f"{stat}_bonus"
    value: int = getattr(ship, stat)
    for facts in ship.attached:
        if bonus in facts.codes:
            value += sum(r.amount for r in facts.card.restrictions if r.code == bonus)
    return value


ONE_PURCHASE_TYPES = ("flagship", "fleet-captain")


def _purchase_on_ship(ship: ShipInFleet, cards: tuple[CardCost, ...], chosen: list[CardFacts]) -> tuple[CardCost, ...]:
    """A Flagship or Fleet Captain is one purchase: its cost sits on the ship its card is assigned to (and
    counts toward that ship's cap). Space Dock prints those cards at 0 SP and the resource at 10 SP; the
    card then carries the resource's cost, so both databases give the same ship cost."""
    if not any(f.card.upgrade_type in ONE_PURCHASE_TYPES for f in ship.attached):
        return cards
    costs = {f.card.id: f.card.cost for f in chosen}
    names = {f.card.id: f.card.name for f in chosen}
    offset = len(cards) - len(ship.attached)
    changed = list(cards)
    for position, facts in enumerate(ship.attached):
        resource = facts.requires_resource
        if facts.card.upgrade_type in ONE_PURCHASE_TYPES and resource in costs and facts.card.cost < costs[resource]:
            card = changed[offset + position]
            paid = costs.pop(resource) - facts.card.cost
            words = _(
                "One purchase with its resource: the resource's %(paid)d SP are paid on the ship this card is on."
            )
            words %= {"paid": paid}
            step = Adjustment(paid, RESOURCE_SHARE, words, resource, names[resource])
            changed[offset + position] = replace(card, cost=card.cost + paid, adjustments=(*card.adjustments, step))
    return tuple(changed)


def _senior_staff(chosen: list[CardFacts]) -> CardFacts | None:
    """The chosen resource priced per additional [talent] (Senior Staff), if any."""
    for facts in chosen:
        if any(r.code == "resource_cost" and r.value == "extra_talents" for r in facts.card.restrictions):
            return facts
    return None


def extra_talents_fielded(ship: ShipInFleet, staff: str | None) -> int:
    """[talent] Upgrades beyond the ship's own talent slots (Senior Staff: "The cost of this resource is 1 SP for
    each additional [talent] Upgrade you assign to your fleet"). Each is paid; whether the ship's [crew] may field
    them all, one per [crew], is the slot check's to say."""
    talents = sum(1 for f in slot_rules.slotted(ship) if f.slot_type == "talent")  # "Lovok may field …": no slot
    capacity = sum(f.card.talent_slots for f in ship.commanders)
    capacity += sum(1 for s in ship.ship.card.slots if s == "talent")
    for facts in (*ship.commanders, *ship.attached):
        if staff is None or facts.requires_resource != staff:
            capacity += sum(1 for s in facts.card.grants_slots if s == "talent")
    return max(0, talents - capacity)


def _staff_on_ship(
    ship: ShipInFleet, cards: tuple[CardCost, ...], staff: CardFacts, extra: int
) -> tuple[CardCost, ...]:
    """Senior Staff's card on a ship carries what its extra talents there cost (like a Fleet Captain card)."""
    if not extra:
        return cards
    offset = len(cards) - len(ship.attached)
    for position, facts in enumerate(ship.attached):
        if facts.requires_resource == staff.card.id:
            card = cards[offset + position]
            said = ngettext(
                "%(count)d additional [talent] on this ship.", "%(count)d additional [talent] on this ship.", extra
            ) % {"count": extra}
            step = because(staff.card, "resource", extra, RESOURCE_SHARE, said)
            changed = replace(card, cost=card.cost + extra, adjustments=(*card.adjustments, step))
            return (*cards[: offset + position], changed, *cards[offset + position + 1 :])
    return cards


def _resource_costs(
    chosen: list[CardFacts], ships: list[ShipInFleet], priced: list[tuple[CardCost, ...]], extra_talents: int = 0
) -> list[ResourceCost]:
    """A resource is paid once: what its own cards on ships already cost comes off the resource line.

    Fleet Captain (5 SP) and its chosen Fleet Captain card (5 SP), or the Flagship and its
    flagship card, are one purchase; the card's cost sits on the ship it is assigned to
    (it counts toward that ship's 50 SP) and the resource line keeps the rest, never below 0.
    Senior Staff's card on a ship carries the cost of that ship's extra talents the same way.
    """
    on_ships: dict[str, int] = {}
    for ship, cards in zip(ships, priced, strict=True):
        for facts, cost in zip(ship.attached, cards[-len(ship.attached) :] if ship.attached else (), strict=True):
            if facts.requires_resource:
                on_ships[facts.requires_resource] = on_ships.get(facts.requires_resource, 0) + cost.cost
    return [_resource_cost(f.card, computed_resource_cost(f.card, ships, extra_talents), on_ships) for f in chosen]


def _resource_cost(card: Card, computed: int, on_ships: dict[str, int]) -> ResourceCost:
    """The resource line, explained: printed, the cost its text computes, less what its cards carry on ships."""
    steps = []
    if computed != card.cost:
        fallback = _("Its cost is computed from the fleet, as its text says.")
        steps.append(because(card, "resource", computed - card.cost, COMPUTED, fallback))
    carried = on_ships.get(card.id, 0)
    if carried:
        words = _("Paid on the ships its cards are assigned to (one purchase, not two).")
        steps.append(Adjustment(-carried, RESOURCE_SHARE, words, card.id, card.name))
    if computed - carried < 0:
        steps.append(Adjustment(carried - computed, FLOOR, _("The resource line is never below 0 SP.")))
    return ResourceCost(card.id, max(0, computed - carried), card.name, card.cost, tuple(steps))
