"""The data migration that turns events' free-text venues into stores (tournaments 0010)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0012_event_store"), ("stores", "0001_stores_and_their_people")]
AFTER = [("tournaments", "0013_venues_become_stores")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.slow(reason="migrates the database back and forward again")
def test_venues_become_stores_their_organizers_stay_and_the_text_is_kept():
    old = migrate(BEFORE)
    User = old.get_model("auth", "User")
    Event = old.get_model("tournaments", "Event")
    kira, sisko = User.objects.create(username="kira"), User.objects.create(username="sisko")

    def event(name, venue, organizer):
        return Event.objects.create(
            name=name,
            game="attack-wing",
            format="wizkids-2016",
            date="2026-12-05",
            venue=venue,
            organizer=organizer,
            fleet_point_base=130,
        )

    flight_deck = event("One", "Tiger's Claw, flight deck", kira)
    rec_room = event("Two", "  tiger's  CLAW , rec room", sisko)
    promenade = event("Three", "Promenade", kira)
    nowhere = event("Four", "", kira)

    new = migrate(AFTER)
    Event, Store = new.get_model("tournaments", "Event"), new.get_model("stores", "Store")
    claw = Store.objects.get(name="Tiger's Claw")
    assert claw.address == "flight deck" and claw.town == ""
    assert {e.pk for e in Event.objects.filter(store=claw)} == {flight_deck.pk, rec_room.pk}
    assert Event.objects.get(pk=promenade.pk).store.name == "Promenade"
    assert Event.objects.get(pk=nowhere.pk).store_id is None
    assert Event.objects.get(pk=rec_room.pk).venue == "  tiger's  CLAW , rec room"  # nothing typed is lost
    organizers = set(
        claw.roles.filter(role="organizer", ended_at__isnull=True).values_list("person__username", flat=True)
    )
    assert organizers == {"kira", "sisko"}
    assert Store.objects.count() == 2

    migrate(BEFORE)  # and back: events forget their stores
    assert not old.get_model("tournaments", "Event").objects.filter(store__isnull=False).exists()
    migrate(AFTER)
