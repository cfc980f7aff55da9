"""Resources: at most one, none in retirement, none the venue bans (Resources rules 1, 2 and 4)."""

from __future__ import annotations

from datetime import date

from rules.attack_wing.fleet import RESOURCE_BANNED, RESOURCE_RETIRED, TOO_MANY_RESOURCES, Violation
from rules.attack_wing.formats import Format
from rules.attack_wing.index import CardFacts, CatalogIndex


def resources(fmt: Format, chosen: list[CardFacts], on: date | None, index: CatalogIndex) -> list[Violation]:
    """At most one resource (Resources rule 1); none in retirement (rule 4 and its table)."""
    found = []
    if fmt.max_resources is not None and len(chosen) > fmt.max_resources:
        found.append(
            Violation(
                TOO_MANY_RESOURCES,
                f"The fleet has {len(chosen)} resources; at most {fmt.max_resources} is allowed.",
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
            f"the retirement table ({retirement.table_name})"
            if not retirement.derived
            else f"derived: {fmt.retirement_months} months after its release"
        )
        found.append(
            Violation(
                RESOURCE_RETIRED,
                f"Resource {facts.card.name} is retired from {retirement.retired_on.isoformat()} ({source}).",
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
            f"Resource {facts.card.name} is banned at this event (Resources 2: venues may ban resources).",
            None,
            facts.card.id,
        )
        for facts in chosen
        if facts.card.id.lower() in names or facts.name_key in names
    ]
