"""The construction rules, one function each; every one returns the violations it finds.

Section names refer to seed 003 (WizKids "Additional Rules for Tournaments", 5/31/2016).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from rules.attack_wing.card_text import FACTION_WORDS
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER
from rules.attack_wing.costs import ShipInFleet, reaches
from rules.attack_wing.fleet import (
    BLIND_BOOSTER_MIXED,
    BLIND_BOOSTER_OVER_LIMIT,
    CAPITAL_SHIP_REQUIRED,
    CARD_RESTRICTION,
    DUPLICATE_UNIQUE,
    FLEET_OVER_LIMIT,
    MISSING_CAPTAIN,
    RESOURCE_BANNED,
    RESOURCE_RETIRED,
    SHIP_OVER_LIMIT,
    SHUTTLE_ADMIRAL,
    SHUTTLE_WEAPON_COST,
    SLOT_OVERFLOW,
    SQUADRON_CARD_FORBIDDEN,
    TOO_FEW_SHIPS,
    TOO_MANY_ADMIRALS,
    TOO_MANY_OVERSIZED,
    TOO_MANY_RESOURCES,
    CardCost,
    Violation,
)
from rules.attack_wing.formats import HEAVY_UPGRADE_TYPES, Format
from rules.attack_wing.index import CardFacts, CatalogIndex

ANTIMATTER_MINES = "antimatter mines"
SHUTTLE_WEAPON_MAX = 3  # Shuttlecraft rule 3
CAPITAL_HULL = 4  # Shuttlecraft rule 4, Attack Squadrons rule 8


def _where(ship: ShipInFleet) -> str:
    return f"Ship {ship.index + 1} ({ship.name})"


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
                    f"The Blind Booster ships cost {booster} SP; the Blind Booster may use {fmt.blind_booster_points}.",
                )
            )
        if rest > own_limit:
            found.append(
                Violation(
                    FLEET_OVER_LIMIT,
                    f"The fleet outside the Blind Booster costs {rest} SP; {own_limit} SP are left after the "
                    f"{fmt.blind_booster_points} SP reserved for the Blind Booster.",
                )
            )
    elif rest > fmt.fleet_limit:
        found.append(Violation(FLEET_OVER_LIMIT, f"The fleet costs {rest} SP; the limit is {fmt.fleet_limit}."))
    return found


def ship_count(fmt: Format, ships: list[ShipInFleet]) -> list[Violation]:
    if len(ships) >= fmt.min_ships:
        return []
    return [Violation(TOO_FEW_SHIPS, f"The fleet has {len(ships)} ship(s); it needs at least {fmt.min_ships}.")]


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
        heavy_points = sum(
            c.cost for c, f in zip(attached_costs, ship.attached, strict=True) if f.slot_type in HEAVY_UPGRADE_TYPES
        )
        if heavy_points <= fmt.heavy_ship_allowance and total - commanders_points - heavy_points <= fmt.ship_limit:
            return []
        return [
            Violation(
                SHIP_OVER_LIMIT,
                f"{_where(ship)} costs {total} SP, over the {fmt.ship_limit} SP per ship; its base cost {base} allows "
                f"exceeding that only with at most {fmt.heavy_ship_allowance} SP of "
                f"{'/'.join(HEAVY_UPGRADE_TYPES)} upgrades (it has {heavy_points}).",
                ship.index,
            )
        ]
    return [
        Violation(
            SHIP_OVER_LIMIT,
            f"{_where(ship)} costs {total} SP; the limit is {fmt.ship_limit} per ship.",
            ship.index,
        )
    ]


def oversized(fmt: Format, ships: list[ShipInFleet]) -> list[Violation]:
    big = [s for s in ships if s.ship.oversized]
    if fmt.max_oversized is None or len(big) <= fmt.max_oversized:
        return []
    names = ", ".join(_where(s) for s in big)
    return [
        Violation(
            TOO_MANY_OVERSIZED,
            f"Only {fmt.max_oversized} ship with the oversized base (Borg Cube, Nor Class station) "
            f"is allowed: {names}.",
            big[fmt.max_oversized].index,
            big[fmt.max_oversized].ship.card.id,
        )
    ]


def resources(fmt: Format, chosen: list[CardFacts], on: date | None, index: CatalogIndex) -> list[Violation]:
    """At most one resource (Resources rule 1); none in retirement (rule 4 and its table)."""
    found = []
    if fmt.max_resources is not None and len(chosen) > fmt.max_resources:
        found.append(
            Violation(
                TOO_MANY_RESOURCES,
                f"The fleet has {len(chosen)} resources; at most {fmt.max_resources} is allowed.",
                None,
                chosen[fmt.max_resources].card.id,
            )
        )
    if not fmt.resource_retirement or on is None:
        return found
    for facts in chosen:
        retirement = index.retirement(facts.card, fmt.retirement_months)
        if retirement is None or on < retirement.retired_on:
            continue
        source = (
            f"the retirement table ({retirement.table_name})"
            if not retirement.derived
            else f"derived: {fmt.retirement_months} months after its release"
        )
        found.append(
            Violation(
                RESOURCE_RETIRED,
                f"Resource {facts.card.name} is retired from {retirement.retired_on.isoformat()} ({source}).",
                None,
                facts.card.id,
            )
        )
    return found


def banned_resources(fmt: Format, chosen: list[CardFacts], banned: frozenset[str] | set[str] | None) -> list[Violation]:
    """Resources rule 2: a venue may ban resources. Matched by id or by name (case and spacing ignored)."""
    names = {" ".join(str(b).lower().split()) for b in (*fmt.banned_resources, *(banned or ()))}
    if not names:
        return []
    return [
        Violation(
            RESOURCE_BANNED,
            f"Resource {facts.card.name} is banned at this event (Resources 2: venues may ban resources).",
            None,
            facts.card.id,
        )
        for facts in chosen
        if facts.card.id.lower() in names or facts.name_key in names
    ]


def _every_card(ships: list[ShipInFleet], chosen: list[CardFacts]) -> Iterator[tuple[int | None, CardFacts]]:
    for ship in ships:
        for facts in (ship.ship, *ship.commanders, *ship.attached):
            yield ship.index, facts
    for facts in chosen:
        yield None, facts


def not_with(ships: list[ShipInFleet], chosen: list[CardFacts]) -> list[Violation]:
    """Cards that may not share a fleet with a named card (Locutus: "… the same ship or fleet as Jean-Luc Picard")."""
    if not any(s.not_with for s in ships) and not any(f.rules.not_with for f in chosen):
        return []
    present = list(_every_card(ships, chosen))
    found = []
    for ship_index, facts in present:
        for name in facts.rules.not_with:
            for other_index, other in present:
                if other is not facts and other.rules.name_key == name:
                    where = (
                        f"Ship {ship_index + 1} ({ships[ship_index].name})" if ship_index is not None else "the fleet"
                    )
                    found.append(
                        Violation(
                            CARD_RESTRICTION,
                            f"{facts.card.name} on {where}: may not be in the same fleet as {other.card.name}.",
                            ship_index,
                            facts.card.id,
                        )
                    )
                    found.append(
                        Violation(
                            CARD_RESTRICTION,
                            f"{other.card.name}: {facts.card.name} may not be in the same fleet.",
                            other_index,
                            other.card.id,
                        )
                    )
    return found


def uniques(ships: list[ShipInFleet], chosen: list[CardFacts]) -> list[Violation]:
    """Unique and mirror-universe-unique names, each counted on its own (Errata 8-12 use the mirror icon)."""
    found = []
    seen: dict[tuple[bool, str], str] = {}
    for ship_index, facts in _every_card(ships, chosen):
        card = facts.card
        for mirror, flagged in ((False, card.unique), (True, card.mirror_unique)):
            if not flagged:
                continue
            key = (mirror, facts.name_key)
            if key in seen:
                kind = "mirror-universe-unique" if mirror else "unique"
                where = f" on Ship {ship_index + 1} ({ships[ship_index].name})" if ship_index is not None else ""
                found.append(
                    Violation(
                        DUPLICATE_UNIQUE,
                        f"{card.name}{where} is {kind} and the fleet already has "
                        f"a {kind} card of that name ({seen[key]}).",
                        ship_index,
                        card.id,
                    )
                )
            else:
                seen[key] = card.id
    return found


def admirals(fmt: Format, ships: list[ShipInFleet]) -> list[Violation]:
    face_up = [s for s in ships if s.admiral is not None]
    if len(face_up) <= fmt.max_admirals:
        return []
    extra = face_up[fmt.max_admirals]
    return [
        Violation(
            TOO_MANY_ADMIRALS,
            f"The fleet has {len(face_up)} face-up admirals; {fmt.max_admirals} is allowed "
            f"({extra.admiral.card.name} on {_where(extra)}).",
            extra.index,
            extra.admiral.card.id,
        )
    ]


def captain(ship: ShipInFleet) -> list[Violation]:
    """Every ship needs a captain, except squadrons and ships whose card forbids one (Dreadnought)."""
    if ship.ship.card.squadron or ship.captain is not None or ship.ship.rules.no_captain:
        return []
    return [Violation(MISSING_CAPTAIN, f"{_where(ship)} has no captain.", ship.index, ship.ship.card.id)]


def squadron(ship: ShipInFleet) -> list[Violation]:
    """Attack Squadrons rule 2: only [squadron] upgrades; no captain, admiral or resource."""
    if not ship.ship.card.squadron:
        return []
    found = []
    for facts in (*ship.commanders, *ship.attached):
        if facts.slot_type == "squadron":
            continue
        found.append(
            Violation(
                SQUADRON_CARD_FORBIDDEN,
                f"{_where(ship)} is a squadron and cannot take {facts.card.name}: only [squadron] upgrades.",
                ship.index,
                facts.card.id,
            )
        )
    return found


def shuttle(ship: ShipInFleet) -> list[Violation]:
    """Shuttlecraft rules 3 and 5."""
    if not ship.ship.shuttle:
        return []
    found = []
    if ship.admiral is not None:
        found.append(
            Violation(
                SHUTTLE_ADMIRAL,
                f"{_where(ship)} is a shuttlecraft and cannot have an admiral ({ship.admiral.card.name}).",
                ship.index,
                ship.admiral.card.id,
            )
        )
    for facts in ship.attached:
        card = facts.card
        if card.upgrade_type == "weapon" and card.cost > SHUTTLE_WEAPON_MAX and facts.name_key != ANTIMATTER_MINES:
            found.append(
                Violation(
                    SHUTTLE_WEAPON_COST,
                    f"{_where(ship)} is a shuttlecraft: {card.name} costs {card.cost} SP, "
                    f"more than the {SHUTTLE_WEAPON_MAX} SP a shuttlecraft weapon may cost.",
                    ship.index,
                    card.id,
                )
            )
    return found


OFFICERS_PER_CREW = 2  # Officer Cards resource, point 2


def officers(ship: ShipInFleet) -> list[Violation]:
    """Officer Cards (their resource, point 2) are assigned to [crew] Upgrades, at most 2 to each."""
    placed = [f for f in ship.attached if f.card.upgrade_type == "officer"]
    if not placed:
        return []
    crew = sum(1 for f in ship.attached if f.slot_type == "crew")
    if len(placed) <= OFFICERS_PER_CREW * crew:
        return []
    extra = placed[OFFICERS_PER_CREW * crew]
    reason = (
        "an Officer Card is assigned to a [crew] Upgrade, at most 2 to each"
        f" (this ship has {crew} [crew] and {len(placed)} Officer Cards)"
    )
    return [_restricted(ship, extra, reason)]


def flagship_on_station(ship: ShipInFleet) -> list[Violation]:
    """A Station may not be designated as a Flagship (2016 FAQ, Space Stations & Stationary Platforms 5)."""
    key = ship.ship.ship_class_key
    if "station" not in key and "platform" not in key:
        return []
    return [
        _restricted(ship, f, "a Station may not be designated as a Flagship (2016 FAQ, Space Stations 5)")
        for f in ship.attached
        if f.card.upgrade_type == "flagship"
    ]


def capital_ships(ships: list[ShipInFleet]) -> list[Violation]:
    """Each shuttlecraft, squadron or Borg support vehicle needs its own ship of hull 4+ (rule 55)."""
    dependents, capitals = [], 0
    for ship in ships:
        support = any("support_vehicle" in f.codes for f in ship.attached)
        if ship.ship.shuttle or ship.ship.card.squadron or support:
            dependents.append(ship)
            continue
        if ship.ship.card.hull >= CAPITAL_HULL and not any("no_capital_ship" in f.codes for f in ship.attached):
            capitals += 1
    return [
        Violation(
            CAPITAL_SHIP_REQUIRED,
            f"{_where(ship)} needs its own Capital Ship (a ship of hull {CAPITAL_HULL} or more); the fleet has "
            f"{capitals} Capital Ship(s) for {len(dependents)} shuttlecraft, squadron(s) and support vehicle(s).",
            ship.index,
            ship.ship.card.id,
        )
        for ship in dependents[capitals:]
    ]


def blind_booster(fmt: Format, ships: list[ShipInFleet], index: CatalogIndex) -> list[Violation]:
    """Booster cards stay with the booster ship, other cards stay off it (Suggested format, bullet 6)."""
    boosted = [s for s in ships if s.blind_booster]
    if not boosted:
        return []
    if fmt.blind_booster_points == 0:
        return [
            Violation(
                BLIND_BOOSTER_OVER_LIMIT,
                f"This format has no Blind Booster; {_where(boosted[0])} is marked as one.",
                boosted[0].index,
            )
        ]
    if not index.has_booster_sets:
        return []  # the catalog does not say which sets are Blind Boosters
    packs = frozenset().union(*(s.ship.booster_sets for s in boosted))
    found = []
    for ship in ships:
        for facts in (ship.ship, *ship.commanders, *ship.attached):
            if ship.blind_booster and not facts.booster_sets & packs:
                message = f"{facts.card.name} on {_where(ship)} is not part of the Blind Booster."
            elif not ship.blind_booster and facts.booster_only and facts.booster_sets <= packs:
                message = (
                    f"{facts.card.name} on {_where(ship)} comes from the Blind Booster "
                    "and cannot join the rest of the fleet."
                )
            else:
                continue
            found.append(Violation(BLIND_BOOSTER_MIXED, message, ship.index, facts.card.id))
    return found


def slots(ship: ShipInFleet, *, crew_talents: bool = False, free_talent: bool = False) -> list[Violation]:
    """Upgrades need a slot of their type: the ship's bar plus what its captain, admiral and cards add.

    With Senior Staff (``crew_talents``) each [crew] Upgrade may field one more [talent]. A Fleet
    Captain whose captain takes a free [talent] instead (``free_talent``, R010 point 5) gives no
    bonus [talent] slot.
    """
    fixed: dict[str, int] = {}
    flexible: list[frozenset[str]] = []
    granted = list(ship.ship.card.slots)
    if crew_talents:
        granted.extend(["talent"] * sum(1 for f in ship.attached if f.slot_type == "crew"))
    free_talent = free_talent and ship.captain is not None and ship.captain.card.talent_slots > 0
    for facts in (*ship.commanders, *ship.attached):
        grants = list(facts.card.grants_slots)
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
    for facts in ship.attached:
        if facts.slot_type:
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
                f"{_where(ship)} has {have} [{slot_type}] upgrades but room for {have - missing}; "
                f"{extra_card.name} does not fit.",
                ship.index,
                extra_card.id,
            )
        )
    return found


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


def card_restrictions(ship: ShipInFleet, resources_chosen: frozenset[str]) -> list[Violation]:
    """Each card's own deployment restrictions, as the catalog encodes them (Additional Rules 29)."""
    found = []
    names_seen: set[str] = set()
    constructions = 0
    found.extend(_ship_card_rules(ship))
    for facts in (*ship.commanders, *ship.attached):
        card = facts.card
        if card.kind == OTHER and card.upgrade_type == "starship_construction":
            constructions += 1
            if constructions > 1:
                found.append(_restricted(ship, facts, "only one Starship Construction card fits a ship"))
        if facts.one_per_ship:
            if facts.name_key in names_seen:
                found.append(_restricted(ship, facts, f"no ship may carry more than one {card.name}"))
            names_seen.add(facts.name_key)
        for reason in _unmet(ship, facts, resources_chosen):
            found.append(_restricted(ship, facts, reason))
    return found


