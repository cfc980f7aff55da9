"""An event's store travels with its export (``export_event``/``import_event``, stores.transfer): the
importing site's store of that name and town holds it, or the import opens the store; a store this
site has keeps its own organizers, and a bad store in a file is refused with nothing written."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from stores.models import Store, StoreRole
from tests.accounts.factories import OrganizerFactory
from tests.tournaments.factories import EventFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_store_a(store_a):
    store, organizer, _ = store_a
    return EventFactory(name="Promenade Open", organizer=organizer, store=store)


def exported(event) -> dict:
    out = StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    return json.loads(out.getvalue())


def imported(tmp_path, data: dict, *options: str) -> Event:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    before = set(Event.objects.values_list("pk", flat=True))
    call_command("import_event", str(path), *options, stdout=StringIO())
    return Event.objects.exclude(pk__in=before).get()


def refused(tmp_path, data: dict, *options: str) -> str:
    """The import is refused, and neither an event, a store nor a store role was written."""
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    counts = (Event.objects.count(), Store.objects.count(), StoreRole.objects.count())
    errors = StringIO()
    with pytest.raises(CommandError, match="not an event export"):
        call_command("import_event", str(path), *options, stdout=StringIO(), stderr=errors)
    assert (Event.objects.count(), Store.objects.count(), StoreRole.objects.count()) == counts
    return errors.getvalue()


def test_the_export_names_the_store_by_its_details(at_store_a):
    assert exported(at_store_a)["event"]["store"] == {
        "name": "Promenade Games",
        "town": "Deep Space Nine",
        "address": "Promenade, upper level",
        "website": "",
        "timezone": at_store_a.store.timezone,
        "language": "en",
    }


def test_an_event_comes_back_to_the_store_of_that_name_and_town(at_store_a, tmp_path):
    data = exported(at_store_a)
    data["event"]["store"]["name"] = "PROMENADE games"  # found ignoring case, as the store list finds it
    copy = imported(tmp_path, data)
    assert copy.store == at_store_a.store and copy.organizer == at_store_a.organizer


def test_a_store_the_site_lacks_is_opened_and_organized_by_the_events_organizer(at_store_a, tmp_path):
    data = exported(at_store_a)
    data["event"]["store"] |= {"name": "Quark's Back Room", "address": "behind the bar"}
    runner = OrganizerFactory()
    copy = imported(tmp_path, data, "--organizer", runner.username)
    assert (copy.store.name, copy.store.town, copy.store.address) == (
        "Quark's Back Room",
        "Deep Space Nine",
        "behind the bar",
    )
    assert list(copy.store.roles.values_list("person", "role")) == [(runner.pk, "organizer")]


def test_a_store_of_this_site_keeps_its_own_organizers(at_store_a, store_b, tmp_path):
    """Store B's organizer cannot import an event into store A."""
    _, organizer_b, _ = store_b
    message = refused(tmp_path, exported(at_store_a), "--organizer", organizer_b.username)
    assert f"event.store: {organizer_b.username} does not organize Promenade Games, Deep Space Nine here" in message


def test_an_event_at_no_store_and_an_older_file_without_one_import_without_a_store(tmp_path):
    event = EventFactory(name="Garage Open")
    data = exported(event)
    assert data["event"]["store"] is None
    assert imported(tmp_path, data).store is None
    del data["event"]["store"]
    assert imported(tmp_path, data).store is None


@pytest.mark.parametrize(
    ("store", "expected"),
    [
        ("Promenade Games", "event.store: must be an object with the store's name and town, or null"),
        ({"name": "Quark's", "owner": "Quark"}, "event.store: has keys a store does not have: owner"),
        ({"name": "Quark's", "town": 7}, "event.store: every detail of a store must be text"),
        ({"name": "Quark's\x00"}, "event.store: holds a NUL character"),
        ({"name": "", "town": "Bajor"}, "event.store: name: This field cannot be blank."),
        ({"name": "Quark's", "timezone": "Bajor/Ashalla"}, "event.store: timezone: Value 'Bajor/Ashalla' is not"),
        ({"name": "Quark's", "website": "not a page"}, "event.store: website: Enter a valid URL."),
    ],
)
def test_a_bad_store_in_a_file_is_refused_with_nothing_written(tmp_path, store, expected):
    data = exported(EventFactory(name="Garage Open"))
    data["event"]["store"] = store
    assert expected in refused(tmp_path, data)
