"""Per-catalog lookups, computed once so validating a fleet is a handful of dict reads.

A catalog holds a few thousand cards and stays the same for a whole event; the engine
validates many fleets against it. Everything that depends on a card alone (its
restriction groups, unique-name key, ship kind, Blind Booster sets) is worked out here,
on first use, and kept in ``Catalog.lookup_cache``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from rules.attack_wing.card_text.descriptors import CLASS_MARK, FACTION_WORDS, descriptor_key, normalize_class
from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.card_text.qualifiers import Qualifier, read_qualifier
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, RESOURCE, SHIP, UPGRADE_TYPES, Card, Catalog, Restriction
from rules.attack_wing.coverage import unapplied_sentences
from rules.attack_wing.retirement import Retirement, retirement_for

# Restriction codes whose values are alternatives: a card allowed on "Klingon or Romulan ships"
# carries two ``ship_faction`` entries. The three ship-identity codes form one group.
_ANY_OF_GROUPS = {
    "ship_faction": "ship_faction",
    "captain_faction": "captain_faction",
    "ship_class": "ship_identity",
    "ship_class_contains": "ship_identity",
    "ship_name": "ship_identity",
}
_BOUNDS: tuple[str, ...] = ("hull_min", "hull_max", "shield_min", "shield_max", "attack_min", "attack_max")
_BOUNDS += ("captain_skill_min", "captain_skill_max")


@dataclass(frozen=True, slots=True)
class CardFacts:
    card: Card
    name_key: str
    one_per_ship: bool
    bounds: tuple[tuple[str, int], ...]
    any_of: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  # (group, ((code, value), ...))
    requires_resource: str | None
    codes: frozenset[str]
    ship_class_key: str
    oversized: bool
    shuttle: bool
    slot_type: str | None  # the slot this card fills, if any
    booster_sets: frozenset[str]
    booster_only: bool  # every set it comes in is a Blind Booster pack
    rules: CardRules


@dataclass(frozen=True, slots=True)
class CardRules:
    """A card's cost and deployment rules, compiled once from its restrictions."""

    ship_is: tuple[str, ...] = ()  # descriptor keys, any one suffices
    captain_is: tuple[str, ...] = ()
    no_captain: bool = False
    max_upgrade_cost: tuple[tuple[str, int], ...] = ()
    cost_from_attack: int | None = None  # the card costs the ship's Primary Weapon Value plus this
    extras: tuple[Restriction, ...] = ()  # printed extra costs, paid when their condition holds
    reductions: tuple[tuple[str, Qualifier, int], ...] = ()  # ("reduce" | "reduce_one" | "fleet", reach, SP)
    added_reductions: tuple[tuple[Qualifier, int], ...] = ()  # for the card in each slot this card adds
    equipped_exact: tuple[tuple[Qualifier, int], ...] = ()  # "… Upgrades equipped to this Captain cost 3 SP"
    added_exact: tuple[tuple[Qualifier, int], ...] = ()  # Balance of Terror: the card in the slot it adds costs 3
    self_per: tuple[tuple[Qualifier, int], ...] = ()  # "This card costs -1 SP for each … Upgrade equipped to this ship"
    waivers: tuple[Qualifier, ...] = ()  # faction penalties this card waives
    waive_one: tuple[Qualifier, ...] = ()  # … for one card only ("his [talent] Upgrade")
    exact: tuple[tuple[Qualifier, int], ...] = ()  # cards that "cost exactly" N
    doubles: tuple[Qualifier, ...] = ()  # faction penalties this card doubles
    ship_rule_text: str = ""  # the card's own sentence restricting its ship, for messages
    captain_rule_text: str = ""  # the card's own sentence restricting its captain
    only_cards: tuple[Qualifier, ...] = ()  # cards of these kinds on the ship must fit ("only a Romulan Captain")
    no_admiral: bool = False
    free_of_faction_rules: tuple[Qualifier, ...] = ()  # cards it frees from "only a <faction> …" rules (Lore)
    not_on_ship_with: tuple[str, ...] = ()  # names that may not share its ship ("You may not equip the …")
    ship_unique: bool = False  # only on a unique or mirror-unique ship
    cost_from_hull: int | None = None  # the card costs the ship's printed Hull Value plus this
    not_with: tuple[str, ...] = ()  # names that may not be in the same fleet
    prices: bool = False  # the card changes other cards' costs or penalties (a quick skip for the rest)
    computes_cost: bool = False  # its cost comes from the ship's values (Primary Weapon Value, Hull Value)
    guards: bool = False  # the card restricts what else shares its ship
    names_a_ship: bool = False  # it is bound to a ship or class by name ("only … for a Bajoran Interceptor")
    name_key: str = ""  # the card's name as a descriptor ("bio neural circuitry")
    # a ship's maneuver dial (its top speed, the kinds of maneuver on it); None when the database gives none
    dial: tuple[int, frozenset[str]] | None = None
    dial_top_speed_max: int | None = None  # "only … for a ship that does not have a 4 or higher on its Maneuver Dial"
    dial_needs: tuple[str, ...] = ()  # "cannot be deployed to a ship that does not have a [come-about] Maneuver …"
    actions: frozenset[str] | None = None  # a ship's Action Bar; None when the database gives none
    actions_added: frozenset[str] = frozenset()  # icons the ship's own text adds to its bar ("add the [scan] …")
    actions_added_if_only: frozenset[str] = frozenset()  # … only while every card on it is of these factions
    actions_needed: tuple[str, ...] = ()  # "only … for a ship that has the [battlestations] icon on its Action Bar"
    text_key: str = ""  # the card's text as descriptor words ("counts as a romulan drone pilot")


