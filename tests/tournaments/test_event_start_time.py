"""Events have a start time (and an optional end): the event page says when to arrive, the printouts
carry it, and the calendar entry runs from it instead of taking the whole day."""

import io
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from icalendar import Calendar
from pypdf import PdfReader

from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_views import event_form
from tournaments.models import Event
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db


def entry(event):
    calendar = Calendar.from_ical(Client().get(f"/events/{event.pk}/event.ics").content)
    return next(iter(calendar.walk("VEVENT")))


def test_the_calendar_entry_runs_from_the_start_to_the_end():
    event = EventFactory(date=date(2026, 12, 5), start_time=time(19, 0), end_time=time(23, 30))
    zone = ZoneInfo(settings.TIME_ZONE)
    vevent = entry(event)
    assert vevent.decoded("dtstart") == datetime(2026, 12, 5, 19, 0, tzinfo=zone)
    assert vevent.decoded("dtend") == datetime(2026, 12, 5, 23, 30, tzinfo=zone)


def test_without_an_end_the_entry_has_only_its_start():
    vevent = entry(EventFactory(date=date(2026, 12, 5), start_time=time(18, 15)))
    assert vevent.decoded("dtstart").time() is not None and "DTEND" not in vevent


def test_without_a_start_the_entry_is_all_day():
    vevent = entry(EventFactory(date=date(2026, 12, 5)))
    assert vevent.decoded("dtstart") == date(2026, 12, 5) and vevent.decoded("dtend") == date(2026, 12, 6)


def test_the_event_page_and_the_printouts_say_when(client, enter):
    event = EventFactory(start_time=time(19, 0), end_time=time(23, 0))
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert '<span id="event-hours">19:00–23:00 (UTC)</span>' in page
    enter(event), enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    client.force_login(event.organizer)
    pdf = client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "pairings-by-table"])).content
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "19:00–23:00 (UTC)" in text


def test_the_organizer_sets_the_times_and_an_end_before_the_start_is_refused(organizer, client):
    client.force_login(organizer)
    data = event_form(start_time="19:00", end_time="18:00")
    page = client.post(reverse("tournaments:create"), data).text
    assert "The end comes after the start" in page and not Event.objects.exists()
    client.post(reverse("tournaments:create"), {**data, "end_time": "22:00"})
    event = Event.objects.get()
    assert (event.start_time, event.end_time) == (time(19, 0), time(22, 0))