def _restricted(ship: ShipInFleet, facts: CardFacts, reason: str) -> Violation:
    return Violation(CARD_RESTRICTION, f"{facts.card.name} on {_where(ship)}: {reason}.", ship.index, facts.card.id)


_BOUND_SUBJECTS = {
    "hull": ("hull", lambda s: s.ship.card.hull),
    "shield": ("shield value", lambda s: s.ship.card.shields),
    "attack": ("primary weapon value", lambda s: s.ship.card.attack),
    "captain_skill": ("captain skill", lambda s: s.captain.card.skill if s.captain else None),
}
_GROUP_WORDS = {
    "ship_faction": "a ship of faction",
    "captain_faction": "a captain of faction",
    "ship_identity": "the ship",
}


def _unmet(ship: ShipInFleet, facts: CardFacts, resources_chosen: frozenset[str]) -> Iterator[str]:
    for code, limit in facts.bounds:
        subject, bound = code.rsplit("_", 1)
        label, read = _BOUND_SUBJECTS[subject]
        value = read(ship)
        if value is None:
            continue
        if (bound == "min" and value < limit) or (bound == "max" and value > limit):
            wanted = f"{limit} or more" if bound == "min" else f"{limit} or less"
            yield f"needs a {label} of {wanted} (this one has {value})"
    freed: bool | None = None
    for group, options in facts.any_of:
        if not any(_option_met(ship, code, value) for code, value in options):
            if group in ("ship_faction", "captain_faction"):
                # Space Dock states a faction restriction as a code (OnlyKlingonCaptain); Lore frees it as its text
                freed = _freed_of_faction_rules(ship, facts) if freed is None else freed
                if freed:
                    continue
            listed = " or ".join(dict.fromkeys(v for _, v in options))
            yield f"may only go on {_GROUP_WORDS[group]} {listed}"
    if facts.requires_resource and facts.requires_resource not in resources_chosen:
        yield f"needs the fleet's resource {facts.requires_resource}"
    rules = facts.rules
    if (rules.ship_is or rules.captain_is) and _faction_rules_waived(ship, facts):
        return
    if rules.ship_is and not any(ship.fits(key) for key in rules.ship_is):
        yield f"{_printed(facts, 'ship')} (this is a {ship.ship.card.ship_class or ship.name})"
    if rules.ship_unique and not (ship.ship.card.unique or ship.ship.card.mirror_unique):
        yield "the card says it can only be equipped to a Unique / Mirror Unique ship"
    if facts.card.upgrade_type == "fleet-captain" and ship.captain is not None and not ship.captain.card.unique:
        yield "the Fleet Captain resource says: You may not assign a non-unique Captain as your Fleet Captain"
    if rules.captain_is and facts is not ship.captain and not any(ship.captain_fits(k) for k in rules.captain_is):
        captain_name = ship.captain.card.name if ship.captain else "no captain"
        yield f"{_printed(facts, 'captain')} (the captain is {captain_name})"


