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
from rules.translation import gettext as _
from rules.translation import ngettext


def sideboard(cards: list[CardFacts], lines: tuple[CardCost, ...], chosen: list[CardFacts]) -> list[Violation]:
    if not cards:
        return []
    found = []
    if not any(is_sideboard(f) for f in chosen):
        found.append(
            Violation(
                SIDEBOARD_WITHOUT_RESOURCE,
                ngettext(
                    "The fleet places %(count)d card(s) on a Reinforcements Sideboard but has not taken that resource.",
                    "The fleet places %(count)d card(s) on a Reinforcements Sideboard but has not taken that resource.",
                    len(cards),
                )
                % {"count": len(cards)},
            )
        )
    taken: dict[str, str] = {}
    for facts in cards:
        where = section(facts.card)
        if where == "borg":
            why = _("Borg Upgrades may not be placed on the Reinforcements Sideboard (2014 FAQ, ruling 12)")
        elif where not in SECTIONS:
            why = _("the sideboard holds only a Captain Card and [talent], [crew], [tech] and [weapon] Upgrades")
        elif where in taken:
            why = _("the sideboard holds one card of each type and already has a %(section)s (%(card)s)") % {
                "section": where,
                "card": taken[where],
            }
        else:
            taken[where] = facts.card.name
            continue
        message = _("%(card)s on the sideboard: %(why)s.") % {"card": facts.card.name, "why": why}
        found.append(Violation(SIDEBOARD_CARD, message, None, facts.card.id))
    total = sum(line.cost for line in lines)
    if total > SIDEBOARD_LIMIT:
        found.append(
            Violation(
                SIDEBOARD_OVER_LIMIT,
                _("The Reinforcements Sideboard's cards cost %(cost)d SP; at most %(limit)d SP is allowed.")
                % {"cost": total, "limit": SIDEBOARD_LIMIT},
            )
        )
    return found
