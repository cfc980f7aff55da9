"""Fleet history is append-only and a locked fleet never changes, whatever code path tries.

The services refuse first (tested in test_fleet_services); these tests go around
them, straight to the ORM, to show the database triggers hold on their own.
"""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from fleets.models import Fleet, FleetVersion
from tests.fleets.factories import FleetFactory, fleet_catalog, saved_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def version():
    return saved_fleet(fleet_catalog()).current_version


def test_saving_a_stored_version_again_is_refused_by_the_model(version):
    version.total = 1
    with pytest.raises(ValidationError, match="append-only"):
        version.save()


@pytest.mark.parametrize(
    "change",
    [{"total": 1}, {"legal": False}, {"code": "AAAAAAAA"}, {"number": 7}, {"content": {"ships": []}}],
    ids=["total", "legal", "code", "number", "content"],
)
def test_the_database_refuses_to_rewrite_a_version(version, change):
    with pytest.raises(IntegrityError), transaction.atomic():
        FleetVersion.objects.filter(pk=version.pk).update(**change)
    version.refresh_from_db()
    assert version.number == 1


def test_deleting_the_author_only_forgets_who_saved_the_version(version):
    """``created_by`` is not history: SET_NULL on user deletion must still work."""
    author = version.created_by
    Fleet.objects.filter(owner=author).update(owner=FleetFactory().owner)
    author.delete()
    version.refresh_from_db()
    assert version.created_by is None


def test_the_database_refuses_a_new_version_of_a_locked_fleet(version):
    fleet = version.fleet
    Fleet.objects.filter(pk=fleet.pk).update(locked_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        FleetVersion.objects.create(fleet=fleet, number=2, content={}, code="X", total=0, legal=False)
    assert fleet.versions.count() == 1


def test_the_database_refuses_to_change_a_locked_fleet():
    fleet = FleetFactory(locked_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        Fleet.objects.filter(pk=fleet.pk).update(name="Renamed behind the services' back")
    with pytest.raises(IntegrityError), transaction.atomic():
        Fleet.objects.filter(pk=fleet.pk).update(locked_at=None)
    fleet.refresh_from_db()
    assert fleet.is_locked and fleet.name != "Renamed behind the services' back"


def test_an_unlocked_fleet_row_can_still_change():
    fleet = FleetFactory()
    Fleet.objects.filter(pk=fleet.pk).update(name="Fine")
    fleet.refresh_from_db()
    assert fleet.name == "Fine"


def test_current_version_is_the_newest_with_or_without_prefetch(version):
    fleet = version.fleet
    FleetVersion.objects.create(fleet=fleet, number=2, content=version.content, code="B", total=1, legal=True)
    assert fleet.current_version.number == 2
    prefetched = Fleet.objects.prefetch_related("versions").get(pk=fleet.pk)
    assert prefetched.current_version.number == 2
    assert FleetFactory().current_version is None