class CatalogIndex:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.has_booster_sets = any(s.blind_booster for s in catalog.sets.values())
        self.factions = frozenset(f for c in catalog.cards.values() for f in c.factions)
        self.facts: dict[str, CardFacts] = {card_id: self._facts(card) for card_id, card in catalog.cards.items()}
        self._retirements: dict[tuple[str, int], Retirement | None] = {}
        self._unapplied: dict[str, tuple[str, ...]] = {}

    def fact(self, card_id: str) -> CardFacts | None:
        found = self.facts.get(card_id)
        if found is None and card_id in self.catalog.aliases:
            found = self.facts.get(self.catalog.aliases[card_id])
        return found

    def unapplied(self, card: Card) -> tuple[str, ...]:
        """The card's sentences that change costs or legality and that the engine does not apply (computed once)."""
        found = self._unapplied.get(card.id)
        if found is None:
            found = self._unapplied[card.id] = unapplied_sentences(card)
        return found

    def retirement(self, card: Card, months: int) -> Retirement | None:
        key = (card.id, months)
        if key not in self._retirements:
            self._retirements[key] = retirement_for(card.name, self.catalog.release_date(card), months)
        return self._retirements[key]

    def _facts(self, card: Card) -> CardFacts:
        codes = frozenset(r.code for r in card.restrictions)
        groups: dict[str, list[tuple[str, str]]] = {}
        for restriction in card.restrictions:
            group = _ANY_OF_GROUPS.get(restriction.code)
            if group:
                groups.setdefault(group, []).append((restriction.code, str(restriction.value)))
        required = [str(r.value) for r in card.restrictions if r.code == "requires_resource"]
        booster_sets = frozenset(s for s in card.set_ids if (cs := self.catalog.sets.get(s)) and cs.blind_booster)
        return CardFacts(
            card=card,
            name_key=" ".join(card.name.lower().split()),
            one_per_ship="one_per_ship" in codes,
            bounds=tuple((r.code, int(r.value)) for r in card.restrictions if r.code in _BOUNDS and _is_int(r.value)),
            any_of=tuple((group, tuple(values)) for group, values in groups.items()),
            requires_resource=required[0] if required else None,
            codes=codes,
            ship_class_key=normalize_class(card.ship_class),
            oversized="oversized_base" in codes,
            shuttle="shuttlecraft" in codes,
            slot_type=(
                card.upgrade_type
                if card.upgrade_type in UPGRADE_TYPES and card.kind not in _SLOTLESS and "no_slot" not in codes
                else None
            ),
            booster_sets=booster_sets,
            booster_only=bool(card.set_ids) and len(booster_sets) == len(set(card.set_ids)),
            rules=compile_rules(card),
        )


