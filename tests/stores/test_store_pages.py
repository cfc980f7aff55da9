"""The store pages through Django's test client: the list's search, a store's events by its own clock,
its calendar feed, opening a store on the People page and appointing its people."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from stores.models import Store, StoreRole
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_views import event_form
from tournaments.models import EventStatus

pytestmark = pytest.mark.django_db


def test_the_store_list_finds_stores_by_name_and_by_town(client, store_a, store_b):
    def found(**query) -> str:
        return client.get(reverse("stores:list"), query).content.decode()

    page = found(q="promenade")
    assert "Promenade Games" in page and "Starbase Hobbies" not in page
    page = found(town="york")
    assert "Starbase Hobbies" in page and "Promenade Games" not in page
    assert "No store matches" in found(q="promenade", town="york")


def test_a_store_page_splits_its_events_by_the_date_at_the_store(client, admin):
    """Just after midnight at the store it is already the next day there: yesterday's event is past."""
    store = Store.objects.create(name="Far East Games", town="Auckland", timezone="Pacific/Auckland")
    today_there = datetime.now(ZoneInfo("Pacific/Auckland")).date()
    EventFactory(name="Yesterday's Open", date=today_there - timedelta(days=1), store=store)
    EventFactory(name="Tonight's Open", date=today_there, store=store)
    EventFactory(name="Elsewhere Open", date=today_there)
    response = client.get(reverse("stores:detail", args=[store.pk]))
    assert [e.name for e in response.context["upcoming"]] == ["Tonight's Open"]
    assert [e.name for e in response.context["past"]] == ["Yesterday's Open"]


def test_a_running_event_is_running_on_the_store_page_whatever_its_date(client):
    """A two-day event started yesterday is not past while it runs: the store page, the event list and
    the store's calendar sort events by the one rule (tournaments.models.EventQuerySet)."""
    store = Store.objects.create(name="Far East Games", town="Auckland", timezone="Pacific/Auckland")
    yesterday = datetime.now(ZoneInfo("Pacific/Auckland")).date() - timedelta(days=1)
    EventFactory(name="Weekend Open", date=yesterday, store=store, status=EventStatus.RUNNING)
    EventFactory(
        name="Last Month's Open", date=yesterday - timedelta(days=30), store=store, status=EventStatus.FINISHED
    )
    response = client.get(reverse("stores:detail", args=[store.pk]))
    assert [e.name for e in response.context["running"]] == ["Weekend Open"]
    assert [e.name for e in response.context["past"]] == ["Last Month's Open"]
    page = response.content.decode()
    assert page.index("Weekend Open") < page.index("Upcoming events") < page.index("Past events")
    groups = client.get(reverse("tournaments:list")).context
    assert [e.name for e in groups["running"]] == ["Weekend Open"]
    calendar = client.get(reverse("tournaments:store_calendar", args=[store.pk])).content.decode()
    assert "SUMMARY:Weekend Open" in calendar


def test_the_store_calendar_holds_its_events_where_the_store_is(client, store_a, store_b):
    (a, a_organizer, _), (b, b_organizer, _) = store_a, store_b
    EventFactory(name="Promenade Open", date=date(2027, 3, 6), store=a, organizer=a_organizer, venue="")
    EventFactory(name="Yorktown Open", store=b, organizer=b_organizer)
    response = client.get(reverse("tournaments:store_calendar", args=[a.pk]))
    body = response.content.decode()
    assert response["Content-Type"].startswith("text/calendar")
    assert "SUMMARY:Promenade Open" in body and "Yorktown Open" not in body
    assert "LOCATION:Promenade Games\\, Promenade\\, upper level\\, Deep Space Nine" in body
    assert "DTSTART;VALUE=DATE:20270306" in body


