"""An event's times are its store's: the date and hours are the wall clock where it is held, and every
page, printout and calendar entry of the event says them on that clock and names the zone; an event
held at no store keeps the site's time zone."""

import io
import json
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar
from pypdf import PdfReader

from games.attack_wing.results import MatchResult
from stores.models import Store, StoreRole, StoreRoleKind
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_views import event_form
from tournaments import zones
from tournaments.models import Event, Match, ResultChange, RoundChange
from tournaments.selectors import event_round_history
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db

NEW_YORK = ZoneInfo("America/New_York")


@pytest.fixture
def new_york_event():
    store = Store.objects.create(name="Empire Games", town="New York", timezone="America/New_York")
    event = EventFactory(store=store, date=date(2026, 12, 19), start_time=time(19, 0), end_time=time(23, 0))
    StoreRole.objects.create(store=store, person=event.organizer, role=StoreRoleKind.ORGANIZER)
    return event


def calendar_entries(url: str) -> list:
    return list(Calendar.from_ical(Client().get(url).content).walk("VEVENT"))


def test_the_event_is_on_its_stores_clock(new_york_event):
    assert zones.event_zone(new_york_event) == NEW_YORK
    assert zones.event_start(new_york_event) == datetime(2026, 12, 20, 0, 0, tzinfo=UTC)
    assert zones.event_end(new_york_event) == datetime(2026, 12, 19, 23, 0, tzinfo=NEW_YORK)


@override_settings(TIME_ZONE="Europe/Berlin")
def test_the_calendar_entry_opens_at_19_00_in_new_york_whatever_the_sites_zone(new_york_event):
    (entry,) = calendar_entries(f"/events/{new_york_event.pk}/event.ics")
    assert entry.decoded("dtstart") == datetime(2026, 12, 19, 19, 0, tzinfo=NEW_YORK)
    assert entry.decoded("dtend") == datetime(2026, 12, 19, 23, 0, tzinfo=NEW_YORK)
    assert entry["dtstart"].params["TZID"] == "America/New_York"
    body = Client().get(f"/events/{new_york_event.pk}/event.ics").content.decode()
    assert "TZID:America/New_York" in body.replace("\r\n ", "")  # the VTIMEZONE a calendar reads the zone from


@override_settings(TIME_ZONE="Europe/Berlin")
def test_the_stores_feed_and_the_event_feed_say_the_same_moment(new_york_event):
    moment = datetime(2026, 12, 19, 19, 0, tzinfo=NEW_YORK)
    (store_entry,) = calendar_entries(reverse("tournaments:store_calendar", args=[new_york_event.store.pk]))
    (feed_entry,) = calendar_entries("/events/calendar.ics")
    assert store_entry.decoded("dtstart") == feed_entry.decoded("dtstart") == moment


@override_settings(TIME_ZONE="Europe/Berlin")
def test_an_event_at_no_store_is_on_the_sites_clock():
    event = EventFactory(store=None, date=date(2026, 12, 19), start_time=time(19, 0))
    assert zones.event_zone(event) == ZoneInfo("Europe/Berlin")
    (entry,) = calendar_entries(f"/events/{event.pk}/event.ics")
    assert entry.decoded("dtstart") == datetime(2026, 12, 19, 19, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    page = Client().get(reverse("tournaments:event", args=[event.pk])).text
    assert '<span id="event-hours">19:00 (Europe/Berlin)</span>' in page


def test_an_event_without_hours_still_names_its_zone(new_york_event):
    new_york_event.start_time = new_york_event.end_time = None
    new_york_event.save()
    page = Client().get(reverse("tournaments:event", args=[new_york_event.pk])).text
    assert '<span class="text-body-secondary" id="event-zone">times in America/New York</span>' in page


def test_the_history_and_the_match_page_show_the_stores_time(new_york_event, enter, client):
    for name in ("odo", "kira"):
        enter(new_york_event, PlayerFactory(username=name))
    event_start(event=new_york_event)
    round_pair_next(event=new_york_event, by=new_york_event.organizer)
    match = Match.objects.get(round__event=new_york_event, table=1)
    result_enter(match=match, by=new_york_event.organizer, result=MatchResult(1))
    ResultChange.objects.filter(match=match).update(changed_at=datetime(2026, 12, 20, 1, 30, 5, tzinfo=UTC))
    client.force_login(new_york_event.organizer)
    history = client.get(reverse("tournaments:history", args=[new_york_event.pk])).text
    assert "When (America/New York)" in history
    assert "2026-12-19 20:30:05" in history and "2026-12-20 01:30:05" not in history
    match_page = client.get(reverse("tournaments:match", args=[new_york_event.pk, match.pk])).text
    assert "20:30:05 (America/New York)" in match_page
    assert timezone.get_current_timezone_name() == "UTC"  # the event's clock ends with its page


def test_the_printouts_name_the_stores_zone(new_york_event, enter, client):
    enter(new_york_event), enter(new_york_event)
    event_start(event=new_york_event)
    round_pair_next(event=new_york_event, by=new_york_event.organizer)
    client.force_login(new_york_event.organizer)
    url = reverse("tournaments:round_printout", args=[new_york_event.pk, 1, "pairings-by-table"])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(client.get(url).content)).pages)
    assert "19:00–23:00 (America/New York)" in text


