"""The reader: every fleet-building rule in one card's text (:func:`read_card_text`).

It cuts the text into sentences and tries each printed form on each sentence. The deployment
restrictions — who may take the card: "may only be purchased for …", one per ship, no captain,
hull and weapon bounds, cards that may not share a ship or a fleet — are read here; the sentences
about costs and faction penalties are handed to :mod:`~rules.attack_wing.card_text.cost_rules`
and :mod:`~rules.attack_wing.card_text.waivers`.
"""

from __future__ import annotations

import re

from rules.attack_wing.card_text.beneath import below_ship_rules, beneath_rules, beside_rules
from rules.attack_wing.card_text.cost_rules import (
    added_slot_reductions,
    computed_resource_costs,
    exact_cost_rules,
    extra_cost_rules,
    per_card_rules,
    reduction_rules,
    selected_reductions,
    stat_bonuses,
)
from rules.attack_wing.card_text.descriptors import (
    FACTION_WORDS,
    NAMED_FOR_ITS_CLASS,
    alternatives_in,
    descriptor_key,
    ship_keys,
    strip_captain,
)
from rules.attack_wing.card_text.named_cards import named_card_rules
from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.card_text.qualifiers import factions_in, write_qualifier
from rules.attack_wing.card_text.waivers import penalty_waivers
from rules.attack_wing.catalog import Restriction

# Space Dock's Vulcan Logic (vulcan_logic_71646e): "… for a Vulcan Captain on assigned to a Vulcan ship."
_MISPRINT = re.compile(r"\bon assigned to\b", re.IGNORECASE)


def read_card_text(text: str, kind: str, name: str = "") -> tuple[Restriction, ...]:
    """Every fleet-building rule in one card's text, as restrictions (duplicates removed)."""
    if not text:
        return ()
    found: list[Restriction] = []
    previous = ""
    for sentence in sentences(plain_text(text)):
        found.extend(_read_sentence(_MISPRINT.sub("assigned to", sentence), kind, name))
        found.extend(selected_reductions(previous, sentence))  # "Select 1 [tech] Upgrade …. The selected … cost -2"
        found.extend(added_slot_reductions(previous, sentence))  # "Add 1 [tech] Upgrade slot …. That Upgrade costs -1"
        found.extend(below_ship_rules(previous, sentence))  # Balance of Terror: "… for a cost of exactly 3 SP. …"
        previous = sentence
        total = re.match(r"^\(?max -(\d+) ?sp total\)?$", sentence.strip(), re.IGNORECASE)
        if total:  # Picard (Cap803): "(max -5SP total)" caps the reductions of the sentence before
            found = [_capped(r, int(total[1])) for r in found]
        cap = re.search(
            r"the printed cost on th(?:ose|ese) upgrades cannot be greater than (\d+)", sentence, re.IGNORECASE
        )
        if cap:
            found = [
                Restriction(r.code, f"{r.value};max_cost={cap[1]}", r.amount) if r.code == "exact_cost" else r
                for r in found
            ]
    return tuple(dict.fromkeys(found))


_ONLY = re.compile(
    # "my only be purchased": the misprint of T111 Evasive Attack Route (Utopia) and Gareb (Space Dock)
    r"(?:may|my|can|by|will) only be (?:purchased|fielded|equipped|assigned|deployed)(?: to)? (?:for|to|by|on|in) "
    r"(?P<what>.+?)(?=,? and (?:no|costs?|the|cannot|may)\b|$)",
    re.IGNORECASE,
)


_ONLY_BRACKET = re.compile(r"^\(\s*(?P<what>.+?) only\s*\)$", re.IGNORECASE)


_CAPTAIN_ONLY = re.compile(
    r"this ship may only be (?:assigned|equipped with) (?P<who>.+?) as its captain", re.IGNORECASE
)


_NO_CAPTAIN = re.compile(
    r"you cannot (?:assign|equip|deploy) a captain(?: card)? or (?:an )?admiral(?: card)? to this ship", re.IGNORECASE
)


