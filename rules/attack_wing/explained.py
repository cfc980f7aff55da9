"""Every SP explained: the proof that each card's adjustments add up to its cost.

A report gives each card its printed cost, the steps that move it (:class:`~rules.attack_wing.fleet.Adjustment`)
and its final cost. :func:`unbalanced` lists every line of a report where they do not add up;
:func:`random_fleets` builds fleets from either card database that lean on the cards that change
costs, so the property is tested where it can break (the test suite on a few hundred fleets,
``make bench`` on 2,000 per database).
"""

from __future__ import annotations

import random
from typing import Any

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, Card, Catalog
from rules.attack_wing.checks.beneath_rules import places_beneath
from rules.attack_wing.fleet import (
    FACTION_PENALTY,
    FLOOR,
    WAIVED,
    Adjustment,
    Fleet,
    FleetShip,
    Report,
    ResourceOption,
)
from rules.attack_wing.index import CatalogIndex, index_for
from rules.translation import gettext as _


def unbalanced(report: Report) -> list[str]:
    """Every card or resource line whose printed cost plus its adjustments is not its cost, in words."""
    found = []
    for ship in report.ships:
        for card in ship.cards:
            total = card.printed + sum(a.amount for a in card.adjustments)
            if total != card.cost:
                found.append(f"ship {ship.index + 1} {card.id}: {card.printed} + steps = {total}, cost {card.cost}")
            penalty = sum(a.amount for a in card.adjustments if a.kind == FACTION_PENALTY)
            if penalty != card.penalty:
                found.append(f"ship {ship.index + 1} {card.id}: penalty {card.penalty}, explained {penalty}")
    for resource in report.resources:
        total = resource.printed + sum(a.amount for a in resource.adjustments)
        if total != resource.cost:
            found.append(f"resource {resource.id}: {resource.printed} + adjustments = {total}, cost {resource.cost}")
    return found


def random_fleets(catalog: Catalog, seed: int, count: int) -> list[Fleet]:
    """``count`` random fleets of ``catalog``'s cards, the same for the same seed.

    One to four ships; half the captains and upgrades are drawn from the cards whose text or
    record changes a cost (reductions, waivers, extra and computed costs), most fleets take a
    resource, and a resource that asks for a choice gets one (two factions, the free talent);
    most cards that place an Upgrade face down beneath them (Quark) get one.
    """
    rng = random.Random(seed)
    index = index_for(catalog)
    by_kind: dict[str, list[Card]] = {}
    pricing: dict[str, list[Card]] = {}
    for _key, facts in sorted(index.facts.items()):
        card = facts.card
        by_kind.setdefault(card.kind, []).append(card)
        if facts.rules.prices or facts.rules.extras or facts.rules.computes_cost or "ship_discount" in facts.codes:
            pricing.setdefault(card.kind, []).append(card)
    cards_of: dict[str, list[Card]] = {}
    for card in by_kind.get(OTHER, []):
        required = index.facts[card.id].requires_resource
        if required:
            cards_of.setdefault(required, []).append(card)
    factions = sorted(index.factions)

    def pick(kind: str) -> Card:
        pool = pricing.get(kind) if rng.random() < 0.5 else None
        return rng.choice(pool or by_kind[kind])

    fleets = []
    for _fleet in range(count):
        resource = rng.choice(by_kind[RESOURCE]) if by_kind.get(RESOURCE) and rng.random() < 0.6 else None
        ships = []
        for _ship in range(rng.randint(1, 4)):
            hull = rng.choice(by_kind[SHIP])
            captain = pick(CAPTAIN).id if rng.random() < 0.9 else None
            admiral = rng.choice(by_kind[ADMIRAL]).id if by_kind.get(ADMIRAL) and rng.random() < 0.15 else None
            upgrades = [pick(UPGRADE).id for _slot in range(rng.randint(0, len(hull.slots) + 1))]
            if resource is not None and cards_of.get(resource.id) and rng.random() < 0.5:
                upgrades.append(rng.choice(cards_of[resource.id]).id)
            hosts = [c for c in (captain, *upgrades) if c and places_beneath(index.facts[c].card)]
            beneath = tuple((host, pick(UPGRADE).id) for host in hosts if rng.random() < 0.8)
            ships.append(
                FleetShip(ship=hull.id, captain=captain, admiral=admiral, upgrades=tuple(upgrades), beneath=beneath)
            )
        fleets.append(Fleet(ships=tuple(ships), **_resource_fields(resource, index, factions, rng)))
    return fleets


def _resource_fields(
    resource: Card | None, index: CatalogIndex, factions: list[str], rng: random.Random
) -> dict[str, Any]:
    """The fleet's resource, with the choice its text asks for."""
    if resource is None:
        return {}
    options = {str(r.value) for r in resource.restrictions if r.code == "resource_option"}
    chosen: tuple[ResourceOption, ...] = ()
    if "factions" in options and len(factions) > 1:
        chosen = (ResourceOption(resource.id, factions=tuple(rng.sample(factions, 2))),)
    elif "free_talent" in options:
        chosen = (ResourceOption(resource.id, free_talent=True),)
    return {"resources": (resource.id,), "resource_options": chosen}


def step_label(step: Adjustment, card_id: str) -> str:
    """A step in a few words, for a sheet's line: "faction penalty", "its text", "Martok", "not below 0"."""
    if step.kind == WAIVED:
        return _("no faction penalty (%(source)s)") % {"source": step.source_name or _("rule")}
    if step.kind == FACTION_PENALTY:
        if step.source:
            return _("faction penalty (%(source)s)") % {"source": step.source_name}
        return _("faction penalty")
    if step.kind == FLOOR:
        return _("not below 0")
    if step.source == card_id:
        return _("its text")
    return step.source_name or _("rule")


def breakdown(printed: int, steps: tuple[Adjustment, ...], cost: int, card_id: str) -> str:
    """Printed cost, each step, final cost, so a judge can add it up by hand: "5 +1 faction penalty +5 its text = 11".

    Empty when nothing moved the printed cost."""
    if not steps:
        return ""
    parts = [str(printed)]
    for step in steps:
        amount = f"{step.amount:+d}" if step.amount else "±0"
        parts.append(f"{amount} {step_label(step, card_id)}")
    return " ".join(parts) + f" = {cost}"


def step_sentence(step: Adjustment) -> str:
    """A step in full: its amount, the card causing it and the words that say so."""
    amount = f"{step.amount:+d} SP" if step.amount else "0 SP"
    source = f"{step.source_name} ({step.source}): " if step.source else ""
    words = f"“{step.words}”" if step.quoted else step.words
    return f"{amount} {source}{words}"
