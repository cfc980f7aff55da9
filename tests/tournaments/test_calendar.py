"""Events as calendar entries: one .ics per event and a feed of the event list."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from tests.tournaments.factories import EventFactory

pytestmark = pytest.mark.django_db


def unfolded(body: str) -> list[str]:
    assert "\n" not in body.replace("\r\n", "")  # CRLF line ends only
    return body.replace("\r\n ", "").split("\r\n")


def test_an_event_is_an_all_day_calendar_entry():
    event = EventFactory(name="Winter Open; Round, Robin", date=date(2026, 12, 5), venue="The Game Shop, Main St")
    response = Client().get(f"/events/{event.pk}/event.ics")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    lines = unfolded(response.content.decode())
    assert lines[0] == "BEGIN:VCALENDAR" and "END:VCALENDAR" in lines
    assert "DTSTART;VALUE=DATE:20261205" in lines and "DTEND;VALUE=DATE:20261206" in lines
    assert "SUMMARY:Winter Open\\; Round\\, Robin" in lines
    assert "LOCATION:The Game Shop\\, Main St" in lines
    assert any(line.startswith("URL:http://testserver/events/") for line in lines)


def test_long_lines_are_folded_at_75_octets():
    event = EventFactory(name="Ä" * 120)
    body = Client().get(f"/events/{event.pk}/event.ics").content
    assert all(len(line) <= 75 for line in body.split(b"\r\n"))
    assert "SUMMARY:" + "Ä" * 120 in unfolded(body.decode())


def test_the_feed_lists_the_events_of_the_event_list():
    events = [EventFactory(name=f"Event {n}") for n in range(3)]
    response = Client().get("/events/calendar.ics")
    lines = unfolded(response.content.decode())
    assert lines.count("BEGIN:VEVENT") == 3
    assert {f"SUMMARY:{e.name}" for e in events} <= set(lines)
    assert "/events/calendar.ics" in Client().get("/events/").content.decode()
    assert f"/events/{events[0].pk}/event.ics" in Client().get(f"/events/{events[0].pk}/").content.decode()


def test_a_missing_event_has_no_calendar_entry():
    assert Client().get("/events/999999/event.ics").status_code == 404
