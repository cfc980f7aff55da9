"""Each card's own deployment restrictions, as the catalog encodes them (Additional Rules 29).

Bounds on the ship's values, faction and class alternatives, a required resource, the card text's
"may only be purchased for …" and what the ship card itself allows — with Lore's waiver of
faction restrictions, read through the cost engine's :func:`~rules.attack_wing.costs.reaches`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules.attack_wing.card_text.descriptors import FACTION_WORDS
from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.catalog import OTHER
from rules.attack_wing.checks.wording import restriction_broken
from rules.attack_wing.costs import ShipInFleet, reaches
from rules.attack_wing.fleet import Violation
from rules.attack_wing.index import CardFacts
from rules.translation import gettext as _
from rules.translation import gettext_noop


def card_restrictions(ship: ShipInFleet, resources_chosen: frozenset[str]) -> list[Violation]:
    """Each card's own deployment restrictions, as the catalog encodes them (Additional Rules 29)."""
    found = []
    cards = (*ship.commanders, *ship.attached)
    # "no ship may be equipped with more than one "Aft Weapons Array" Upgrade" (W029) counts every card of that
    # name, also a printing that does not repeat the sentence (W041): the second one on the ship breaks it
    limited = {(f.card.kind, f.name_key) for f in cards if f.one_per_ship}
    names_seen: set[tuple[str, str]] = set()
    constructions = 0
    found.extend(_ship_card_rules(ship))
    for facts in cards:
        card = facts.card
        if card.kind == OTHER and card.upgrade_type == "starship_construction":
            constructions += 1
            if constructions > 1:
                found.append(restriction_broken(ship, facts, _("only one Starship Construction card fits a ship")))
        name = (card.kind, facts.name_key)
        if name in limited and name in names_seen:
            reason = _("no ship may carry more than one %(card)s") % {"card": card.name}
            found.append(restriction_broken(ship, facts, reason))
        names_seen.add(name)
        for reason in _unmet(ship, facts, resources_chosen):
            found.append(restriction_broken(ship, facts, reason))
    return found


_BOUND_SUBJECTS: dict[str, tuple[str, Callable[[ShipInFleet], int | None]]] = {
    "hull": (gettext_noop("hull"), lambda s: s.hull),
    "shield": (gettext_noop("shield value"), lambda s: s.shields),
    "attack": (gettext_noop("primary weapon value"), lambda s: s.attack),
    "captain_skill": (gettext_noop("captain skill"), lambda s: s.captain.card.skill if s.captain else None),
}


_GROUP_WORDS = {
    "ship_faction": gettext_noop("a ship of faction"),
    "captain_faction": gettext_noop("a captain of faction"),
    "ship_identity": gettext_noop("the ship"),
}


def bounds_unmet(ship: ShipInFleet, facts: CardFacts) -> Iterator[str]:
    """The bounds on the ship's values the card states ("a Hull Value of 3 or less") that ``ship`` breaks. A
    bound on the Captain Skill is broken by a ship with no captain ("a ship that has a Captain with …")."""
    for code, limit in facts.bounds:
        subject, bound = code.rsplit("_", 1)
        label, read = _BOUND_SUBJECTS[subject]
        value = read(ship)
        if value is None:
            if subject == "captain_skill":
                wanted = _("%(limit)d or more") if bound == "min" else _("%(limit)d or less")
                yield _("needs a %(label)s of %(wanted)s (this ship has no captain)") % {
                    "label": _(label),
                    "wanted": wanted % {"limit": limit},
                }
            continue
        if (bound == "min" and value < limit) or (bound == "max" and value > limit):
            wanted = _("%(limit)d or more") if bound == "min" else _("%(limit)d or less")
            yield _("needs a %(label)s of %(wanted)s (this one has %(value)d)") % {
                "label": _(label),
                "wanted": wanted % {"limit": limit},
                "value": value,
            }