_ONE_PER_SHIP = re.compile(
    r"no (?:ship|squadron) (?:may|my|can) (?:be equipped with|have) more than (?:one|1|on)\b"
    r"|you cannot deploy more than (?:one|1) .* to any ship",
    re.IGNORECASE,
)


_BOUND = re.compile(
    # "Ship must have a hull of Hull 3 or less": the Utopia builder's record of Front Line Retrofit on a ship (Rs40)
    r"(?P<subject>hull|primary weapon)(?: value)? of (?:hull )?(?P<n>\d+) "
    r"or (?P<dir>less|greater|more|fewer|lower|higher)",
    re.IGNORECASE,
)


_MAX_UPGRADE_COST = re.compile(
    r"you cannot deploy an? \[(?P<type>\w+)\] upgrade with a cost greater than (?P<n>\d+) to this ship", re.IGNORECASE
)


_EXTRA = re.compile(r"\bcosts? \+ ?(?P<n>\d+)(?: ?(?:sp|squadron points?)\b)?(?P<tail>.*)$", re.IGNORECASE)


_COST_ATTACK = re.compile(
    r"\bcost\b[^.]*?(?:is |are )?(?:equal to )?(?:the|this) ship'?s (?:printed )?primary weapon value"
    r"(?: ?\+ ?(?P<plus>\d+))?",
    re.IGNORECASE,
)


# "This Upgrade does not require an Upgrade slot" (Delta Shift, Maintenance Crew, Captured), "This Upgrade may be
# equipped to a Captain without requiring an [talent] Upgrade slot" (It Won't Be Installed Until Tuesday E237). A
# card that frees *another* named card of its slot ("You may equip the Inertial Compensators Upgrade to this ship
# … without requiring an Upgrade Slot", Porthos "… to a ship with 'Jonathan Archer' equipped …") is not this form.
_NO_SLOT = re.compile(
    r"^this (?:upgrade|card)s? (?:does not require an upgrade slot"
    r"|(?:may|can) be (?:equipped|assigned) to (?:a|any) (?:ship|captain)"
    r" without requiring an? (?:\[\w+\] )?upgrade slot)",
    re.IGNORECASE,
)


_WAIVE = re.compile(r"not pay (?:a |the )?faction penalty|without paying a faction penalty", re.IGNORECASE)


def _capped(r: Restriction, limit: int) -> Restriction:
    if r.code == "reduce":
        return Restriction(r.code, f"{r.value};limit={limit}", r.amount)
    if r.code == "discount":
        kinds = "upgrade" if r.value == "*" else r.value
        return Restriction("reduce", f"kinds={kinds};limit={limit}", r.amount)
    return r


