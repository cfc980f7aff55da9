"""Sentences that change what a card costs, read into restrictions.

Extra costs ("costs +5 SP for any ship other than a …"), reductions ("All of your Klingon
Upgrades cost -1 SP", "One of your Dominion Upgrades costs -2 SP"), exact costs ("… cost exactly
3 SP"), resources whose cost the text computes, and the stat bonuses those computed costs count
("Add +1 to your ship's Shield value"). The reader (:mod:`~rules.attack_wing.card_text.reader`)
finds the sentence; the functions here read what it says.
"""

from __future__ import annotations

import re
from typing import Any

from rules.attack_wing.card_text.descriptors import (
    FACTION_WORDS,
    UPGRADE_WORDS,
    alternatives_in,
    descriptor_key,
    ship_keys,
    strip_captain,
)
from rules.attack_wing.card_text.qualifiers import factions_in, types_in, write_qualifier
from rules.attack_wing.card_text.slots import ADDITIONAL_UPGRADE
from rules.attack_wing.catalog import Restriction

# "That Upgrade costs -1 SP" after "Add 1 [tech] Upgrade slot …": a reduction for the card that sits in a slot the
# card adds, one card per added slot (Tuvok, Thalen, Weyoun, Sakharov's additional purchase)
REDUCE_ADDED = "reduce_added"

# "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP" (Duras): an exact cost for the
# cards that sit in the captain's own slots, not for a [talent] in an admiral's or the Fleet Captain's slot
EXACT_EQUIPPED = "exact_equipped"

_EXTRA_SHIP = re.compile(
    r"^\s*(?:if (?:purchased|fielded|equipped|deployed) )?(?:(?:for|on|to) )?(?:(?:any|a) )?"
    r"(?:ship (?:other than|that is not)|non[- ]?)\s*(?P<desc>.+?)(?=,? and |$)",
    re.IGNORECASE,
)


_EXTRA_NOT_EQUIPPED = re.compile(
    r"^\s*if not (?:equipped|purchased|fielded) (?:to|for|on) (?P<desc>.+?)(?=,? and |$)", re.IGNORECASE
)


_EXTRA_CAPTAIN = re.compile(r"^\s*for any captain other than (?P<desc>.+?)(?=,? and |$)", re.IGNORECASE)


_EXTRA_SKILL = re.compile(
    r"^\s*if purchased for a captain with a skill (?:greater than|higher than|over) (?P<n>\d+)", re.IGNORECASE
)


_REDUCE = re.compile(r"\bcosts? -(?P<n>\d+) ?(?:sp|squadron points?)?", re.IGNORECASE)


_REDUCE_MARKERS = re.compile(
    r"\b(?:all of your|all your|one of your|each|all|(?<!to )your ship|the)\b"
    r"(?!.*\b(?:all of your|all your|one of your)\b)",
    re.IGNORECASE,
)


_REDUCE_CONDITION = re.compile(r"^if this card is assigned to an? (?P<f>[\w' -]+?) ship,?\s*", re.IGNORECASE)


_EXACT = re.compile(
    r"^(?:(?P<all>any (?P<what>.+?) upgrades you purchase for \S+)"
    r"|up to (?P<n>\d+) of the upgrades you purchase for (?:your|you) ship"
    r"|(?P<one>one) of the (?P<one_what>\[\w+\]) upgrades you purchase for .+?'s ship) costs? exactly (?P<cost>\d+)",
    re.IGNORECASE,
)


_EXACT_ON_CAPTAIN = re.compile(
    r"^(?P<what>.+?) upgrades equipped to this captain cost (?P<cost>\d+) ?(?:sp|squadron points?)\b", re.IGNORECASE
)