def _unmet(ship: ShipInFleet, facts: CardFacts, resources_chosen: frozenset[str]) -> Iterator[str]:
    yield from bounds_unmet(ship, facts)
    freed: bool | None = None
    for group, options in facts.any_of:
        if not any(_option_met(ship, code, value) for code, value in options):
            if group in ("ship_faction", "captain_faction"):
                # Space Dock states a faction restriction as a code (OnlyKlingonCaptain); Lore frees it as its text
                freed = _freed_of_faction_rules(ship, facts) if freed is None else freed
                if freed:
                    continue
            listed = _(" or ").join(dict.fromkeys(v for _code, v in options))
            yield _("may only go on %(group)s %(listed)s") % {"group": _(_GROUP_WORDS[group]), "listed": listed}
    if facts.requires_resource and facts.requires_resource not in resources_chosen:
        yield _("needs the fleet's resource %(resource)s") % {"resource": facts.requires_resource}
    rules = facts.rules
    yield from _dial_unmet(ship, facts)
    yield from _actions_unmet(ship, facts)
    if (rules.ship_is or rules.captain_is) and _faction_rules_waived(ship, facts):
        return
    if rules.ship_is and not any(ship.fits(key) for key in rules.ship_is):
        yield _("%(rule)s (this is a %(ship)s)") % {
            "rule": _printed(facts, "ship"),
            "ship": ship.ship.card.ship_class or ship.name,
        }
    if rules.ship_unique and not (ship.ship.card.unique or ship.ship.card.mirror_unique):
        yield _("the card says it can only be equipped to a Unique / Mirror Unique ship")
    if facts.card.upgrade_type == "fleet-captain" and ship.captain is not None and not ship.captain.card.unique:
        yield _("the Fleet Captain resource says: %(words)s") % {
            "words": "You may not assign a non-unique Captain as your Fleet Captain"
        }
    if rules.captain_is and facts is not ship.captain and not any(ship.captain_fits(k) for k in rules.captain_is):
        captain_name = ship.captain.card.name if ship.captain else _("no captain")
        yield _("%(rule)s (the captain is %(captain)s)") % {"rule": _printed(facts, "captain"), "captain": captain_name}


def _dial_unmet(ship: ShipInFleet, facts: CardFacts) -> Iterator[str]:
    """Cards bought by the ship's maneuver dial; a ship whose class the database gives no dial for is not
    judged here but reported as such (:func:`dial_unjudged`)."""
    rules, dial = facts.rules, ship.ship.rules.dial
    if dial is None or not _bought_by_dial(facts):
        return
    top, kinds = dial
    said = _dial_sentence(facts)
    if rules.dial_top_speed_max is not None and top > rules.dial_top_speed_max:
        yield _('the card says "%(said)s" (this ship\'s dial goes up to %(top)d)') % {"said": said, "top": top}
    if any(kind not in kinds for kind in rules.dial_needs):
        yield _('the card says "%(said)s" (this ship\'s dial has none)') % {"said": said}


def _actions_unmet(ship: ShipInFleet, facts: CardFacts) -> Iterator[str]:
    """Cards bought by the icons on the ship's Action Bar (Standby Battle Stations E145); a ship whose database
    gives no Action Bar is not judged here but reported (:func:`dial_unjudged`)."""
    have = _action_bar(ship)
    if have is None or not facts.rules.actions_needed:
        return
    missing = [a for a in facts.rules.actions_needed if a not in have]
    if missing:
        said = _sentence_with(facts, "action bar")
        why = _("this ship's Action Bar has no %(icons)s") % {"icons": "[" + "], [".join(missing) + "]"}
        if any(a in ship.ship.rules.actions_added for a in missing):
            why += _('; the ship adds it only "%(said)s"') % {"said": _sentence_with(ship.ship, "action bar")}
        yield _('the card says "%(said)s" (%(why)s)') % {"said": said, "why": why}


def _action_bar(ship: ShipInFleet) -> frozenset[str] | None:
    """The icons on the ship's Action Bar: the printed ones, and those its own text adds while its condition
    holds. H.M.S. Bounty (S242) "If there are only Federation cards assigned to this ship, add the [scan] and
    [battlestations] icons to the Action Bar": a card is bought for the ship as it is built, so the bar it is
    bought by is the one its cards give it. The cards are its Captain, Admiral and Upgrades, a card of no faction
    being no Federation card; resource cards on the ship (Fleet Captain, officers, Captain's Chair) are left out,
    as each database gives them a faction of its own convention (Space Dock's Captain's Chair is Independent)."""
    rules = ship.ship.rules
    if rules.actions is None or not rules.actions_added:
        return rules.actions
    if rules.actions_added_if_only:
        cards = [c for c in (ship.captain, ship.admiral, *ship.attached) if c is not None and c.card.kind != OTHER]
        if not all(rules.actions_added_if_only & set(c.card.factions) for c in cards):
            return rules.actions
    return rules.actions | rules.actions_added


