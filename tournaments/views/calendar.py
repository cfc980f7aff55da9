"""Events in people's calendars: one ``.ics`` file per event, and a feed of the event list.

An event with a start time is an entry from that time (to its end time, when given), on the
event's own clock (:mod:`tournaments.zones`: its store's time zone) and sent with that zone's
``TZID`` and ``VTIMEZONE``, so a calendar anywhere puts it at the right moment; without one it
is an all-day entry on its date. The files are written by the ``icalendar`` library
(escaping, folding and line ends as RFC 5545 asks). Anyone may subscribe: these are the details
the event list already shows everyone.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from game_registry import get_game, is_game
from stores.access import load_store
from stores.selectors import store_events

from .. import selectors
from ..access import Viewer, event_page
from ..models import Event
from ..zones import event_end, event_start

PRODUCT = "-//Muster//Events//EN"


def _vevent(request, event: Event, stamp: datetime) -> CalendarEvent:
    url = request.build_absolute_uri(reverse("tournaments:event", args=[event.pk]))
    game_name = get_game(event.game).name if is_game(event.game) else event.game
    entry = CalendarEvent()
    entry.add("uid", f"event-{event.pk}@{request.get_host().split(':')[0]}")
    entry.add("dtstamp", stamp)
    start, end = _span(event)
    entry.add("dtstart", start)
    if end is not None:
        entry.add("dtend", end)
    entry.add("summary", event.name)
    entry.add(
        "description",
        _("%(game)s tournament (%(format)s). %(url)s") % {"game": game_name, "format": event.format, "url": url},
    )
    entry.add("url", url)
    location = ", ".join(part for part in (event.venue, event.store.location if event.store else "") if part)
    if location:
        entry.add("location", location)
    return entry


def _span(event: Event):
    """The entry's start and end in the event's time zone, or the date and the next day for an
    all-day entry; no end when only the start is known."""
    start = event_start(event)
    if start is None:
        return event.date, event.date + timedelta(days=1)
    return start, event_end(event)


def _calendar(request, events, name: str, filename: str) -> HttpResponse:
    stamp = timezone.now()
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    for event in events:
        calendar.add_component(_vevent(request, event, stamp))
    calendar.add_missing_timezones()
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
@event_page
def event_ics(request, event: Event, viewer: Viewer):
    """Anyone: the event as a calendar entry."""
    return _calendar(request, [event], event.name, f"event-{event.pk}.ics")


@require_safe
def store_calendar(request, store_pk: int):
    """Anyone: a store's running, upcoming and recent events, as a calendar to subscribe to."""
    store = load_store(store_pk)
    events = store_events(store)
    return _calendar(
        request,
        [*events["running"], *events["upcoming"], *events["past"]],
        _("%(store)s events") % {"store": store.name},
        f"store-{store.pk}-events.ics",
    )


@require_safe
def calendar_feed(request):
    """Anyone: the event list (running, upcoming, recently finished) as a calendar to subscribe to."""
    groups = selectors.event_list()
    return _calendar(request, [e for group in groups.values() for e in group], _("Muster events"), "muster-events.ics")