_SLOTLESS = (SHIP, CAPTAIN, ADMIRAL, RESOURCE)


_EXTRA_CODES = frozenset(
    {
        "extra_cost_unless_ship",
        "extra_cost_unless_ship_faction",
        "extra_cost_unless_ship_class",
        "extra_cost_unless_captain",
        "extra_cost_if_skill_over",
        "extra_cost_unless_captain_talent",
    }
)


def compile_rules(card: Card) -> CardRules:
    """Restrictions as the cost engine and the checks read them; older codes are read as their new form."""
    ship_is, captain_is, extras, reductions, waivers, doubles, max_costs = [], [], [], [], [], [], []
    waive_one, exact, added_reductions, equipped_exact, self_per, added_exact = [], [], [], [], [], []
    cost_from_attack = None
    for r in card.restrictions:
        code, value = r.code, r.value
        if code == "ship_is":
            ship_is.append(str(value))
        elif code == "captain_is":
            captain_is.append(str(value))
        elif code == "max_upgrade_cost":
            max_costs.append((str(value), r.amount))
        elif code == "cost_from_attack":
            cost_from_attack = r.amount
        elif code in _EXTRA_CODES:
            extras.append(r)
        elif code in ("reduce", "reduce_one"):
            reductions.append((code, read_qualifier(str(value)), r.amount))
        elif code == "reduce_added":
            added_reductions.append((read_qualifier(str(value)), r.amount))
        elif code == "exact_equipped":
            equipped_exact.append((read_qualifier(str(value)), r.amount))
        elif code == "exact_added":
            added_exact.append((read_qualifier(str(value)), r.amount))
        elif code == "reduce_self_per":
            self_per.append((read_qualifier(str(value)), r.amount))
        elif code in ("discount", "fleet_discount"):
            if "=" in str(value):
                reach = read_qualifier(str(value))
            else:  # an upgrade type, as catalogs stored before qualifiers were read
                reach = Qualifier(kinds=frozenset({"upgrade" if value == "*" else str(value)}))
            reductions.append(("fleet" if code == "fleet_discount" else "reduce", reach, r.amount))
        elif code == "waive_penalty":
            waivers.append(read_qualifier(str(value)))
        elif code == "waive_penalty_one":
            waive_one.append(read_qualifier(str(value)))
        elif code == "exact_cost":
            exact.append((read_qualifier(str(value)), r.amount))
        elif code == "no_faction_penalty":
            waivers.append(Qualifier(self=True))
        elif code == "no_faction_penalty_on":
            waivers.append(Qualifier(self=True, ship=descriptor_key(str(value))))
        elif code == "upgrades_no_faction_penalty":
            waivers.append(Qualifier(kinds=frozenset({"upgrade"})))
        elif code == "double_penalty":
            doubles.append(read_qualifier(str(value)))
    only_cards = tuple(read_qualifier(str(r.value)) for r in card.restrictions if r.code == "ship_cards_only")
    no_admiral = any(r.code == "no_admiral" for r in card.restrictions)
    return CardRules(
        ship_is=tuple(dict.fromkeys(ship_is)),
        captain_is=tuple(dict.fromkeys(captain_is)),
        no_captain=any(r.code == "no_captain" for r in card.restrictions),
        max_upgrade_cost=tuple(max_costs),
        cost_from_attack=cost_from_attack,
        extras=tuple(extras),
        reductions=tuple(reductions),
        added_reductions=tuple(added_reductions),
        equipped_exact=tuple(equipped_exact),
        added_exact=tuple(added_exact),
        self_per=tuple(self_per),
        waivers=tuple(waivers),
        waive_one=tuple(waive_one),
        exact=tuple(exact),
        doubles=tuple(doubles),
        ship_rule_text=_rule_sentence(card.text, "ship") if ship_is else "",
        captain_rule_text=_rule_sentence(card.text, "captain") if captain_is else "",
        only_cards=only_cards,
        free_of_faction_rules=tuple(
            read_qualifier(str(r.value)) for r in card.restrictions if r.code == "ignore_faction_restriction"
        ),
        not_on_ship_with=tuple(str(r.value) for r in card.restrictions if r.code == "not_on_ship_with"),
        ship_unique=any(r.code == "ship_unique" for r in card.restrictions),
        cost_from_hull=next((r.amount for r in card.restrictions if r.code == "cost_from_hull"), None),
        no_admiral=no_admiral,
        prices=bool(
            reductions
            or added_reductions
            or equipped_exact
            or added_exact
            or self_per
            or waivers
            or waive_one
            or doubles
            or exact
        ),
        computes_cost=cost_from_attack is not None or any(r.code == "cost_from_hull" for r in card.restrictions),
        guards=bool(only_cards or no_admiral or any(r.code == "not_on_ship_with" for r in card.restrictions)),
        not_with=tuple(str(r.value) for r in card.restrictions if r.code == "not_with"),
        names_a_ship=any(_names_a_ship(r) for r in card.restrictions),
        name_key=descriptor_key(card.name),
        text_key=descriptor_key(card.text) if card.kind in (CAPTAIN, ADMIRAL) else "",
        dial=_dial(card.restrictions),
        dial_top_speed_max=next((_number(r.value) for r in card.restrictions if r.code == "dial_top_speed_max"), None),
        dial_needs=tuple(str(r.value) for r in card.restrictions if r.code == "dial_needs"),
        actions=frozenset(str(r.value) for r in card.restrictions if r.code == "action") or None,
        actions_added=frozenset(str(r.value) for r in card.restrictions if r.code == "action_added"),
        actions_added_if_only=frozenset(str(r.value) for r in card.restrictions if r.code == "action_added_if_only"),
        actions_needed=tuple(str(r.value) for r in card.restrictions if r.code == "action_needed"),
    )