def test_the_export_names_the_clock_of_its_date_and_hours(new_york_event, client):
    client.force_login(new_york_event.organizer)
    data = json.loads(client.get(reverse("tournaments:export_json", args=[new_york_event.pk])).content)
    assert (data["event"]["start_time"], data["event"]["time_zone"]) == ("19:00:00", "America/New_York")


def test_the_pairings_thrown_away_tell_their_times_on_the_stores_clock(new_york_event):
    table = {"table": 1, "players": ["odo", "kira"], "status": "awaiting"}
    table["history"] = [{"action": "reported", "by": "odo", "at": "2026-12-20T01:30:05+00:00"}]
    RoundChange.objects.create(
        event=new_york_event,
        round_number=1,
        changed_by=new_york_event.organizer,
        action="paired again",
        removed={"matches": [table]},
    )
    (change,) = event_round_history(new_york_event)
    assert "reported by odo at 2026-12-19 20:30:05" in change.sentence


def test_the_lists_of_events_say_the_hours_on_the_stores_clock(new_york_event, client):
    new_york_event.date = timezone.localdate() + timedelta(days=3)
    new_york_event.save()
    hours = "19:00–23:00 (America/New York)"
    assert hours in client.get(reverse("tournaments:list")).text
    assert hours in client.get(reverse("home")).text
    assert hours in client.get(reverse("stores:detail", args=[new_york_event.store.pk])).text


def test_a_deadline_is_read_on_the_clock_of_the_store_the_event_is_at(new_york_event, client):
    """The new event's form is read on the site's clock; 18:00 typed for a New York store is 18:00 there."""
    client.force_login(new_york_event.organizer)
    data = event_form(store=new_york_event.store.pk, submission_deadline="2026-12-19T18:00", name="Empire Open")
    client.post(reverse("tournaments:create"), data)
    event = Event.objects.get(name="Empire Open")
    assert event.submission_deadline == datetime(2026, 12, 19, 18, 0, tzinfo=NEW_YORK)
    form = client.get(reverse("tournaments:edit", args=[event.pk])).text
    assert 'value="2026-12-19T18:00"' in form


@override_settings(TIME_ZONE="Pacific/Kiritimati")  # UTC+14: a day or two ahead of Pago Pago (UTC-11), always
def test_an_events_day_is_over_on_its_own_clock_in_every_list(client):
    """The event list and the store pages sort by the one rule: a registration event is upcoming until
    its day is over where it is held, then past (tournaments.models.EventQuerySet)."""
    kinds = {}
    for key in ("Pacific/Pago_Pago", "America/New_York", None):
        store = Store.objects.create(name=f"Games {key}", timezone=key) if key else None
        today = datetime.now(ZoneInfo(key) if key else timezone.get_default_timezone()).date()
        for name, day in (("today", today), ("yesterday", today - timedelta(days=1))):
            kinds[f"{key} {name}"] = EventFactory(name=f"{key} {name}", date=day, store=store).name
    groups = client.get(reverse("tournaments:list")).context
    upcoming = {kinds[f"{key} today"] for key in ("Pacific/Pago_Pago", "America/New_York", None)}
    assert {e.name for e in groups["upcoming"]} == upcoming
    assert {e.name for e in groups["past"]} == set(kinds.values()) - upcoming
    pago_pago = Store.objects.get(timezone="Pacific/Pago_Pago")
    store_page = client.get(reverse("stores:detail", args=[pago_pago.pk])).context
    assert [e.name for e in store_page["upcoming"]] == ["Pacific/Pago_Pago today"]
    assert [e.name for e in store_page["past"]] == ["Pacific/Pago_Pago yesterday"]
