"""What each card costs in a fleet: printed cost, reductions, faction penalty, extra costs.

Order (FAQ 2016, Fleet Captain: "Reduce the cost to 0 and then apply all penalties
(including faction penalty) and any additional cost printed on the card"):

1. printed cost — or the cost the card's text computes ("the SP cost is equal to the ship's
   Primary Weapon Value +1") — minus every reduction that reaches the card, never below 0
   (seed 003, Additional Rules 35);
2. plus the faction penalty: +1 for a captain or upgrade, +3 for a face-up admiral, when
   the card shares no faction with its ship (Additional Rules 20; Admiral Cards: "Faction
   penalties are tripled"), unless a card's text waives it ("You do not pay a faction
   penalty …") or doubles it (K'Temoc); a 0 SP captain pays it like any other (Additional
   Rules 20 has no exemption);
3. plus any extra cost printed on the card ("+5 SP for any ship other than a …"), which is
   not a faction penalty (2014 FAQ, General Rulings 26).

Reductions and waivers come from every card on the same ship (the ship card, its captain
and admiral, its upgrades) and, for "for all ships in your fleet", from the whole fleet;
each names the cards it reaches with a :class:`~rules.attack_wing.card_text.qualifiers.Qualifier`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.attack_wing.card_text.citing import cited_sentence
from rules.attack_wing.card_text.descriptors import captain_matches, descriptor_key, ship_matches
from rules.attack_wing.card_text.qualifiers import Qualifier
from rules.attack_wing.catalog import OTHER, UPGRADE, Card, Restriction
from rules.attack_wing.fleet import (
    COMPUTED,
    EXACT,
    EXTRA_COST,
    FACTION_PENALTY,
    FLOOR,
    REDUCTION,
    ROLE_ADMIRAL,
    ROLE_CAPTAIN,
    ROLE_SHIP,
    ROLE_UPGRADE,
    WAIVED,
    Adjustment,
    CardCost,
)
from rules.attack_wing.index import CardFacts
from rules.translation import gettext as _
from rules.translation import gettext_noop

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
    # Upgrades placed face down beneath a card of the ship at setup, each with that card (its host); they fill
    # no slot and their text is not in play, so they are priced and checked apart (``cost_beneath``)
    beneath: list[tuple[CardFacts, CardFacts]] = field(default_factory=list)
    ship_factions: frozenset[str] = field(default_factory=frozenset)
    captain_factions: frozenset[str] = field(default_factory=frozenset)
    # printed values with the flagship card's added ("additional stats that increase the printed values* of
    # your ship (primary weapon, agility, hull, shields)": Flagship R004, point 2)
    hull: int = 0
    shields: int = 0
    attack: int = 0
    _fits: dict[str, bool] = field(default_factory=dict)
    placed: list[Entry] = field(default_factory=list)
    not_with: list[CardFacts] = field(default_factory=list)  # its cards that may not share the fleet with another
    guarded: bool = False  # a card on it restricts what else shares the ship

    def __post_init__(self) -> None:
        adding = [f for f in self.attached if f.card.upgrade_type in ("fleet-captain", "flagship")]
        added_ship = {str(r.value) for f in adding for r in f.card.restrictions if r.code == "adds_ship_faction"}
        self.ship_factions = frozenset(self.ship.card.factions) | added_ship
        flagships = [f.card for f in adding if f.card.upgrade_type == "flagship"]
        self.hull = self.ship.card.hull + sum(c.hull for c in flagships)
        self.shields = self.ship.card.shields + sum(c.shields for c in flagships)
        self.attack = self.ship.card.attack + sum(c.attack for c in flagships)
        if self.captain is not None:
            added = {str(r.value) for f in adding for r in f.card.restrictions if r.code == "adds_captain_faction"}
            self.captain_factions = frozenset(self.captain.card.factions) | added
        self.placed = entries(self)
        self.not_with = [e.facts for e in self.placed if e.facts.rules.not_with]
        self.guarded = any(e.facts.rules.guards for e in self.placed)

    @property
    def commanders(self) -> list[CardFacts]:
        return [f for f in (self.captain, self.admiral) if f is not None]

    @property
    def name(self) -> str:
        return self.ship.card.name

    def fits(self, key: str) -> bool:
        """Whether this ship fits a ship descriptor ("krenim weapon", "federation", "u.s.s. voyager")."""
        found = self._fits.get(key)
        if found is None:
            card = self.ship.card
            found = ship_matches(key, self.ship_factions, card.ship_class, card.name)
            self._fits[key] = found
        return found

    def captain_fits(self, key: str) -> bool:
        if self.captain is None:
            return False
        card = self.captain.card
        return captain_matches(key, self.captain_factions, card.name, self.captain.rules.text_key)


@dataclass(slots=True)
class Entry:
    """One card in its place on a ship."""

    facts: CardFacts
    role: str
    position: int  # 0 = the ship card, then captain, admiral, attached cards in order

    @property
    def kind_words(self) -> tuple[str, ...]:
        if self.role == ROLE_UPGRADE:
            slot = self.facts.slot_type
            if slot is None and self.facts.card.kind == UPGRADE and self.facts.card.upgrade_type == "question":
                slot = "question"  # Utopia's [?] Upgrades need no slot; Iden counts them ("… ? Upgrade equipped …")
            return ("upgrade", slot) if slot else ()
        return (self.role,)


def entries(ship: ShipInFleet) -> list[Entry]:
    found = [Entry(ship.ship, ROLE_SHIP, 0)]
    if ship.captain is not None:
        found.append(Entry(ship.captain, ROLE_CAPTAIN, len(found)))
    if ship.admiral is not None:
        found.append(Entry(ship.admiral, ROLE_ADMIRAL, len(found)))
    start = len(found)
    found.extend(Entry(facts, ROLE_UPGRADE, start + i) for i, facts in enumerate(ship.attached))
    return found


def reaches(reach: Qualifier, source: Entry | None, entry: Entry, ship: ShipInFleet, priced: bool = False) -> bool:
    """Whether a reduction, waiver or doubling written on ``source`` applies to ``entry``.

    ``max_cost`` compares the printed cost ("The printed cost on those Upgrades cannot be greater than 6");
    for a reduction (``priced``) it compares the cost the card states for this ship, its printed extra
    costs included: Sakonna's "[weapon] Upgrades with a cost of 5 or less cost -2 SP" does not reach an
    Energy Dissipator that costs 5 +5 on a non-Breen ship (Space Dock's test squad "sakonna").
    """
    if reach.self:
        if source is None or entry.position != source.position:
            return False
    elif reach.kinds:
        words = entry.kind_words
        if "any" in reach.kinds:
            if entry.role == ROLE_SHIP:
                return False
        elif not any(w in reach.kinds for w in words):
            return False
    card = entry.facts.card
    if reach.factions and not reach.factions.intersection(card.factions):
        return False
    if reach.not_factions and reach.not_factions.intersection(card.factions):
        return False
    if reach.names and entry.facts.rules.name_key not in reach.names:
        return False
    if reach.ship_faction and not ship.ship_factions.intersection(card.factions):
        return False
    if reach.restricted_to and reach.restricted_to not in {descriptor_key(k) for k in entry.facts.rules.ship_is}:
        return False
    if reach.with_card and not any(e.facts.rules.name_key == reach.with_card for e in ship.placed):
        return False
    if reach.max_cost is not None and card.cost + (_extra_cost(entry, ship) if priced else 0) > reach.max_cost:
        return False
    if reach.ship and not ship.fits(reach.ship):
        return False
    if reach.generic and entry.facts.rules.names_a_ship:
        return False
    return not (reach.not_ship and ship.fits(reach.not_ship))


def fleet_discounts(ships: list[ShipInFleet]) -> list[tuple[CardFacts, Qualifier, int]]:
    """Reductions one card grants to every ship ("for all ships in your fleet"), with the card granting each."""
    return [
        (facts, reach, amount)
        for ship in ships
        for facts in (ship.ship, *ship.commanders, *ship.attached)
        for code, reach, amount in facts.rules.reductions
        if code == "fleet"
    ]


def because(card: Card, family: str, amount: int, kind: str, fallback: str, cited: int | None = None) -> Adjustment:
    """An adjustment of ``amount`` SP caused by ``card``, quoting the sentence of its text that says so (the
    sentence of ``family`` printing ``cited`` SP, by default the amount), else ``fallback``."""
    words = cited_sentence(card.text, family, amount if cited is None else cited)
    return Adjustment(amount, kind, words or fallback, card.id, card.name, quoted=bool(words))


def base_cost(entry: Entry, ship: ShipInFleet) -> int:
    """The printed cost, or the ship's Primary Weapon Value plus N for "cost equal to the Primary Weapon Value +N"
    (a flagship's bonus included: it increases the ship's printed values, and the 2014 FAQ lets a Flagship raise
    a ship's Hull Value for Dorsal Phaser Array and its Primary Weapon Value for Barrage of Fire)."""
    plus = entry.facts.rules.cost_from_attack
    if plus is not None and entry.role != ROLE_SHIP:
        return ship.attack + plus
    plus = entry.facts.rules.cost_from_hull
    if plus is not None and entry.role != ROLE_SHIP:
        return ship.hull + plus
    return entry.facts.card.cost


@dataclass(frozen=True, slots=True)
class SeatReduction:
    """What a slot does to the cost of the card its placement seats in it (``rules.attack_wing.placement``): Tuvok's
    "That Upgrade costs -1 SP", Sakharov's additional purchase; ``amount`` None is the Fleet Captain's free
    [talent]; ``exact``: the cost is set to ``amount`` (Duras: "… Upgrades equipped to this Captain cost 3 SP")."""

    position: int  # the card's position on the ship (``Entry.position``)
    source: Card  # the card adding the slot, the captain whose slot it is, or the Fleet Captain card
    amount: int | None
    exact: bool = False
    floor: int = 0  # "(min 1)": the reduction takes the card no lower
    cited: int | None = None  # the SP its sentence prints, when ``amount`` counts it more than once


@dataclass(frozen=True, slots=True)
class OfficerExchange:
    """The Officer Exchange Program as the fleet chose it: its two factions and the resource card that says so."""

    factions: frozenset[str]
    card: Card

    def joins(self, entry: Entry, ship: ShipInFleet) -> bool:
        """Whether ``entry`` is a card of one chosen faction on a ship of the other."""
        own = self.factions.intersection(entry.facts.card.factions)
        there = self.factions.intersection(ship.ship_factions)
        return bool(own and there and (own | there) == self.factions and own != there)


def cost_ship(
    ship: ShipInFleet,
    fleet_wide: list[tuple[CardFacts, Qualifier, int]],
    exchange: OfficerExchange | None = None,
    seated: tuple[SeatReduction, ...] = (),
) -> tuple[CardCost, ...]:
    """Every card on ``ship`` priced and explained, the ship card first.

    ``exchange`` is the Officer Exchange Program, if the fleet has it: captains, admirals and [crew] of one
    chosen faction on a ship of the other pay no faction penalty, and its captains and admirals cost 1 SP
    less (R015 text, points 2 and 3). ``seated``: what
    the slots of one placement of the ship take off the cards in them.
    Every step from printed to final cost is kept as an :class:`Adjustment`, so the report can say why.
    """
    placed = ship.placed
    bases = [e.facts.card.cost for e in placed]
    steps: list[list[Adjustment]] = [[] for _entry in placed]
    for entry in placed:
        if entry.facts.rules.computes_cost and entry.role != ROLE_SHIP:
            bases[entry.position] = base_cost(entry, ship)
            if bases[entry.position] != entry.facts.card.cost:
                steps[entry.position].append(_computed_step(entry, bases[entry.position]))
    active = [e for e in placed if e.facts.rules.prices]
    reductions = [0] * len(placed)
    discount = _ship_discount(ship)
    if discount is not None:
        reductions[0] = discount.amount
        steps[0].append(
            because(
                discount.source,
                "reduce",
                -discount.amount,
                REDUCTION,
                _("The ship costs -%(amount)d SP.") % {"amount": discount.amount},
            )
        )
    for source in active:
        for reach, exact in source.facts.rules.exact:
            _set_exact(reach, exact, source, placed, bases, steps, ship)
    for seat in seated:
        if seat.exact and seat.amount is not None:
            _exact_step(seat.source, seat.amount, seat.position, bases, steps)
    waivers, waive_one, doubles = _penalty_rules(active)
    for giver, reach, amount in fleet_wide:
        for entry in placed:
            if reaches(reach, None, entry, ship):
                reductions[entry.position] += amount
                steps[entry.position].append(_reduced_by(giver.card, amount))
    for seat in (s for s in seated if not s.exact):
        amount = bases[seat.position] if seat.amount is None else seat.amount
        if seat.floor:
            amount = min(amount, max(0, bases[seat.position] - reductions[seat.position] - seat.floor))
        reductions[seat.position] += amount
        steps[seat.position].append(_seat_step(seat, amount))
    for source in active:
        for reach, amount in source.facts.rules.self_per:  # Iden: "-1 SP for each … Upgrade equipped to this ship"
            counted = sum(1 for e in placed if e.position != source.position and reaches(reach, source, e, ship))
            if counted:
                reductions[source.position] += amount * counted
                steps[source.position].append(_reduced_by(source.facts.card, amount, amount * counted))
    for source in active:
        left: int | None = None  # what a capped card ("-5 Max") may still take off
        for code, reach, amount in source.facts.rules.reductions:
            if code == "reduce":
                if reach.limit is not None and left is None:
                    left = reach.limit
                for entry in placed:
                    if reaches(reach, source, entry, ship, priced=True):
                        taken = (
                            amount
                            if left is None
                            else min(amount, left, max(0, bases[entry.position] - reductions[entry.position]))
                        )
                        reductions[entry.position] += taken
                        if taken:
                            steps[entry.position].append(_reduced_by(source.facts.card, amount, taken))
                        if left is not None:
                            left -= taken
            elif code == "reduce_one":
                eligible = [e for e in placed if reaches(reach, source, e, ship, priced=True)]
                if eligible:
                    # the card it saves most on; of equal savings the dearest (as Space Dock prices Luaran's squad)
                    best = max(eligible, key=lambda e: _saving(e, amount, bases, reductions))
                    reductions[best.position] += amount
                    steps[best.position].append(_reduced_by(source.facts.card, amount))
    if exchange is not None:
        for entry in placed:
            if entry.role in (ROLE_CAPTAIN, ROLE_ADMIRAL) and exchange.joins(entry, ship):
                reductions[entry.position] += 1
                steps[entry.position].append(_exchange_step(exchange.card, -1, _("1 SP less")))
    costs = []
    for entry in placed:
        card = entry.facts.card
        explained = steps[entry.position]
        reduced = bases[entry.position] - reductions[entry.position]
        if reduced < 0:
            explained.append(
                Adjustment(-reduced, FLOOR, _("A cost is never reduced below 0 SP (Additional Rules 35)."))
            )
            reduced = 0
        penalty, step = (0, None)
        if entry.position:
            penalty, step = _penalty(entry, waivers, doubles, ship, exchange)
        if penalty and waive_one:
            for waiver in waive_one:
                if reaches(waiver[1], waiver[0], entry, ship):
                    waive_one.remove(waiver)  # "his [talent] Upgrade": one card only
                    penalty, step = 0, _waived_by(waiver[0].facts.card)
                    break
        if step is not None:
            explained.append(step)
        extras = _extra_steps(entry.facts, ship)
        explained.extend(extras)
        extra = sum(step.amount for step in extras)
        costs.append(
            CardCost(card.id, entry.role, card.cost, penalty, reduced + penalty + extra, card.name, tuple(explained))
        )
    return tuple(costs)


def _penalty_rules(active: list[Entry]) -> tuple[list[tuple[Entry, Qualifier]], ...]:
    """The faction-penalty waivers ("You do not pay a faction penalty …"), one-card waivers ("his [talent]
    Upgrade") and doublings (K'Temoc) written on the ship's cards, each with the card carrying it."""
    waivers = [(source, reach) for source in active for reach in source.facts.rules.waivers]
    waive_one = [(source, reach) for source in active for reach in source.facts.rules.waive_one]
    doubles = [(source, reach) for source in active for reach in source.facts.rules.doubles]
    return waivers, waive_one, doubles


# Shinzon (Cap903): the SP he spends buys every card beside him; counted once, on the first of them
BESIDE_WORDS = gettext_noop(
    "Placed face down beside its captain at setup: bought for the SP the captain's text spends, once."
)


BENEATH_WORDS = gettext_noop(
    "Placed face down beneath this card at setup: not paid for, its penalties are (2016 FAQ, Deep Space 9 – Quark:"
    ' "You do not pay for Quark\'s Upgrade").'
)


def cost_beneath(ship: ShipInFleet, exchange: OfficerExchange | None = None) -> tuple[CardCost, ...]:
    """The Upgrades placed face down beneath a card of ``ship`` at setup, priced.

    "You do not pay for Quark's Upgrade" and "You must pay any penalties in the card text and faction penalty
    when placing a card under Quark" (2016 FAQ, Deep Space 9 – Quark): the printed cost goes, the faction
    penalty and the card's own extra cost stay. The other cards placed at setup the same way (Cryogenic Stasis,
    Leonard McCoy, Daimon Solok, …) are priced by the same ruling. No reduction reaches a card face down. Shinzon's
    "you may spend 4 SP to place up to 4 Romulan [talent] Upgrades face down beside this card" buys them all for
    4 SP, counted once, on the first card beside him (their penalties paid as beneath Quark).
    """
    if not ship.beneath:
        return ()
    waivers, _one, doubles = _penalty_rules([e for e in ship.placed if e.facts.rules.prices])
    costs = []
    bought: set[int] = set()  # the hosts whose purchase is counted (Shinzon's 4 SP, on the first card beside him)
    for offset, (facts, host) in enumerate(ship.beneath):
        card = facts.card
        entry = Entry(facts, ROLE_UPGRADE, len(ship.placed) + offset)
        spent = next((r.amount for r in host.card.restrictions if r.code == "places_beside"), None)
        words = _(BENEATH_WORDS) if spent is None else _(BESIDE_WORDS)
        steps = [Adjustment(-card.cost, REDUCTION, words, host.card.id, host.card.name)] if card.cost else []
        if spent is not None and id(host) not in bought:
            bought.add(id(host))
            fallback = _("%(card)s: you may spend %(spent)d SP to place them face down beside this card.") % {
                "card": host.card.name,
                "spent": spent,
            }
            steps.append(because(host.card, "spend", spent, EXTRA_COST, fallback))
        penalty, step = _penalty(entry, waivers, doubles, ship, exchange)
        if step is not None:
            steps.append(step)
        steps.extend(_extra_steps(facts, ship))
        extra = sum(step.amount for step in steps if step.kind == EXTRA_COST)
        costs.append(CardCost(card.id, ROLE_UPGRADE, card.cost, penalty, penalty + extra, card.name, tuple(steps)))
    return tuple(costs)


def _saving(entry: Entry, amount: int, bases: list[int], reductions: list[int]) -> tuple[int, int]:
    left = bases[entry.position] - reductions[entry.position]
    return min(amount, left), left


def _extra_steps(facts: CardFacts, ship: ShipInFleet) -> list[Adjustment]:
    """The extra costs printed on the card that apply on this ship, each quoted."""
    card = facts.card
    return [
        because(card, "extra", rule.amount, EXTRA_COST, _extra_words(rule))
        for rule in facts.rules.extras
        if _extra_applies(rule.code, rule.value, ship)
    ]


def _extra_cost(entry: Entry, ship: ShipInFleet) -> int:
    """The extra costs printed on the card that apply on this ship ("+5 SP for any non-Breen ship")."""
    return sum(r.amount for r in entry.facts.rules.extras if _extra_applies(r.code, r.value, ship))


def _computed_step(entry: Entry, base: int) -> Adjustment:
    """ "The SP cost is equal to the ship's Primary Weapon Value +1": from printed to computed cost."""
    card = entry.facts.card
    if entry.facts.rules.cost_from_attack is not None:
        family, words = "attack", _("Its cost is computed from the ship's Primary Weapon Value.")
    else:
        family, words = "hull", _("Its cost is computed from the ship's Hull Value.")
    return because(card, family, base - card.cost, COMPUTED, words)


def _reduced_by(card: Card, amount: int, taken: int | None = None) -> Adjustment:
    """A reduction ``card`` grants: "-1 SP" as its text says (``taken`` when a cap lets less through)."""
    fallback = _("%(card)s reduces this card's cost by %(amount)d SP.") % {"card": card.name, "amount": amount}
    return because(card, "reduce", -(amount if taken is None else taken), REDUCTION, fallback, cited=amount)


def _seat_step(seat: SeatReduction, amount: int) -> Adjustment:
    """The step of a reduced slot: its card's sentence quoted, or the Fleet Captain's point 5 in words."""
    if seat.amount is None:
        return Adjustment(-amount, REDUCTION, _(FREE_TALENT_WORDS), seat.source.id, seat.source.name)
    return _reduced_by(seat.source, seat.amount if seat.cited is None else seat.cited, amount)


FREE_TALENT_WORDS = gettext_noop(
    "Fleet Captain: the captain forgoes the bonus [talent] slot and equips 1 of his [talent] Upgrades for free."
)


def _set_exact(
    reach: Qualifier,
    exact: int,
    source: Entry,
    placed: list[Entry],
    bases: list[int],
    steps: list[list[Adjustment]],
    ship: ShipInFleet,
) -> None:
    """ "… cost exactly 3 SP": every card it reaches, or with a limit ("Up to 3 of the Upgrades") the ones
    where it saves most, at the player's choice."""
    reached = [e for e in placed if e.position and reaches(reach, source, e, ship)]
    if reach.limit is not None:
        reached = sorted((e for e in reached if bases[e.position] > exact), key=lambda e: -bases[e.position])
        reached = reached[: reach.limit]
    for entry in reached:
        _exact_step(source.facts.card, exact, entry.position, bases, steps)


def _exact_step(card: Card, exact: int, position: int, bases: list[int], steps: list[list[Adjustment]]) -> None:
    """``card`` sets the cost at ``position`` to ``exact``, its sentence quoted."""
    if bases[position] != exact:
        fallback = _("%(card)s sets its cost to %(exact)d SP.") % {"card": card.name, "exact": exact}
        steps[position].append(because(card, "exact", exact - bases[position], EXACT, fallback, cited=exact))
    bases[position] = exact


@dataclass(frozen=True, slots=True)
class _Discount:
    amount: int
    source: Card


def _ship_discount(ship: ShipInFleet) -> _Discount | None:
    """The best ship discount on it (the Borg Support Vehicle Token: -10 SP, -15 SP on a Borg Sphere)."""
    best = None
    for facts in ship.attached:
        if "ship_discount" not in facts.codes:
            continue
        for r in facts.card.restrictions:
            if r.code != "ship_discount" or (r.value is not None and ship.ship.ship_class_key != str(r.value).lower()):
                continue
            if best is None or r.amount > best.amount:
                best = _Discount(r.amount, facts.card)
    return best


def _exchange_step(card: Card, amount: int, what: str) -> Adjustment:
    """The Officer Exchange Program's step: 1 SP less for a captain or admiral, or no faction penalty."""
    kind = REDUCTION if amount else WAIVED
    words = _("Officer Exchange Program: %(what)s.") % {"what": what}
    return because(card, "reduce" if amount else "waive", amount, kind, words, cited=1)


def _waived_by(card: Card) -> Adjustment:
    fallback = _("%(card)s pays no faction penalty (the card database's record of the card).") % {"card": card.name}
    return because(card, "waive", 0, WAIVED, fallback)


def _penalty(
    entry: Entry,
    waivers: list[tuple[Entry, Qualifier]],
    doubles: list[tuple[Entry, Qualifier]],
    ship: ShipInFleet,
    exchange: OfficerExchange | None,
) -> tuple[int, Adjustment | None]:
    """The faction penalty ``entry`` pays and the step that explains it (a waiver is a step of 0 SP)."""
    card = entry.facts.card
    if entry.role == ROLE_SHIP or card.kind == OTHER:
        return 0, None
    if entry.role == ROLE_CAPTAIN:
        factions, amount = ship.captain_factions, CAPTAIN_PENALTY
    elif entry.role == ROLE_ADMIRAL:
        factions, amount = frozenset(card.factions), ADMIRAL_PENALTY
    else:
        factions, amount = frozenset(card.factions), UPGRADE_PENALTY
    if not factions or factions & ship.ship_factions:
        return 0, None
    exchangeable = entry.role != ROLE_UPGRADE or entry.facts.slot_type == "crew"
    if exchange is not None and exchangeable and exchange.joins(entry, ship):
        return 0, _exchange_step(exchange.card, 0, _("no faction penalty between the two chosen Factions"))
    for source, reach in waivers:
        if reaches(reach, source, entry, ship):
            return 0, _waived_by(source.facts.card)
    for source, reach in doubles:
        if reaches(reach, source, entry, ship):
            fallback = _("%(card)s doubles the faction penalty.") % {"card": source.facts.card.name}
            return amount * 2, because(source.facts.card, "double", amount * 2, FACTION_PENALTY, fallback)
    return amount, Adjustment(amount, FACTION_PENALTY, _penalty_words(entry.role, factions, ship))


def _penalty_words(role: str, factions: frozenset[str], ship: ShipInFleet) -> str:
    own = "/".join(sorted(_faction_words(f) for f in factions))
    there = "/".join(sorted(_faction_words(f) for f in ship.ship_factions)) or _("factionless")
    rule = _("Additional Rules 20")
    if role == ROLE_ADMIRAL:
        rule = _("tripled for an admiral: Additional Rules 20, Admiral Cards")
    an = own[:1] in "AEIOU"
    words = {
        ROLE_CAPTAIN: (
            _("Faction penalty: an %(own)s captain on the %(there)s ship (%(rule)s).")
            if an
            else _("Faction penalty: a %(own)s captain on the %(there)s ship (%(rule)s).")
        ),
        ROLE_ADMIRAL: (
            _("Faction penalty: an %(own)s admiral on the %(there)s ship (%(rule)s).")
            if an
            else _("Faction penalty: a %(own)s admiral on the %(there)s ship (%(rule)s).")
        ),
    }.get(
        role,
        _("Faction penalty: an %(own)s upgrade on the %(there)s ship (%(rule)s).")
        if an
        else _("Faction penalty: a %(own)s upgrade on the %(there)s ship (%(rule)s)."),
    )
    return words % {"own": own, "there": there, "rule": rule}


def _faction_words(slug: str) -> str:
    return slug.replace("-", " ").title()


_EXTRA_CONDITIONS = {
    "extra_cost_unless_ship": gettext_noop("unless the ship is %(value)s"),
    "extra_cost_unless_ship_faction": gettext_noop("unless the ship is %(value)s"),
    "extra_cost_unless_ship_class": gettext_noop("unless the ship is %(value)s"),
    "extra_cost_unless_captain": gettext_noop("unless its captain is %(value)s"),
    "extra_cost_if_skill_over": gettext_noop("if its captain's Skill is greater than %(value)s"),
    "extra_cost_unless_captain_talent": gettext_noop("unless its captain's card has a [%(value)s] icon"),
}


def _extra_words(rule: Restriction) -> str:
    """An extra cost that came from the card's record, not its text (Utopia's cost box, a Space Dock code)."""
    value = _(" or ").join(alternative.title() for alternative in str(rule.value).split("|"))
    condition = _(_EXTRA_CONDITIONS[rule.code]) % {"value": value}
    return _("Printed extra cost: +%(amount)d SP %(condition)s.") % {"amount": rule.amount, "condition": condition}


def _extra_applies(code: str, value: str | int | None, ship: ShipInFleet) -> bool:
    if code == "extra_cost_unless_ship":
        return not any(ship.fits(key) for key in str(value).split("|"))
    if code == "extra_cost_unless_ship_faction":
        return value not in ship.ship_factions
    if code == "extra_cost_unless_ship_class":
        return " ".join(str(value).lower().split()) != ship.ship.ship_class_key
    if code == "extra_cost_unless_captain":
        return not any(ship.captain_fits(key) for key in str(value).split("|"))
    if code == "extra_cost_if_skill_over":
        if ship.captain is None:
            return False
        assert value is not None  # the card text reader writes the Skill it is over
        return ship.captain.card.skill > int(value)
    if code == "extra_cost_unless_captain_talent":  # Covert Mission: "If the Captain's card does not have an [talent]
        return ship.captain is None or ship.captain.card.talent_slots < 1  # icon, this Upgrade costs +1 SP"
    return False
