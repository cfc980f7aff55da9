"""Events in people's calendars: one ``.ics`` file per event, and a feed of the event list.

Events are all-day entries on their date (an event has a date, not a start time), written by
hand to RFC 5545: text escaped, lines folded at 75 octets, CRLF line ends. Anyone may
subscribe: these are the details the event list already shows everyone.
"""

from __future__ import annotations

from datetime import UTC, timedelta

from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from games.registry import get_game, is_game
from stores.access import load_store
from stores.selectors import store_events

from .. import selectors
from ..access import Viewer, event_page
from ..models import Event

PRODUCT = "-//Muster//Events//EN"


def _text(value: str) -> str:
    """An iCalendar TEXT value: backslash, semicolon, comma and line ends escaped."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return value.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")


def _fold(line: str) -> str:
    """Lines longer than 75 octets continue on the next line after a space (never inside a character)."""
    out, current = [], b""
    for char in line:
        encoded = char.encode()
        if len(current) + len(encoded) > (75 if not out else 74):
            out.append(current.decode())
            current = b""
        current += encoded
    out.append(current.decode())
    return "\r\n ".join(out)


def _vevent(request, event: Event, stamp: str) -> list[str]:
    url = request.build_absolute_uri(reverse("tournaments:event", args=[event.pk]))
    game_name = get_game(event.game).name if is_game(event.game) else event.game
    description = f"{game_name} tournament ({event.format}). {url}"
    lines = [
        "BEGIN:VEVENT",
        f"UID:event-{event.pk}@{request.get_host().split(':')[0]}",
        f"DTSTAMP:{stamp}",
        f"DTSTART;VALUE=DATE:{event.date:%Y%m%d}",
        f"DTEND;VALUE=DATE:{event.date + timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{_text(event.name)}",
        f"DESCRIPTION:{_text(description)}",
        f"URL:{url}",
    ]
    location = ", ".join(part for part in (event.venue, event.store.location if event.store else "") if part)
    if location:
        lines.append(f"LOCATION:{_text(location)}")
    return [*lines, "END:VEVENT"]


def _calendar(request, events, name: str, filename: str) -> HttpResponse:
    stamp = timezone.now().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODUCT}", "CALSCALE:GREGORIAN", f"X-WR-CALNAME:{_text(name)}"]
    for event in events:
        lines += _vevent(request, event, stamp)
    lines.append("END:VCALENDAR")
    body = "\r\n".join(_fold(line) for line in lines) + "\r\n"
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
@event_page
def event_ics(request, event: Event, viewer: Viewer):
    """Anyone: the event as a calendar entry."""
    return _calendar(request, [event], event.name, f"event-{event.pk}.ics")


@require_safe
def store_calendar(request, store_pk: int):
    """Anyone: a store's upcoming and recent events, as a calendar to subscribe to."""
    store = load_store(store_pk)
    events = store_events(store)
    return _calendar(
        request, [*events["upcoming"], *events["past"]], f"{store.name} events", f"store-{store.pk}-events.ics"
    )


@require_safe
def calendar_feed(request):
    """Anyone: the event list (running, upcoming, recently finished) as a calendar to subscribe to."""
    groups = selectors.event_list()
    return _calendar(request, [e for group in groups.values() for e in group], "Muster events", "muster-events.ics")
