"""The day the builder judges a fleet on, and the resources retired by then."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from rules.attack_wing import FORMATS
from rules.attack_wing.catalog import RESOURCE, Catalog
from rules.attack_wing.index import index_for

from ..access import fleet_submissions
from ..models.fleet import Fleet


@dataclass(frozen=True, slots=True)
class JudgedOn:
    """The day the builder judges a fleet on (resource retirement), and why that day."""

    day: date
    reason: str


def builder_date(fleet: Fleet, *, today: date) -> JudgedOn:
    """The date of the next event the fleet is submitted to, if any (it is being prepared for it),
    else ``today``."""
    upcoming = sorted(
        (s.event_date, s.event_name) for s in fleet_submissions(fleet) if s.sealed and s.event_date is not None
    )
    if upcoming:
        day, name = upcoming[0]
        return JudgedOn(day, f"the date of {name}, the event it is submitted to")
    return JudgedOn(today, "today")


def retired_resources(catalog: Catalog, format_key: str, day: date) -> frozenset[str]:
    """Ids of the resources retired on ``day`` in the format (Resources rule 4 and its table)."""
    fmt = FORMATS.get(format_key)
    if fmt is None or not fmt.resource_retirement:
        return frozenset()
    index = index_for(catalog)
    return frozenset(
        card.id
        for card in catalog.cards.values()
        if card.kind == RESOURCE
        and (retirement := index.retirement(card, fmt.retirement_months)) is not None
        and day >= retirement.retired_on
    )