def test_an_administrator_opens_a_store_on_the_people_page(client, admin):
    organizer = OrganizerFactory(username="kira")
    client.force_login(admin)
    people = client.get(reverse("people")).content.decode()
    assert 'action="/stores/new/"' in people and "First organizer" in people
    response = client.post(
        reverse("stores:create"),
        {
            "name": "Quark's Bar",
            "town": "Deep Space Nine",
            "first_organizer": "KIRA",
            "timezone": "Europe/London",
            "language": "en",
        },
    )
    store = Store.objects.get(name="Quark's Bar")
    assert response.status_code == 302 and response.url == reverse("stores:detail", args=[store.pk])
    assert store.roles.current().get().person == organizer
    assert store.roles.get().appointed_by == admin
    assert "Quark&#x27;s Bar" in client.get(reverse("people")).content.decode()


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"first_organizer": "nobody"}, "There is no account called nobody."),
        ({"first_organizer": "plainplayer"}, "does not hold the Organizer role"),
        ({"timezone": "Mars/Olympus"}, "Select a valid choice."),
        ({"website": "javascript:alert(1)"}, "Enter a valid URL."),
        ({"name": "Bad\x00Name"}, "NUL"),
    ],
)
def test_a_bad_new_store_is_refused_with_a_reason_and_nothing_is_made(client, admin, fields, error):
    OrganizerFactory(username="kira")
    PlayerFactory(username="plainplayer")
    client.force_login(admin)
    data = {
        "name": "Quark's Bar",
        "town": "DS9",
        "first_organizer": "kira",
        "timezone": "UTC",
        "language": "en",
        **fields,
    }
    response = client.post(reverse("stores:create"), data)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Store.objects.exists()


def test_a_store_organizer_appoints_a_judge_and_removes_them_again(client, store_a):
    store, organizer, _ = store_a
    newcomer = JudgeFactory(username="odo")
    client.force_login(organizer)
    client.post(reverse("stores:appoint", args=[store.pk]), {"person": "odo", "role": "judge"})
    role = store.roles.current().get(person=newcomer)
    assert role.appointed_by == organizer
    page = client.get(reverse("stores:detail", args=[store.pk])).content.decode()
    assert "odo judge, appointed by" in page
    client.post(reverse("stores:end_role", args=[store.pk, role.pk]))
    role.refresh_from_db()
    assert role.ended_by == organizer
    assert "odo" in client.get(reverse("stores:detail", args=[store.pk])).content.decode()  # in the history


def test_an_appointment_the_store_refuses_says_why_and_changes_nothing(client, store_a):
    store, organizer, judge = store_a
    client.force_login(organizer)
    before = list(StoreRole.objects.values_list("pk", "ended_at"))
    response = client.post(
        reverse("stores:appoint", args=[store.pk]), {"person": judge.username, "role": "judge"}, follow=True
    )
    assert "already a judge" in response.content.decode()
    response = client.post(
        reverse("stores:appoint", args=[store.pk]), {"person": "ghost", "role": "judge"}, follow=True
    )
    assert "There is no account called ghost." in response.content.decode()
    assert list(StoreRole.objects.values_list("pk", "ended_at")) == before


def test_the_event_form_offers_only_the_stores_one_organizes(client, store_a, store_b):
    (a, a_organizer, _), (b, _, _) = store_a, store_b
    client.force_login(a_organizer)
    form = client.get(reverse("tournaments:create")).context["form"]
    assert list(form.fields["store"].queryset) == [a]
    response = client.post(reverse("tournaments:create"), event_form(store=b.pk))
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert not b.events.exists()
    response = client.post(reverse("tournaments:create"), event_form(store=a.pk))
    event = a.events.get()
    assert response.url == reverse("tournaments:event", args=[event.pk])


def test_a_stores_organizer_keeps_its_details_and_its_events_stay(client, store_a, store_b):
    store, organizer, _ = store_a
    event = EventFactory(name="Promenade Open", organizer=organizer, store=store)
    client.force_login(organizer)
    url = reverse("stores:edit", args=[store.pk])
    assert 'value="Promenade Games"' in client.get(url).content.decode()
    details = {
        "name": "Quark's",
        "town": "Deep Space Nine",
        "address": "Promenade",
        "timezone": "Europe/Paris",
        "language": "de",
    }
    response = client.post(url, {**details, "website": "quarks.example"})
    assert response.status_code == 302
    store.refresh_from_db()
    assert (store.name, store.address, store.website, store.timezone, store.language) == (
        "Quark's",
        "Promenade",
        "https://quarks.example",
        "Europe/Paris",
        "de",
    )
    assert list(store.events.all()) == [event]


def test_a_store_cannot_take_the_name_of_another_in_its_town(client, store_a, admin):
    store, organizer, _ = store_a
    Store.objects.create(name="Quark's", town="Deep Space Nine")
    client.force_login(organizer)
    url = reverse("stores:edit", args=[store.pk])
    response = client.post(url, {"name": "QUARK'S", "town": "deep space nine", "timezone": "UTC", "language": "en"})
    assert response.status_code == 400
    assert "already a store" in response.content.decode()
    assert "<h1>Promenade Games: details</h1>" in response.content.decode()  # the saved name, not the refused one
    store.refresh_from_db()
    assert store.name == "Promenade Games"