def exact_cost_rules(sentence: str) -> list[Restriction]:
    """ "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 SP" (Cap905); Khan's "Up to 3 of
    the Upgrades you purchase for your ship cost exactly 4 SP each" with "The printed cost on those Upgrades
    cannot be greater than 6" (Cap725, the next sentence: read by :func:`read_card_text`; Space Dock prints
    "for you ship"); Tahna Los's "One of the [tech] upgrades you purchase for Tahna Los's ship costs exactly 3";
    Duras's "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP" (no "exactly",
    the same rule: the cost is set, then the faction penalty is added)."""
    on_captain = _EXACT_ON_CAPTAIN.search(sentence)
    if on_captain:  # Duras (Cap656): the Upgrades in his own slots (``exact_equipped``), placed with the ship
        return [Restriction(EXACT_EQUIPPED, _typed_reach(on_captain["what"]), int(on_captain["cost"]))]
    match = _EXACT.search(sentence)
    if not match:
        return []
    if match["all"]:
        reach = _typed_reach(match["what"])
    elif match["one"]:  # Tahna Los (Cap524): "One of the [tech] upgrades you purchase for Tahna Los's ship …"
        generic = bool(re.search(r"cannot refer to a specific ship or class of ship", sentence, re.IGNORECASE))
        reach = write_qualifier(kinds=set(types_in(match["one_what"])) or {"upgrade"}, limit=1, generic=generic)
    else:
        reach = write_qualifier(kinds={"upgrade"}, limit=int(match["n"]))
    return [Restriction("exact_cost", reach, int(match["cost"]))]


def _typed_reach(what: str) -> str:
    """ "Federation [talent]", "Romulan [talent] and Klingon [talent]": the upgrade types and factions named."""
    kinds = set(types_in(what)) or {"upgrade"}
    return write_qualifier(kinds=kinds, factions=set(factions_in(re.sub(r"\[\w+\]", "", what))))


_STAT_BONUS = re.compile(
    r"(?:add \+?(?P<a>\d+) to (?:your|this) ship'?s? (?:agility value and )?(?P<sa>shield|hull) value"
    r"|increase this ship'?s? (?P<sb>shield|hull)(?: and agility)? valu+es? by \+?(?P<b>\d+)"
    r"|your (?:starting )?(?:primary weapon and )?(?P<sc>shield|hull) values? (?:is|are) (?:each )?(?:at )?\+(?P<c>\d+)"
    r"|with its printed (?P<sd>shield|hull) value \+(?P<d>\d+))",
    re.IGNORECASE,
)


def stat_bonuses(sentence: str) -> list[tuple[str, int]]:
    """ "Add +1 to your ship's Shield value" (T026): the ship starts the game with it (Emergency Force Field,
    Improved Hull count starting values). The other printings say the same: "Increase this ships Shield Value
    by 1" (T170, the apostrophe missing), "Your starting Shield Value is at +1" (T057), "Your Primary Weapon and
    Hull values are each at +1" (T201), "Add +2 to this ship's Hull Value" (T286), "Replace the Shield Value of
    this ship with its printed Shield Value +2" (T262), "Increase this ship's Shield and Agility Values by 1"
    (T174, T303), "Increase this ship's Shield Valuue by 1" (T302, misprinted), "Add 1 to this ship's Agility
    Value and Hull Value" (T266)."""
    if re.search(r"\bif\b|\bwhen\b|\bwhile\b|this round|\buntil\b", sentence, re.IGNORECASE):
        return []
    found = []
    for m in _STAT_BONUS.finditer(sentence):
        stat = (m["sa"] or m["sb"] or m["sc"] or m["sd"]).lower()
        found.append(("shields" if stat == "shield" else "hull", int(m["a"] or m["b"] or m["c"] or m["d"])))
    return found


def computed_resource_costs(sentence: str) -> list[Restriction]:
    """Resources whose cost the text computes (Emergency Force Field, Improved Hull, Main Power Grid, Senior Staff)."""
    lower = sentence.lower()
    if re.search(r"starting shield values? of all (?:of (?:your|the) )?ships.*divided by 2", lower):
        return [Restriction("resource_cost", "half_total_shields")]
    if re.search(r"starting hull values? of all (?:of (?:your|the) )?ships.*divided by 2", lower):
        return [Restriction("resource_cost", "half_total_hull")]
    grid = re.search(r"costs (\d+) sp plus (\d+) sp for each hull value greater than (\d+)", lower)
    if grid:
        return [Restriction("resource_cost", f"ships_hull_over:{grid[3]}:{grid[1]}", int(grid[2]))]
    staff = re.search(r"(\d+) sp for each additional \[talent\] upgrade", lower)
    if staff:
        return [Restriction("resource_cost", "extra_talents", int(staff[1]))]
    return []