def _read_sentence(sentence: str, kind: str, name: str) -> list[Restriction]:
    found: list[Restriction] = []
    lower = sentence.lower()
    for match in _ONLY.finditer(sentence):
        found.extend(_only(match.group("what"), kind))
    bracket = _ONLY_BRACKET.match(sentence.strip())
    if bracket:
        found.extend(_only(bracket.group("what"), kind))
    if kind == "ship":
        who = _CAPTAIN_ONLY.search(sentence)
        if who:
            keys = [descriptor_key(strip_captain(p)) for p in alternatives_in(who["who"])]
            found.extend(Restriction("captain_is", k) for k in keys)
        if _NO_CAPTAIN.search(sentence):
            found.append(Restriction("no_captain"))
        added = _ADDS_ACTIONS.search(sentence)
        if added:
            found.extend(Restriction("action_added", a.lower()) for a in re.findall(r"\[([\w-]+)\]", added["icons"]))
            only = _ONLY_CARDS_OF.search(sentence)
            if only:
                found.extend(Restriction("action_added_if_only", f) for f in factions_in(only["factions"]))
        limit = _MAX_UPGRADE_COST.search(sentence)
        if limit:
            found.append(Restriction("max_upgrade_cost", limit["type"].lower(), int(limit["n"])))
    if _NO_SLOT.match(sentence.strip()):
        found.append(Restriction("no_slot"))
    found.extend(beneath_rules(sentence))
    found.extend(beside_rules(sentence))
    found.extend(named_card_rules(sentence))
    only_have = re.search(
        r"you may only have an? (?P<f>\w+) captain and (?P=f) \[(?P<t>\w+)\] upgrades assigned to your ship",
        sentence,
        re.I,
    )
    if only_have:  # Romulan Hijackers (C039)
        faction = FACTION_WORDS.get(only_have["f"].lower(), only_have["f"].lower())
        kinds = {"captain", only_have["t"].lower()}
        found.append(Restriction("ship_cards_only", write_qualifier(kinds=kinds, factions={faction})))
    own_talents = re.search(r"may only field (?P<f>[\w ]+?) \[talent\] upgrades", sentence, re.IGNORECASE)
    if own_talents and kind in ("captain", "admiral"):  # K'Temoc (Cap504)
        factions = factions_in(own_talents["f"])
        if factions:
            found.append(Restriction("ship_cards_only", write_qualifier(kinds={"talent"}, factions=set(factions))))
    if re.search(r"you (?:cannot|may not) (?:have|equip) an admiral", lower):  # Iden (Cap037), Cap609, S316
        found.append(Restriction("no_admiral"))
    not_with = re.search(
        r"(?:cannot (?:deploy|equip|assign|be equipped|be deployed)[^\"']*(?:same (?:ship or )?fleet as|same fleet as)"
        r"|in the same fleet as)[^\"']*?[\"'](?P<name>[^\"']+)[\"']",
        sentence,
        re.IGNORECASE,
    ) or re.search(
        r"same fleet as that has (?P<name>[A-Z][\w.' -]+?) equipped"
        r"|(?:cannot be in the same fleet as|same ship or fleet as) (?P<name2>[A-Z][\w.'-]+(?: [\w.'-]+)*)",
        sentence,
    )
    if not_with:  # Locutus (Cap901, Cap910): "… the same ship or fleet as "Jean-Luc Picard.""
        named = not_with["name"] or not_with.groupdict().get("name2") or ""
        found.append(Restriction("not_with", descriptor_key(named)))
    same_ship = re.search(r"you may not equip the (?P<name>.+?) \[\w+\] upgrade to this ship", sentence, re.IGNORECASE)
    if same_ship:  # Science / Combat Vessel Variant (T265, T266)
        found.append(Restriction("not_on_ship_with", descriptor_key(same_ship["name"])))
    hull_cost = re.search(r"cost of this card is equal to this ship's printed hull value ?\+ ?(\d+)", lower)
    if hull_cost:
        found.append(Restriction("cost_from_hull", None, int(hull_cost[1])))
    if re.search(r"assign any \[talent\] upgrade to your ship, regardless of faction restriction", lower):
        found.append(Restriction("ignore_faction_restriction", write_qualifier(kinds={"talent"})))  # Lore
    if _ONE_PER_SHIP.search(sentence):
        found.append(Restriction("one_per_ship"))
    found.extend(_dial_rules(sentence))
    if "only" in lower or "may not" in lower or "must have" in lower:
        for bound in _BOUND.finditer(sentence):
            if not any(w in lower[: bound.start()] for w in ("only", "may not", "must have")):
                continue
            subject = "hull" if bound["subject"].lower() == "hull" else "attack"
            side = "max" if bound["dir"].lower() in ("less", "fewer", "lower") else "min"
            found.append(Restriction(f"{subject}_{side}", int(bound["n"])))
    for extra in _EXTRA.finditer(sentence):
        found.extend(extra_cost_rules(int(extra["n"]), extra["tail"]))
    attack = _COST_ATTACK.search(sentence)
    if attack and kind == "upgrade":
        found.append(Restriction("cost_from_attack", None, int(attack["plus"] or 0)))
    if kind != "resource":
        found.extend(reduction_rules(sentence))
        found.extend(per_card_rules(sentence))
    if kind == "resource":
        found.extend(computed_resource_costs(sentence))
        if re.search(r"\bchoose two different factions\b", lower):
            found.append(Restriction("resource_option", "factions", 2))
        if re.search(r"equip your captain with 1 of his (?:\[sic\] ?)?\[talent\] upgrades for free", lower):
            found.append(Restriction("resource_option", "free_talent"))
    for stat, amount in stat_bonuses(sentence):
        found.append(Restriction(f"{stat}_bonus", None, amount))
    found.extend(exact_cost_rules(sentence))
    if _WAIVE.search(sentence):
        found.extend(penalty_waivers(sentence, name))
    if "faction penalty is doubled" in lower:
        after = sentence[lower.index("doubled") :]
        non = [FACTION_WORDS.get(n.lower(), n.lower()) for n in re.findall(r"non[- ](\w+)", after, re.IGNORECASE)]
        found.append(Restriction("double_penalty", write_qualifier(kinds={"upgrade"}, not_factions=non)))
    return found


