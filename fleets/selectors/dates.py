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

    day: date | None  # None: no resource is retired (the event's organizer retires none)
    reason: str


def builder_date(fleet: Fleet, *, today: date, chosen: date | None = None) -> JudgedOn:
    """The date the player chose for the list, else the date of the next event the fleet is submitted to
    (it is being prepared for it; none if that event retires no resource), else ``today``."""
    if chosen is not None:
        return JudgedOn(chosen, "the date you chose")
    upcoming = sorted(
        (s.event_date, s.event_name, s.retires_resources)
        for s in fleet_submissions(fleet)
        if s.sealed and s.event_date is not None
    )
    if upcoming:
        day, name, retires = upcoming[0]
        if not retires:
            return JudgedOn(None, f"{name}, the event it is submitted to, retires no resource")
        return JudgedOn(day, f"the date of {name}, the event it is submitted to")
    return JudgedOn(today, "today")


def retired_resources(catalog: Catalog, format_key: str, day: date | None) -> frozenset[str]:
    """Ids of the resources retired on ``day`` in the format (Resources rule 4 and its table); none without a day."""
    fmt = FORMATS.get(format_key)
    if fmt is None or not fmt.resource_retirement or day is None:
        return frozenset()
    index = index_for(catalog)
    return frozenset(
        card.id
        for card in catalog.cards.values()
        if card.kind == RESOURCE
        and (retirement := index.retirement(card, fmt.retirement_months)) is not None
        and day >= retirement.retired_on
    )