def extra_cost_rules(amount: int, tail: str) -> list[Restriction]:
    skill = _EXTRA_SKILL.match(tail)
    if skill:
        return [Restriction("extra_cost_if_skill_over", int(skill["n"]), amount)]
    captain = _EXTRA_CAPTAIN.match(tail)
    if captain:
        keys = [descriptor_key(strip_captain(p)) for p in alternatives_in(captain["desc"])]
        return [Restriction("extra_cost_unless_captain", "|".join(keys), amount)]
    ship = _EXTRA_SHIP.match(tail) or _EXTRA_NOT_EQUIPPED.match(tail)
    if ship:
        keys = ship_keys(ship["desc"].rstrip(". "))
        if all(keys):
            return [Restriction("extra_cost_unless_ship", "|".join(keys), amount)]
    return []


def reduction_rules(sentence: str) -> list[Restriction]:
    """ "All of your Klingon Upgrades cost -1 SP", "[weapon] Upgrades equipped to this ship cost -1 SP"."""
    found: list[Restriction] = []
    condition = _REDUCE_CONDITION.match(sentence)
    body = sentence[condition.end() :] if condition else sentence
    if re.search(r"\bif\b|\bwhen\b|\bfor each\b|may reduce|at a cost|exactly|\bmin 1\b", body, re.IGNORECASE):
        return []
    start = 0
    for match in _REDUCE.finditer(body):
        clause = body[start : match.start()]
        tail = body[match.end() :]
        start = match.end()
        markers = list(_REDUCE_MARKERS.finditer(clause))
        marker = markers[-1] if markers else None
        head = clause[marker.start() :] if marker else clause
        if re.search(r"\b(?:that|this|these|selected|his|its)\b", head, re.IGNORECASE) and not re.search(
            r"equipped to this ship|assigned to (?:this|your) ship", head, re.IGNORECASE
        ):
            continue  # refers to a card chosen elsewhere in the text: not a standing reduction
        restriction = _reduction(head, tail, int(match["n"]), condition["f"] if condition else "")
        if restriction is not None:
            found.append(restriction)
    return found


_SELECT_ONE_OF_EACH = re.compile(
    r"^(?:gather forces step:\s*)?select (?P<cards>1 \[\w+\] upgrade(?:,? (?:and/or |and |or )?1 \[\w+\] upgrade)*)"
    r" equipped to this ship\.?$",
    re.IGNORECASE,
)
_SELECTED_COST = re.compile(r"^the selected upgrades cost -\s?(?P<n>\d+) ?sp each\.?$", re.IGNORECASE)


_ADDS_SLOTS = re.compile(
    r"\badd (?:up to )?(?P<n>\d+|an?|one|two) (?:additional )?\[(?P<type>\w+)\](?: upgrades?)?(?: slots?)? to "
    r"(?:your|you|this)\b[^.]*\bupgrade bar\.?$",
    re.IGNORECASE,
)
_THAT_UPGRADE = re.compile(
    r"^that upgrade costs -\s?(?P<n>\d+) ?sp(?: \(min (?P<floor>\d+)\))?"
    r"(?: and must be an? (?P<who>[\w' -]+?) \[\w+\] upgrade)?\.?$",
    re.IGNORECASE,
)
_THESE_UPGRADES = re.compile(
    r"^the cost of these upgrades is -\s?(?P<n>\d+) ?sp each if they are (?P<who>[\w' -]+?) \[\w+\] upgrades\.?$",
    re.IGNORECASE,
)
_USING_THAT_SLOT = re.compile(
    r"^the \[\w+\] upgrade equipped to this ship using that \[\w+\] upgrade slot costs? -\s?(?P<n>\d+) ?sp for each "
    r"unused upgrade slot on that ship's printed upgrade bar\.?$",
    re.IGNORECASE,
)
_IF_THE_ADDITIONAL = re.compile(
    r"^if the additional \[\w+\] upgrade is an? (?P<who>[\w' -]+?) \[\w+\] upgrade, its cost is -\s?(?P<n>\d+) ?sp\.?$",
    re.IGNORECASE,
)