_DIAL_TOP = re.compile(r"does not have an? (?P<n>\d+) or higher on its maneuver dial", re.IGNORECASE)


# Klingon Helmsman (C234): Utopia "a ship the does not have a [come-about] Maneuver", Space Dock "[COME ABOUT]"
_DIAL_NEEDS = re.compile(r"does not have an? \[come[- ]about\] maneuver on its maneuver dial", re.IGNORECASE)
# Inertial Compensators (T182): "This ship must have a [come-about] maneuver on its maneuver dial to equip this card"
_DIAL_MUST = re.compile(r"must have an? \[come[- ]about\] maneuver on its maneuver dial", re.IGNORECASE)


def _dial_rules(sentence: str) -> list[Restriction]:
    """The ship's maneuver dial decides who may buy the card (Warp Drive Refit T212, Klingon Helmsman C234)."""
    found = []
    top = _DIAL_TOP.search(sentence)
    if top and "only" in sentence.lower():
        found.append(Restriction("dial_top_speed_max", int(top["n"]) - 1))
    needs = _DIAL_NEEDS.search(sentence) and re.search(r"cannot be deployed|may only", sentence, re.IGNORECASE)
    if needs or _DIAL_MUST.search(sentence):
        found.append(Restriction("dial_needs", "come-about"))
    return found


_SHIP_BOUND_TAIL = re.compile(r"\s+(?:with|that has) an? (?:hull|primary weapon).*$", re.IGNORECASE)


# "… can only be assigned to a ship that has a Captain with a printed Captain Skill of 5 or higher" (Captain's
# Chair R039), "… to one of your ships that has a Hull Value of 4 or more" (Sick Bay R042): any ship, on a condition
_ANY_SHIP_THAT_HAS = re.compile(r"^(?:a|an|any|one of your) ships? (?:that|which) (?:has|have) (?P<cond>.+)$", re.I)


_SKILL_BOUND = re.compile(
    r"captain with a (?:printed )?captain skill(?: value)? of (?P<n>\d+) or (?P<dir>less|lower|higher|greater|more)",
    re.IGNORECASE,
)


# Standby Battle Stations (E145): "… a ship that has the [battlestations] icon on its Action Bar"
_ACTION_ICON = re.compile(r"^the \[(?P<action>[\w-]+)\] (?:icon|action) on its action bar$", re.IGNORECASE)