def dial_unjudged(ship: ShipInFleet, facts: CardFacts) -> tuple[str, ...]:
    """The dial sentence of a card bought by the maneuver dial, on a ship whose dial the database does not
    give (Utopia has none for the Galaxy Class (MU)): a sentence the engine could not apply, so every
    report says so rather than passing the card in silence. Likewise the Action Bar sentence on a ship the
    database gives no Action Bar for."""
    found: tuple[str, ...] = ()
    if ship.ship.rules.dial is None and _bought_by_dial(facts):
        found += (_dial_sentence(facts),)
    if ship.ship.rules.actions is None and facts.rules.actions_needed:
        found += (_sentence_with(facts, "action bar"),)
    return found


def _sentence_with(facts: CardFacts, words: str) -> str:
    return next((s for s in sentences(plain_text(facts.card.text)) if words in s.lower()), "")


def _bought_by_dial(facts: CardFacts) -> bool:
    return bool(facts.rules.dial_needs) or facts.rules.dial_top_speed_max is not None


def _dial_sentence(facts: CardFacts) -> str:
    return next((s for s in sentences(plain_text(facts.card.text)) if "maneuver dial" in s.lower()), "")


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
        return _('the card says "%(said)s"') % {"said": sentence}
    keys = facts.rules.ship_is if about == "ship" else facts.rules.captain_is
    rule = (
        _("may only go to a ship that is: %(keys)s")
        if about == "ship"
        else _("may only go to a captain that is: %(keys)s")
    )
    return rule % {"keys": _(" or ").join(keys)}


def _ship_card_rules(ship: ShipInFleet) -> list[Violation]:
    """What the ship card itself allows: no captain at all, only certain captains, upgrade cost caps."""
    found = []
    rules = ship.ship.rules
    if rules.no_captain:
        for facts in ship.commanders:
            found.append(
                restriction_broken(ship, facts, _("the ship card says no Captain or Admiral may be assigned to it"))
            )
    if rules.captain_is and ship.captain is not None and not any(ship.captain_fits(k) for k in rules.captain_is):
        reason = _("the ship takes only %(captains)s as its captain") % {"captains": _(" or ").join(rules.captain_is)}
        found.append(restriction_broken(ship, ship.captain, reason))
    for entry in ship.placed if ship.guarded else ():
        facts = entry.facts
        if not facts.rules.guards:
            continue
        for name in facts.rules.not_on_ship_with:
            for other in ship.placed:
                if other.facts.rules.name_key == name:
                    reason = _("may not share a ship with %(card)s") % {"card": other.facts.card.name}
                    found.append(restriction_broken(ship, facts, reason))
        if facts.rules.no_admiral and ship.admiral is not None:
            reason = _("%(card)s allows no Admiral on this ship") % {"card": facts.card.name}
            found.append(restriction_broken(ship, ship.admiral, reason))
        for reach in facts.rules.only_cards:
            kinds = reach.kinds
            for other in ship.placed:
                if other.position == entry.position or not any(w in kinds for w in other.kind_words):
                    continue
                if not reach.factions.intersection(other.facts.card.factions):
                    allowed = _(" or ").join(sorted(reach.factions))
                    what = "/".join(sorted(kinds))
                    reason = _("%(card)s allows only %(factions)s %(kinds)s cards on this ship") % {
                        "card": facts.card.name,
                        "factions": allowed,
                        "kinds": what,
                    }
                    found.append(restriction_broken(ship, other.facts, reason))
                    not_it = _("%(reason)s (%(card)s is not)") % {"reason": reason, "card": other.facts.card.name}
                    found.append(restriction_broken(ship, facts, not_it))
    for slot_type, limit in rules.max_upgrade_cost:
        for facts in ship.attached:
            if facts.slot_type == slot_type and facts.card.cost > limit:
                reason = _("the ship card allows no [%(slot)s] Upgrade costing more than %(limit)d") % {
                    "slot": slot_type,
                    "limit": limit,
                }
                found.append(restriction_broken(ship, facts, reason))
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