def added_slot_reductions(added: str, sentence: str) -> list[Restriction]:
    """A card that adds slots to the Upgrade Bar and makes what goes into them cheaper: Tuvok (Cap507) "Add 1 [tech]
    Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP."; Thalen (E161) "… If the additional [weapon]
    Upgrade is a Xindi [weapon] Upgrade, its cost is -2 SP"; Weyoun (Cap717) "Add up to 2 additional [crew] Upgrade
    slots … The cost of these Upgrades is -1 SP each if they are Dominion [crew] Upgrades"; B'Elanna Torres (C357)
    "Add 1 [borg] to this ship's Upgrade Bar. The [borg] Upgrade equipped to this ship using that [borg] Upgrade
    Slot cost -1SP for each unused Upgrade Slot on that ship's printed Upgrade Bar" (``per_unused``: the amount
    once per printed slot the placement leaves empty).

    The reduction reaches the card that sits in a slot the card adds, one card per slot (``reduce_added``): which
    card sits there is decided with the placement of the whole ship (``rules.attack_wing.placement``), as the
    player would place them."""
    slots = _ADDS_SLOTS.search(added.strip())
    if slots is None:
        return []
    kind = slots["type"].lower()
    if match := _THAT_UPGRADE.match(sentence.strip()):  # Nijil (C235): "… (min 1) and must be a Romulan [tech] Upgrade"
        factions = set(factions_in(match["who"] or ""))
        floor = int(match["floor"] or 0)
        qualifier = write_qualifier(kinds={kind}, factions=factions, floor=floor, only=bool(factions))
        return [Restriction(REDUCE_ADDED, qualifier, int(match["n"]))]
    if match := _USING_THAT_SLOT.match(sentence.strip()):
        return [Restriction(REDUCE_ADDED, write_qualifier(kinds={kind}, per_unused=True), int(match["n"]))]
    if match := _IF_THE_ADDITIONAL.match(sentence.strip()) or _THESE_UPGRADES.match(sentence.strip()):
        qualifier = write_qualifier(kinds={kind}, factions=set(factions_in(match["who"])))
        return [Restriction(REDUCE_ADDED, qualifier, int(match["n"]))]
    return []


_PER_CARD = re.compile(
    r"^this card costs -\s?(?P<n>\d+) ?sp for each (?P<what>.+?) upgrade equipped to this ship\.?$", re.IGNORECASE
)
_WITH_CARD = re.compile(
    r"^if this ship is equipped with the '(?P<card>[^']+)' \[hook\], (?P<what>[\w' -]+?) restricted upgrades equipped "
    r"to this ship cost -\s?(?P<n>\d+) ?sp\b",
    re.IGNORECASE,
)
_CAPTAIN_ICON = re.compile(
    r"^if the captain's card does not have an? \[talent\] icon, this upgrade costs \+(?P<n>\d+) ?sp\.?$", re.IGNORECASE
)


def per_card_rules(sentence: str) -> list[Restriction]:
    """Costs that count what shares the ship. Iden (Cap037): "This card costs -1 SP for each Independent Faction ?
    Upgrade equipped to this ship" (the [?] Upgrades, Utopia's ``question`` type: ``reduce_self_per``, 1 SP off
    Iden per such card). Covert Mission (E133): "If the Captain's card does not have an [talent] icon, this Upgrade
    costs +1 SP" (``extra_cost_unless_captain_talent``: +1 unless the ship's captain prints a [talent] icon). U.S.S.
    Prometheus (S362): "If this ship is equipped with the 'Federation Prototype' [hook], Prometheus Class Restricted
    Upgrades equipped to this ship cost -2 SP": a ``reduce`` reaching the Upgrades whose own text restricts them to
    that class ("This Upgrade may only be purchased for a Prometheus Class ship", the class icon printed on them),
    while a card of that name is on the ship."""
    text = sentence.strip()
    if match := _WITH_CARD.match(text):
        reach = write_qualifier(
            kinds={"upgrade"}, with_card=descriptor_key(match["card"]), restricted_to=descriptor_key(match["what"])
        )
        return [Restriction("reduce", reach, int(match["n"]))]
    if match := _PER_CARD.match(text):
        what = match["what"]
        kinds = {"question"} if re.search(r"(?:^|\s)\?$", what) else set(types_in(what)) or {"upgrade"}
        factions = set(factions_in(re.sub(r"\[\w+\]|\?", "", what)))
        return [Restriction("reduce_self_per", write_qualifier(kinds=kinds, factions=factions), int(match["n"]))]
    if match := _CAPTAIN_ICON.match(text):
        return [Restriction("extra_cost_unless_captain_talent", "talent", int(match["n"]))]
    return []