def _faction_rules_waived(ship: ShipInFleet, facts: CardFacts) -> bool:
    """Lore: "You may assign any [talent] Upgrade to your ship, regardless of Faction restriction": a talent
    whose only restrictions name factions is free of them on his ship."""
    rules = facts.rules
    keys = (*rules.ship_is, *rules.captain_is)
    if not keys or not all(k.removeprefix("non ") in FACTION_WORDS for k in keys):
        return False
    return _freed_of_faction_rules(ship, facts)


def _freed_of_faction_rules(ship: ShipInFleet, facts: CardFacts) -> bool:
    entry = next((e for e in ship.placed if e.facts is facts), None)
    return entry is not None and any(
        reaches(reach, source, entry, ship)
        for source in ship.placed
        for reach in source.facts.rules.free_of_faction_rules
    )


def _printed(facts: CardFacts, about: str) -> str:
    """The card's own words for a restriction, else the rule in short."""
    sentence = facts.rules.ship_rule_text if about == "ship" else facts.rules.captain_rule_text
    if sentence:
        return f'the card says "{sentence}"'
    keys = facts.rules.ship_is if about == "ship" else facts.rules.captain_is
    return f"may only go to a {about} that is: {' or '.join(keys)}"


def _ship_card_rules(ship: ShipInFleet) -> list[Violation]:
    """What the ship card itself allows: no captain at all, only certain captains, upgrade cost caps."""
    found = []
    rules = ship.ship.rules
    if rules.no_captain:
        for facts in ship.commanders:
            found.append(_restricted(ship, facts, "the ship card says no Captain or Admiral may be assigned to it"))
    if rules.captain_is and ship.captain is not None and not any(ship.captain_fits(k) for k in rules.captain_is):
        found.append(
            _restricted(ship, ship.captain, f"the ship takes only {' or '.join(rules.captain_is)} as its captain")
        )
    for entry in ship.placed if ship.guarded else ():
        facts = entry.facts
        if not facts.rules.guards:
            continue
        for name in facts.rules.not_on_ship_with:
            for other in ship.placed:
                if other.facts.rules.name_key == name:
                    found.append(_restricted(ship, facts, f"may not share a ship with {other.facts.card.name}"))
        if facts.rules.no_admiral and ship.admiral is not None:
            found.append(_restricted(ship, ship.admiral, f"{facts.card.name} allows no Admiral on this ship"))
        for reach in facts.rules.only_cards:
            kinds = reach.kinds
            for other in ship.placed:
                if other.position == entry.position or not any(w in kinds for w in other.kind_words):
                    continue
                if not reach.factions.intersection(other.facts.card.factions):
                    allowed = " or ".join(sorted(reach.factions))
                    what = "/".join(sorted(kinds))
                    reason = f"{facts.card.name} allows only {allowed} {what} cards on this ship"
                    found.append(_restricted(ship, other.facts, reason))
                    found.append(_restricted(ship, facts, f"{reason} ({other.facts.card.name} is not)"))
    for slot_type, limit in rules.max_upgrade_cost:
        for facts in ship.attached:
            if facts.slot_type == slot_type and facts.card.cost > limit:
                found.append(
                    _restricted(ship, facts, f"the ship card allows no [{slot_type}] Upgrade costing more than {limit}")
                )
    return found


def _option_met(ship: ShipInFleet, code: str, value: str) -> bool:
    if code == "ship_faction":
        return value in ship.ship_factions
    if code == "captain_faction":
        return value in ship.captain_factions
    if code == "ship_class":
        return " ".join(value.lower().split()) == ship.ship.ship_class_key
    if code == "ship_class_contains":
        return value.lower() in ship.ship.ship_class_key
    return " ".join(value.lower().split()) == ship.ship.name_key  # ship_name
