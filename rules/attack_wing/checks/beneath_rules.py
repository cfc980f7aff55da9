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
            found.append(restriction_broken(ship, facts, f"{host.card.name} places no card face down beneath it"))
            continue
        placed[host.card.id] = placed.get(host.card.id, 0) + 1
        reasons = [_unmet(rule.code, read_qualifier(str(rule.value)), facts, cost) for rule in rules]
        if all(reasons):
            found.append(restriction_broken(ship, facts, f"{_where(host)} {host.card.name}, {reasons[0]}"))
    for host_id, count in placed.items():
        host = next(h for _card, h in ship.beneath if h.card.id == host_id)
        most = max(allowed(r) for r in host.card.restrictions if r.code in PLACES) * _copies(ship, host)
        if count > most:
            found.append(
                restriction_broken(ship, host, f"{count} cards face down {_where(host)} it; its text places {most}")
            )
    return found


def _unmet(code: str, reach: Qualifier, facts: CardFacts, cost: CardCost) -> str:
    """Why ``facts`` may not lie beneath a card of this rule, or "" when it may."""
    card = facts.card
    if reach.kinds and card.upgrade_type not in reach.kinds:
        return f"only a [{'/'.join(sorted(reach.kinds))}] Upgrade may lie face down"
    if reach.factions and not reach.factions.intersection(card.factions):
        return f"only a {'/'.join(sorted(f.title() for f in reach.factions))} Upgrade may lie face down"
    if reach.not_factions and reach.not_factions.intersection(card.factions):
        return f"no {'/'.join(sorted(f.title() for f in reach.not_factions))} Upgrade may lie face down"
    if reach.name_word and not re.search(rf"\b{re.escape(reach.name_word)}", card.name, re.IGNORECASE):
        return f"only a {reach.name_word.title()} Upgrade (its name says so) may lie face down"
    if reach.max_cost is not None:
        printed = code == "places_beneath_printed"
        counted = card.cost if printed else card.cost + cost.cost  # the penalties and extra cost it pays
        if counted > reach.max_cost:
            what = "printed cost" if printed else "cost with its penalties"
            return f"its {what} is {counted} SP; at most {reach.max_cost} SP may lie face down"
    return ""


def _where(host: CardFacts) -> str:
    return "beside" if any(r.code == PLACES_BESIDE for r in host.card.restrictions) else "beneath"


def _copies(ship: ShipInFleet, host: CardFacts) -> int:
    return sum(1 for facts in (*ship.commanders, *ship.attached) if facts.card.id == host.card.id)