def selected_reductions(selection: str, sentence: str) -> list[Restriction]:
    """It Won't Be Installed Until Tuesday (E237): "Select 1 [tech] Upgrade, 1 [weapon] Upgrade, and/or 1 [crew]
    Upgrade equipped to this ship. The selected Upgrades cost -2 SP each." The choice is made while the fleet is
    built (the Gather Forces step), so it is one "One of your [tech] Upgrades costs -2 SP" per type named
    (``reduce_one``): the card of that type on the ship it saves most on, as a player would select.

    Sakharov (S051): "… you may purchase 1 additional [crew] or [tech] Upgrade for this ship. This Upgrade may
    exceed the ship's restrictions and cost -2 SP (min 0)": the card in the slot the ship adds (``reduce_added``);
    which card that is is decided with the placement of the whole ship."""
    additional, this = ADDITIONAL_UPGRADE.search(selection), _THIS_UPGRADE_COST.match(sentence.strip())
    if additional and this:
        qualifier = write_qualifier(kinds=set(types_in(additional["cards"])))
        return [Restriction(REDUCE_ADDED, qualifier, int(this["n"]))]
    chosen, cost = _SELECT_ONE_OF_EACH.match(selection.strip()), _SELECTED_COST.match(sentence.strip())
    if not (chosen and cost):
        return []
    amount = int(cost["n"])
    return [Restriction("reduce_one", write_qualifier(kinds={kind}), amount) for kind in types_in(chosen["cards"])]


_THIS_UPGRADE_COST = re.compile(r"^this upgrade\b.*\bcost -\s?(?P<n>\d+) ?sp\b", re.IGNORECASE)


def _reduction(head: str, tail: str, amount: int, condition: str) -> Restriction | None:
    lower = head.lower()
    kinds = set(types_in(head))
    if re.search(r"\bcaptains?\b", lower):
        kinds.add("captain")
    if re.search(r"\badmirals?\b", lower):
        kinds.add("admiral")
    if re.match(r"^\s*your ship\s*$", lower):
        kinds = {"ship"}
    elif re.search(r"\bupgrades?\b", lower) and not types_in(head):
        kinds.add("upgrade")
    if not kinds:
        return None
    fields: dict[str, Any] = {"kinds": kinds}
    if condition:
        fields["ship"] = descriptor_key(condition)
    names = re.findall(r"['\"]([^'\"]+)['\"]", head)
    single = re.match(r"^\s*the (?P<name>[^\[]+?) \[\w+\] upgrade\b(?!s)", head, re.IGNORECASE)
    if single and not names:
        names = [single["name"]]
        fields.pop("factions", None)
    if names:
        fields["names"] = {descriptor_key(n) for n in names}
    non = re.findall(r"non[- ](\w+)", head, re.IGNORECASE)
    factions = factions_in(re.sub(r"non[- ]\w+", "", re.sub(r"\[\w+\]", "", head)))
    if factions:
        fields["factions"] = factions
    if non:
        fields["not_factions"] = [FACTION_WORDS.get(n.lower(), n.lower()) for n in non]
    cost_cap = re.search(r"with a cost of (\d+) or less", head, re.IGNORECASE)
    if cost_cap:
        fields["max_cost"] = int(cost_cap.group(1))
    cap = re.search(r"-(\d+) ?max|max -?(\d+)", tail, re.IGNORECASE)
    if cap:
        fields["limit"] = int(cap[1] or cap[2])  # "-5 Max": at most 5 SP off in all
    code = "reduce"
    if re.match(r"^\s*one of your\b", head, re.IGNORECASE):
        code = "reduce_one"
    elif re.search(r"for all ships in your fleet", tail, re.IGNORECASE):
        code = "fleet_discount"
    if code != "reduce_one" and set(fields) == {"kinds"} and len(kinds) == 1:
        # "All of your [crew] Upgrades cost -1 SP": the plain type-wide form keeps its older, simpler code
        kind = next(iter(kinds))
        if kind in UPGRADE_WORDS or kind == "upgrade":
            return Restriction("discount" if code == "reduce" else code, "*" if kind == "upgrade" else kind, amount)
    return Restriction(code, write_qualifier(**fields), amount)