def _dial(restrictions: tuple[Restriction, ...]) -> tuple[int, frozenset[str]] | None:
    top = next((int(r.value) for r in restrictions if r.code == "dial_top_speed" and _is_int(r.value)), None)
    if top is None:
        return None
    return top, frozenset(str(r.value) for r in restrictions if r.code == "dial_maneuver")


_SHIP_NAMING_CODES = frozenset(
    {
        "ship_class",
        "ship_class_contains",
        "ship_name",
        "extra_cost_unless_ship_class",
        "ship_is",
        "extra_cost_unless_ship",
    }
)


def _names_a_ship(r: Restriction) -> bool:
    """Whether a restriction binds its card to a ship or a class of ship, not merely to a faction."""
    if r.code not in _SHIP_NAMING_CODES:
        return False
    if r.code not in ("ship_is", "extra_cost_unless_ship"):
        return True
    return any(key.removesuffix(CLASS_MARK) not in FACTION_WORDS for key in str(r.value).split("|"))


def _rule_sentence(text: str, about: str) -> str:
    """The sentence of a card's text that restricts its ship or captain ("… may only be purchased for …")."""
    for sentence in sentences(plain_text(text)):
        lower = sentence.lower()
        if "only" in lower and (about in lower or (about == "ship" and "purchased" in lower)):
            return sentence.rstrip(".") + "."
    return ""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: str | int | None) -> int:
    """The number a numeric code carries; the card text reader always writes one."""
    assert value is not None
    return int(value)


def index_for(catalog: Catalog) -> CatalogIndex:
    """The catalog's index, rebuilt when cards or sets were added or removed since it was made."""
    signature = (len(catalog.cards), len(catalog.sets), len(catalog.aliases))
    cached = catalog.lookup_cache.get("index")
    if cached is None or cached[0] != signature:
        cached = (signature, CatalogIndex(catalog))
        catalog.lookup_cache["index"] = cached
    return cached[1]
