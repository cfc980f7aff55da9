"""Resources: at most one, none in retirement, none the venue bans (Resources rules 1, 2 and 4), and one that
goes on a ship only with a ship that can take it."""

from __future__ import annotations

from datetime import date

from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.checks.card_rules import bounds_unmet
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import (
    CARD_RESTRICTION,
    RESOURCE_BANNED,
    RESOURCE_RETIRED,
    TOO_MANY_RESOURCES,
    Violation,
)
from rules.attack_wing.formats import Format
from rules.attack_wing.index import CardFacts, CatalogIndex
from rules.translation import gettext as _


def resources(fmt: Format, chosen: list[CardFacts], on: date | None, index: CatalogIndex) -> list[Violation]:
    """At most one resource (Resources rule 1); none in retirement (rule 4 and its table)."""
    found = []
    if fmt.max_resources is not None and len(chosen) > fmt.max_resources:
        found.append(
            Violation(
                TOO_MANY_RESOURCES,
                _("The fleet has %(count)d resources; at most %(limit)d is allowed.")
                % {"count": len(chosen), "limit": fmt.max_resources},
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
            _("the retirement table (%(table)s)") % {"table": retirement.table_name}
            if not retirement.derived
            else _("derived: %(months)d months after its release") % {"months": fmt.retirement_months}
        )
        found.append(
            Violation(
                RESOURCE_RETIRED,
                _("Resource %(card)s is retired from %(date)s (%(source)s).")
                % {"card": facts.card.name, "date": retirement.retired_on.isoformat(), "source": source},
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
            _("Resource %(card)s is banned at this event (Resources 2: venues may ban resources).")
            % {"card": facts.card.name},
            None,
            facts.card.id,
        )
        for facts in chosen
        if facts.card.id.lower() in names or facts.name_key in names
    ]


def no_ship_takes(chosen: list[CardFacts], ships: list[ShipInFleet]) -> list[Violation]:
    """A resource whose card "can only be assigned to a ship that has …" (Captain's Chair R039: "a Captain with a
    printed Captain Skill of 5 or higher"; Front Line Retrofit R040: "a printed Hull Value of 3 or less"; Sick Bay
    R042: "a Hull Value of 4 or more"), bought for a fleet in which no ship has it. When its card sits on a ship,
    that card's own restriction judges the ship (card rules); the fleet file need not say which ship holds it,
    so otherwise any one ship that can take it suffices."""
    found = []
    for facts in chosen:
        if not facts.bounds or any(f.requires_resource == facts.card.id for s in ships for f in s.attached):
            continue
        if any(next(bounds_unmet(ship, facts), None) is None for ship in ships):  # a ship that can take it
            continue
        said = next((s for s in sentences(plain_text(facts.card.text)) if "only be" in s.lower()), "")
        rule = _('the card says "%(said)s"') % {"said": said} if said else _("its restriction on the ship's values")
        found.append(
            Violation(
                CARD_RESTRICTION,
                _("Resource %(card)s: %(rule)s, and no ship in the fleet can take it.")
                % {"card": facts.card.name, "rule": rule},
                None,
                facts.card.id,
            )
        )
    return found
