"""Two stores, each with its organizer and judge, for the store tests."""

from __future__ import annotations

import pytest

from stores.models import StoreRoleKind
from stores.services import store_appoint, store_create
from tests.accounts.factories import JudgeFactory, OrganizerFactory, UserFactory


@pytest.fixture
def admin(db):
    return UserFactory(is_superuser=True, is_staff=True)


def opened(name: str, town: str, *, by, **fields):
    organizer, judge = OrganizerFactory(), JudgeFactory()
    store = store_create(name=name, town=town, first_organizer=organizer, by=by, **fields)
    store_appoint(store=store, person=judge, role=StoreRoleKind.JUDGE, by=organizer)
    return store, organizer, judge


@pytest.fixture
def store_a(admin):
    return opened("Promenade Games", "Deep Space Nine", by=admin, address="Promenade, upper level")


@pytest.fixture
def store_b(admin):
    return opened("Starbase Hobbies", "Yorktown", by=admin)
