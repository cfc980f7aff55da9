"""An event's clock: the time zone its date and hours are in, and those hours as moments.

An event's date, start and end are the wall clock where it is held: its store's time zone, or the
site's (``settings.TIME_ZONE``) for an event held elsewhere. Every page, printout, calendar entry
and export of the event asks this module, so 19:00 at a New York store is 19:00 in New York on
the event page, in a calendar in Berlin and in the result history alike. The event's pages show
every stored moment (a result change, a report) on this clock too: :func:`event_clock` makes it the
current time zone while an event's page is built (:mod:`tournaments.access` wraps every event view
in it). And an event's day is over when it is over there (:func:`day_not_over`), which is what
sorts the lists of events into upcoming and past.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime
from zoneinfo import ZoneInfo

from django.db.models import Q
from django.utils import timezone

from stores.models import Store, zone_label


def zone_at(store) -> ZoneInfo:
    """The time zone of an event held at ``store``: the store's, else (``None``: at no store) the site's."""
    return ZoneInfo(store.timezone) if store is not None else timezone.get_default_timezone()


def day_not_over() -> Q:
    """Events whose day is not over yet on their own clock: today or later at their store (a store in
    Auckland is a day ahead of one in New York), or on the site's clock for those held at no store.
    One query (the stores' zones), whatever the number of events."""
    zones = set(Store.objects.values_list("timezone", flat=True).distinct())
    not_over = Q(store__isnull=True, date__gte=datetime.now(zone_at(None)).date())
    for zone in sorted(zones):
        not_over |= Q(store__timezone=zone, date__gte=datetime.now(ZoneInfo(zone)).date())
    return not_over


def event_zone(event) -> ZoneInfo:
    """The time zone of ``event``: its store's, else the site's."""
    return zone_at(event.store if event.store_id is not None else None)


def wall_clock_at(store, moment: datetime) -> datetime:
    """``moment`` as a form read it (on the current clock), read again as the same time of day where an
    event at ``store`` is held: a new event's form is read on the site's clock, and its store may be
    elsewhere."""
    return timezone.localtime(moment).replace(tzinfo=zone_at(store))


def event_moment(event, moment: datetime) -> datetime:
    """A stored moment (a change's time) on ``event``'s clock, for words a selector writes itself."""
    return moment.astimezone(event_zone(event))


def event_zone_name(event) -> str:
    """The event's time zone as pages name it ("America/New York"), as the store page names it."""
    return zone_label(event_zone(event).key)


def event_start(event) -> datetime | None:
    """When the event starts, in its time zone; ``None`` when it has no start time (an all-day event)."""
    if event.start_time is None:
        return None
    return datetime.combine(event.date, event.start_time, tzinfo=event_zone(event))


def event_end(event) -> datetime | None:
    """When the event ends, in its time zone; ``None`` unless both start and end times are known."""
    if event.start_time is None or event.end_time is None:
        return None
    return datetime.combine(event.date, event.end_time, tzinfo=event_zone(event))


def event_hours(event) -> str:
    """The hours as pages and printouts show them, the zone named: "19:00–23:00 (America/New York)",
    or "" without a start time."""
    start, end = event_start(event), event_end(event)
    if start is None:
        return ""
    until = f"–{end:%H:%M}" if end is not None else ""
    return f"{start:%H:%M}{until} ({event_zone_name(event)})"


@contextmanager
def event_clock(event):
    """Within it, every moment a template or ``timezone.localtime`` shows is on ``event``'s clock."""
    with timezone.override(event_zone(event)):
        yield
