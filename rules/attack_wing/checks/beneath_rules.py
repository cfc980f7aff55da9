"""Cards placed face down beneath another at setup: what the host's text allows beneath it.

"At the start of the game, place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath this
card" (Quark): the type, the factions it must or must not have, how many, and the cost bound. "A cost of 5 or
less" counts the card's extra cost and faction penalty ("When factoring cards to place under Quark, add the
extra cost printed on the cards … and the +1 for Faction Penalty", 2014 FAQ, Deep Space 9 – Quark 13); "a
printed cost of 4 SP or less" (Leonard McCoy) counts the printed cost alone. The card's own restrictions are
not checked: it is not equipped ("You may place cards that are Faction Specific beneath Quark", ibid. 14).
"""

from __future__ import annotations

import re

from rules.attack_wing.card_text.beneath import PLACES_BESIDE
from rules.attack_wing.card_text.qualifiers import Qualifier, read_qualifier
from rules.attack_wing.catalog import Card, Restriction
from rules.attack_wing.checks.wording import restriction_broken
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import CardCost, Violation
from rules.attack_wing.index import CardFacts
from rules.translation import gettext as _

BENEATH = ("places_beneath", "places_beneath_printed")
PLACES = (*BENEATH, PLACES_BESIDE)  # Shinzon's cards lie beside him, bought and checked the same way


def places_beneath(card: Card) -> bool:
    """Whether the card's text places Upgrades face down beneath (or beside) it (as the reader reads it)."""
    return any(r.code in PLACES for r in card.restrictions)


def must_place(card: Card) -> bool:
    """Whether the card's text places Upgrades beneath it at setup ("place 1 …"), not as a purchase the player
    may forgo (Shinzon: "you may spend 4 SP")."""
    return any(r.code in BENEATH for r in card.restrictions)


def allowed(rule: Restriction) -> int:
    """How many cards a rule places: its amount, or for Shinzon's purchase its qualifier's limit."""
    return read_qualifier(str(rule.value)).limit or 0 if rule.code == PLACES_BESIDE else rule.amount


def beneath(ship: ShipInFleet, costs: tuple[CardCost, ...]) -> list[Violation]:
    """``costs``: the priced cards beneath, in the order of ``ship.beneath``."""
    found: list[Violation] = []
    placed: dict[str, int] = {}
    for (facts, host), cost in zip(ship.beneath, costs, strict=True):
        rules = [r for r in host.card.restrictions if r.code in PLACES]
        if not rules:  # also a host whose sentence is not read
            reason = _("%(card)s places no card face down beneath it") % {"card": host.card.name}
            found.append(restriction_broken(ship, facts, reason))
            continue
        placed[host.card.id] = placed.get(host.card.id, 0) + 1
        reasons = [_unmet(rule.code, read_qualifier(str(rule.value)), facts, cost) for rule in rules]
        if all(reasons):
            where = _("beside %(card)s, %(reason)s") if _beside(host) else _("beneath %(card)s, %(reason)s")
            found.append(restriction_broken(ship, facts, where % {"card": host.card.name, "reason": reasons[0]}))
    for host_id, count in placed.items():
        host = next(h for _card, h in ship.beneath if h.card.id == host_id)
        most = max(allowed(r) for r in host.card.restrictions if r.code in PLACES) * _copies(ship, host)
        if count > most:
            reason = (
                _("%(count)d cards face down beside it; its text places %(most)d")
                if _beside(host)
                else _("%(count)d cards face down beneath it; its text places %(most)d")
            )
            found.append(restriction_broken(ship, host, reason % {"count": count, "most": most}))
    return found


def _unmet(code: str, reach: Qualifier, facts: CardFacts, cost: CardCost) -> str:
    """Why ``facts`` may not lie beneath a card of this rule, or "" when it may."""
    card = facts.card
    if reach.kinds and card.upgrade_type not in reach.kinds:
        return _("only a [%(kinds)s] Upgrade may lie face down") % {"kinds": "/".join(sorted(reach.kinds))}
    if reach.factions and not reach.factions.intersection(card.factions):
        factions = "/".join(sorted(f.title() for f in reach.factions))
        return _("only a %(factions)s Upgrade may lie face down") % {"factions": factions}
    if reach.not_factions and reach.not_factions.intersection(card.factions):
        factions = "/".join(sorted(f.title() for f in reach.not_factions))
        return _("no %(factions)s Upgrade may lie face down") % {"factions": factions}
    if reach.name_word and not re.search(rf"\b{re.escape(reach.name_word)}", card.name, re.IGNORECASE):
        return _("only a %(word)s Upgrade (its name says so) may lie face down") % {"word": reach.name_word.title()}
    if reach.max_cost is not None:
        printed = code == "places_beneath_printed"
        counted = card.cost if printed else card.cost + cost.cost  # the penalties and extra cost it pays
        if counted > reach.max_cost:
            said = (
                _("its printed cost is %(cost)d SP; at most %(most)d SP may lie face down")
                if printed
                else _("its cost with its penalties is %(cost)d SP; at most %(most)d SP may lie face down")
            )
            return said % {"cost": counted, "most": reach.max_cost}
    return ""


def _beside(host: CardFacts) -> bool:
    """Whether the host's cards lie beside it (Shinzon) rather than beneath it."""
    return any(r.code == PLACES_BESIDE for r in host.card.restrictions)


def _copies(ship: ShipInFleet, host: CardFacts) -> int:
    return sum(1 for facts in (*ship.commanders, *ship.attached) if facts.card.id == host.card.id)
