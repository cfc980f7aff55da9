"""A store organizer whose Organizer role is taken away keeps no power at the store.

The case as it was found: the site administrator appointed ``orgx`` an organizer of store A,
then took the Organizer role away on the People page. ``orgx`` could still appoint store B's
judge and organizer as store A's staff (who then read every hidden list of store A's
unstarted event), change store A's details and start and edit its seasons: the store's
access asked for the appointment, never for the site role behind it, and revoking
Organizer ended no store appointment.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from accounts.roles import ORGANIZER
from accounts.services import role_set
from stores.models import StoreRole, StoreRoleKind
from stores.services import store_appoint, store_create
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory, UserFactory
from tests.security.world import enter_with_fleet
from tests.tournaments.factories import EventFactory, small_catalog

from .harness import winter_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def case():
    """Store A (its first organizer ``owner`` and ``orgx``), store B (``organizer2``, ``judge2``), a season
    and an unstarted event at store A with a hidden list; then the administrator revokes ``orgx``."""
    admin = UserFactory(is_superuser=True, is_staff=True)
    owner, orgx, organizer2, judge2 = OrganizerFactory(), OrganizerFactory(), OrganizerFactory(), JudgeFactory()
    store_a = store_create(name="Promenade Games", town="Deep Space Nine", first_organizer=owner, by=admin)
    store_b = store_create(name="Starbase Hobbies", town="Yorktown", first_organizer=organizer2, by=admin)
    store_appoint(store=store_b, person=judge2, role=StoreRoleKind.JUDGE, by=organizer2)
    store_appoint(store=store_a, person=orgx, role=StoreRoleKind.ORGANIZER, by=admin)
    season = winter_season(store_a, by=owner)
    event = EventFactory(organizer=owner, store=store_a)  # not started: its lists are hidden
    enter_with_fleet(event, PlayerFactory(), small_catalog())
    role_set(user=orgx, role=ORGANIZER, granted=False, by=admin)
    return {
        "admin": admin,
        "orgx": orgx,
        "judge2": judge2,
        "organizer2": organizer2,
        "owner": owner,
        "store": store_a,
        "season": season,
        "event": event,
    }


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def store_staff(store) -> set[tuple[int, str]]:
    return set(StoreRole.objects.current().filter(store=store).values_list("person_id", "role"))


def test_the_revoked_organizer_appoints_nobody_at_the_store(case):
    client, store = signed_in(case["orgx"]), case["store"]
    staff = store_staff(store)
    for person, role in ((case["judge2"], "judge"), (case["organizer2"], "organizer")):
        response = client.post(reverse("stores:appoint", args=[store.pk]), {"person": person.username, "role": role})
        assert response.status_code == 403
    assert store_staff(store) == staff


def test_the_revoked_organizer_changes_no_store_details(case):
    store = case["store"]
    response = signed_in(case["orgx"]).post(
        reverse("stores:edit", args=[store.pk]),
        {"name": "Taken Over", "town": store.town, "timezone": "UTC", "language": "en"},
    )
    assert response.status_code == 403
    store.refresh_from_db()
    assert store.name == "Promenade Games"


def test_the_revoked_organizer_starts_and_edits_no_season(case):
    client = signed_in(case["orgx"])
    assert client.get(reverse("seasons:create")).status_code == 403
    assert client.get(reverse("seasons:edit", args=[case["season"].pk])).status_code == 403


def test_the_revoked_organizer_reads_no_hidden_list_and_runs_no_event(case):
    event = case["event"]
    hidden_list = reverse("tournaments:fleet", args=[event.pk, event.registrations.get().pk])
    assert signed_in(case["owner"]).get(hidden_list).status_code == 200
    client = signed_in(case["orgx"])
    assert client.get(hidden_list).status_code == 404
    assert client.get(reverse("tournaments:edit", args=[event.pk])).status_code == 403


def test_taking_the_organizer_role_ends_the_store_appointments_under_the_administrators_name(case):
    role = StoreRole.objects.get(store=case["store"], person=case["orgx"], role=StoreRoleKind.ORGANIZER)
    assert role.ended_at is not None and role.ended_by == case["admin"]
    assert (case["owner"].pk, StoreRoleKind.ORGANIZER) in store_staff(case["store"])


def test_a_store_left_without_organizers_by_a_revocation_keeps_its_record(case):
    """The store's only organizer loses the role: the appointment ends all the same (the store's own
    "keep one organizer" rule guards what organizers do to each other, not a site administrator)."""
    role_set(user=case["owner"], role=ORGANIZER, granted=False, by=case["admin"])
    assert not StoreRole.objects.current().filter(store=case["store"], role=StoreRoleKind.ORGANIZER).exists()


def test_store_powers_ask_for_the_role_itself_whatever_took_it_away():
    """A role removed some other way than the People page (the admin's group list) leaves the appointment
    in place, yet lends no power: the store asks for the site role at every request."""
    admin, owner, orgx = UserFactory(is_superuser=True, is_staff=True), OrganizerFactory(), OrganizerFactory()
    store = store_create(name="Quark's", town="Bajor", first_organizer=owner, by=admin)
    store_appoint(store=store, person=orgx, role=StoreRoleKind.ORGANIZER, by=admin)
    client = signed_in(orgx)
    assert client.get(reverse("seasons:create")).status_code == 200
    orgx.groups.remove(Group.objects.get(name=ORGANIZER))
    assert client.get(reverse("seasons:create")).status_code == 403
    response = client.post(reverse("stores:appoint", args=[store.pk]), {"person": PlayerFactory().username})
    assert response.status_code == 403
