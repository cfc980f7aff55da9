"""The day the builder judges a fleet on, and the resources retired by then."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.attack_wing import FORMATS
from rules.attack_wing.catalog import RESOURCE, Catalog
from rules.attack_wing.index import index_for

from ..access import PlayerEvent, fleet_submissions
from ..models.fleet import Fleet


@dataclass(frozen=True, slots=True)
class JudgedOn:
    """The day the builder judges a fleet on (resource retirement), and why that day."""

    day: date | None  # None: no resource is retired (the event's organizer retires none)
    reason: str
    banned: frozenset[str] = frozenset()  # the resources the event judged for bans


def builder_date(
    fleet: Fleet, *, today: date, chosen: date | None = None, event: PlayerEvent | None = None
) -> JudgedOn:
    """The event or date the player chose for the list (the event's date and retirement setting decide),
    else the next event the fleet is submitted to (it is being prepared for it), else ``today``."""
    if event is not None:
        return _judged_for(
            event.name, event.event_date, event.retires_resources, event.banned, _("the event you chose")
        )
    if chosen is not None:
        return JudgedOn(chosen, _("the date you chose"))
    upcoming = sorted(
        (s for s in fleet_submissions(fleet) if s.sealed and s.event_date is not None),
        key=lambda s: (s.event_date, s.event_name),
    )
    if upcoming:
        s = upcoming[0]
        return _judged_for(s.event_name, s.event_date, s.retires_resources, s.banned, _("the event it is submitted to"))
    return JudgedOn(today, _("today"))


def _judged_for(name: str, day: date, retires: bool, banned: frozenset[str], which: str) -> JudgedOn:
    """Judged for the event ``name``: on its ``day``, or with none retired if its organizer retires none,
    and without the resources it bans (as its submission will be judged)."""
    if not retires:
        return JudgedOn(None, _("%(event)s, %(which)s, retires no resource") % {"event": name, "which": which}, banned)
    return JudgedOn(day, _("the date of %(event)s, %(which)s") % {"event": name, "which": which}, banned)


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


def table_retirement_words(catalog: Catalog, format_key: str, day: date) -> str:
    """What the WizKids 2016 table retires on ``day`` in the format, in the words every page uses: how many
    of the catalog's resources, "all" when it is every one (seed 003, Additional Rules, Resources 4)."""
    total = sum(1 for card in catalog.cards.values() if card.kind == RESOURCE)
    retired = len(retired_resources(catalog, format_key, day))
    how_many = (
        _("all %(total)s") % {"total": total}
        if retired == total and total
        else _("%(retired)s of %(total)s") % {"retired": retired, "total": total}
    )
    return _("Resources retired by the WizKids 2016 table: %(how_many)s are retired on %(day)s") % {
        "how_many": how_many,
        "day": date_format(day, pgettext("date format", "j F Y")),
    }
