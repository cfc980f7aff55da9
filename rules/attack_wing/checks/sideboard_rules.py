"""The Reinforcements Sideboard's own rules (its card, point 1; 2014 FAQ ruling 12): its cards need the resource,
one card per section (a Captain Card and a [talent], [crew], [tech] and [weapon] Upgrade, fewer allowed: 2014 FAQ
ruling 6), no Borg Upgrade, 20 SP at most."""

from __future__ import annotations

from rules.attack_wing.fleet import (
    SIDEBOARD_CARD,
    SIDEBOARD_OVER_LIMIT,
    SIDEBOARD_WITHOUT_RESOURCE,
    CardCost,
    Violation,
)
from rules.attack_wing.index import CardFacts
from rules.attack_wing.sideboard import SECTIONS, SIDEBOARD_LIMIT, is_sideboard, section


def sideboard(cards: list[CardFacts], lines: tuple[CardCost, ...], chosen: list[CardFacts]) -> list[Violation]:
    if not cards:
        return []
    found = []
    if not any(is_sideboard(f) for f in chosen):
        found.append(
            Violation(
                SIDEBOARD_WITHOUT_RESOURCE,
                f"The fleet places {len(cards)} card(s) on a Reinforcements Sideboard but has not taken that resource.",
            )
        )
    taken: dict[str, str] = {}
    for facts in cards:
        where = section(facts.card)
        if where == "borg":
            why = "Borg Upgrades may not be placed on the Reinforcements Sideboard (2014 FAQ, ruling 12)"
        elif where not in SECTIONS:
            why = "the sideboard holds only a Captain Card and [talent], [crew], [tech] and [weapon] Upgrades"
        elif where in taken:
            why = f"the sideboard holds one card of each type and already has a {where} ({taken[where]})"
        else:
            taken[where] = facts.card.name
            continue
        found.append(Violation(SIDEBOARD_CARD, f"{facts.card.name} on the sideboard: {why}.", None, facts.card.id))
    total = sum(line.cost for line in lines)
    if total > SIDEBOARD_LIMIT:
        found.append(
            Violation(
                SIDEBOARD_OVER_LIMIT,
                f"The Reinforcements Sideboard's cards cost {total} SP; at most {SIDEBOARD_LIMIT} SP is allowed.",
            )
        )
    return found