# A ship's own text that adds icons to its Action Bar: H.M.S. Bounty (S242) "If there are only Federation cards
# assigned to this ship, add the [scan] and [battlestations] icons to the Action Bar"; Orias (S332)
_ADDS_ACTIONS = re.compile(
    r"add the (?P<icons>\[[\w-]+\](?:(?:,| and| or) \[[\w-]+\])*) (?:icons?|actions?) to (?:the|this ship's|its) "
    r"action bar",
    re.IGNORECASE,
)
# … and the condition on them: the icons are on the bar while every card assigned to the ship is of those factions
_ONLY_CARDS_OF = re.compile(
    r"if there are only (?P<factions>.+?) cards (?:assigned|equipped) to this ship", re.IGNORECASE
)


_UNIQUE_SHIP = re.compile(r"^an? unique ?/ ?mirror unique ship$", re.IGNORECASE)

_NAMED_FOR_ITS_CLASS = re.compile(
    r"^an? (?:\[?unique\]? )?ship whose name \(ignoring registry number\) listed after 'u\.s\.s\.' is the same as "
    r"the ship class$",
    re.IGNORECASE,
)


def _only(what: str, kind: str) -> list[Restriction]:
    """What follows "may only be purchased for": a ship, a captain, or a captain on a ship."""
    what = what.strip().rstrip(".) ")
    if _UNIQUE_SHIP.match(what):  # Starship Construction (Con002): uniqueness, not a ship named "Unique"
        return [Restriction("ship_unique")]
    if _NAMED_FOR_ITS_CLASS.match(what):  # Federation Prototype (Con001): the U.S.S. Prometheus, a Prometheus Class
        return [Restriction("ship_is", NAMED_FOR_ITS_CLASS)]
    condition = _ANY_SHIP_THAT_HAS.match(what)
    if condition:  # no ship named: the condition is a bound (its Hull Value is read by _BOUND) or not read here
        skill = _SKILL_BOUND.search(condition["cond"])
        if skill:
            side = "max" if skill["dir"].lower() in ("less", "lower") else "min"
            return [Restriction(f"captain_skill_{side}", int(skill["n"]))]
        icon = _ACTION_ICON.search(condition["cond"])
        return [Restriction("action_needed", icon["action"].lower())] if icon else []
    what = re.sub(r"\s+that does not have .*$", "", what, flags=re.IGNORECASE)
    captain_part, ship_part = "", what
    with_captain = re.match(r"^(?P<ship>.+?) with (?:a |an )?(?P<cap>.*\bcaptain)$", what, re.IGNORECASE)
    on_ship = re.match(
        r"^(?P<cap>.*?\b(?:captain|admiral)s?\b(?: or admiral)?)(?:,? (?:assigned to|on|equipped to) (?P<ship>.+))?$",
        what,
        re.IGNORECASE,
    )
    if with_captain:
        captain_part, ship_part = with_captain["cap"], with_captain["ship"]
    elif on_ship:
        captain_part, ship_part = on_ship["cap"], on_ship["ship"] or ""
    elif (
        kind == "upgrade"
        and re.match(r"^(?:the )?[A-Z][\w'-]+(?: [A-Z][\w'-]+)?$", what)
        and not _looks_like_ship(what)
    ):
        captain_part, ship_part = what, ""  # "This Upgrade may only be assigned to the Borg Queen"
    found: list[Restriction] = []
    if captain_part:
        captain_part = re.sub(r"\s+or admiral$", "", captain_part.strip(), flags=re.IGNORECASE)
        keys = [descriptor_key(strip_captain(p)) for p in alternatives_in(captain_part)]
        if all(keys):
            found.extend(Restriction("captain_is", k) for k in keys)
    if ship_part:
        ship_part = _SHIP_BOUND_TAIL.sub("", ship_part.strip())
        keys = ship_keys(ship_part)
        if all(keys):
            found.extend(Restriction("ship_is", k) for k in keys)
    return found


_SHIP_WORDS = re.compile(
    r"\b(?:ship|warbird|vessel|bioship|cube|sphere|raider|weapon|shuttlecraft|u\.s\.s|i\.s\.s)\b", re.IGNORECASE
)


def _looks_like_ship(phrase: str) -> bool:
    return bool(_SHIP_WORDS.search(phrase))
