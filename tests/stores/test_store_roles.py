"""Who runs a store's events: its organizers now, never another store's, and nobody once removed."""

from __future__ import annotations

import pytest

from stores.errors import StoreError
from stores.models import Store, StoreRole, StoreRoleKind
from stores.services import store_appoint, store_create, store_end_role
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments.access import viewer_of

pytestmark = pytest.mark.django_db


def roles_at(user, event) -> tuple[bool, bool]:
    viewer = viewer_of(user, event)
    return viewer.is_staff, viewer.is_organizer


def test_a_store_organizer_runs_their_store_events_and_not_another_stores(store_a, store_b):
    (a, a_organizer, a_judge), (b, b_organizer, b_judge) = store_a, store_b
    event_b = EventFactory(organizer=b_organizer, store=b)
    assert roles_at(b_organizer, event_b) == (True, True)
    assert roles_at(b_judge, event_b) == (True, False)
    assert roles_at(a_organizer, event_b) == (False, False)
    assert roles_at(a_judge, event_b) == (False, False)
    event_a = EventFactory(organizer=a_organizer, store=a)
    assert roles_at(a_organizer, event_a) == (True, True)
    assert roles_at(b_organizer, event_a) == (False, False)


def test_a_co_organizer_runs_the_store_events_someone_else_created(store_a):
    store, organizer, _ = store_a
    event = EventFactory(organizer=organizer, store=store)
    co_organizer = OrganizerFactory()
    assert roles_at(co_organizer, event) == (False, False)
    store_appoint(store=store, person=co_organizer, role=StoreRoleKind.ORGANIZER, by=organizer)
    assert roles_at(co_organizer, event) == (True, True)


def test_a_removed_organizer_loses_the_events_they_created_and_the_history_keeps_them(store_a):
    store, organizer, _ = store_a
    event = EventFactory(organizer=organizer, store=store)
    successor = OrganizerFactory()
    store_appoint(store=store, person=successor, role=StoreRoleKind.ORGANIZER, by=organizer)
    role = store.roles.current().get(person=organizer)
    store_end_role(role=role, by=successor)
    assert roles_at(organizer, event) == (False, False)
    role.refresh_from_db()
    assert role.ended_by == successor and role.ended_at is not None
    assert StoreRole.objects.filter(store=store, person=organizer).count() == 1  # kept, not deleted


def test_a_store_keeps_its_last_organizer(store_a):
    store, organizer, _ = store_a
    with pytest.raises(StoreError, match="needs an organizer"):
        store_end_role(role=store.roles.current().get(person=organizer), by=organizer)
    assert store.roles.current().filter(person=organizer).exists()


def test_an_event_judge_stays_staff_at_a_store_event(store_a):
    store, organizer, _ = store_a
    visiting_judge = JudgeFactory()
    event = EventFactory(organizer=organizer, store=store)
    event.judges.add(visiting_judge)
    assert roles_at(visiting_judge, event) == (True, False)


@pytest.mark.parametrize(
    ("factory", "role", "missing"),
    [(PlayerFactory, StoreRoleKind.ORGANIZER, "Organizer"), (PlayerFactory, StoreRoleKind.JUDGE, "Judge")],
)
def test_only_holders_of_the_site_role_are_appointed(store_a, factory, role, missing):
    store, organizer, _ = store_a
    with pytest.raises(StoreError, match=f"does not hold the {missing} role"):
        store_appoint(store=store, person=factory(), role=role, by=organizer)
    assert store.roles.count() == 2


def test_nobody_is_appointed_twice(store_a):
    store, organizer, judge = store_a
    with pytest.raises(StoreError, match="already a judge"):
        store_appoint(store=store, person=judge, role=StoreRoleKind.JUDGE, by=organizer)


def test_two_stores_of_one_name_in_one_town_are_refused_and_nothing_is_made(admin, store_a):
    with pytest.raises(StoreError, match="already a store called"):
        store_create(name="promenade games", town="deep space nine", first_organizer=OrganizerFactory(), by=admin)
    assert Store.objects.count() == 1


def test_a_store_with_an_unknown_time_zone_is_refused(admin):
    with pytest.raises(StoreError, match="not a valid choice"):
        store_create(name="Quark's", town="DS9", timezone="Mars/Olympus", first_organizer=OrganizerFactory(), by=admin)
    assert not Store.objects.exists()
