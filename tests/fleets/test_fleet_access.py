"""Who may see and edit a fleet: the owner and a superuser every version, others the versions a grant lets them see."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from fleets import access
from fleets.access import (
    Submission,
    can_edit_fleet,
    can_view_fleet,
    fleet_access,
    fleet_submissions,
    register_submission_lookup,
    register_version_grant,
)
from fleets.models import FleetVersion
from tests.accounts.factories import UserFactory
from tests.fleets.factories import FleetFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_grants(monkeypatch):
    """Only this test's grants and lookups (the tournaments app registers its own at start-up)."""
    monkeypatch.setattr(access, "_version_grants", [])
    monkeypatch.setattr(access, "_submission_lookups", [])


@pytest.fixture
def fleet(player):
    return FleetFactory(owner=player)


def test_owner_and_superuser_see_a_fleet_others_do_not(no_grants, fleet, player, other_player):
    assert can_view_fleet(player, fleet)
    assert can_view_fleet(UserFactory(is_superuser=True), fleet)
    assert not can_view_fleet(other_player, fleet)
    assert not can_view_fleet(AnonymousUser(), fleet)


def test_a_registered_grant_lets_others_see_the_versions_it_names(no_grants, fleet, other_player):
    submitted, later = (
        FleetVersion.objects.create(fleet=fleet, number=n, content={}, code=f"CODE{n}", total=0, legal=False)
        for n in (1, 2)
    )
    calls = []

    def opponents_see(user, seen):
        calls.append((user, seen))
        return [submitted.pk] if user == other_player else []

    register_version_grant(opponents_see)
    register_version_grant(opponents_see)  # a second ready() must not register it twice
    assert can_view_fleet(other_player, fleet)
    assert not can_view_fleet(UserFactory(), fleet)
    assert len(calls) == 2
    assert not can_edit_fleet(other_player, fleet)  # seeing is not editing
    granted = fleet_access(other_player, fleet)
    assert granted.may_see(submitted.pk) and not granted.may_see(later.pk)
    assert granted.latest(fleet) == submitted and list(granted.versions(fleet)) == [submitted]
    assert fleet_access(fleet.owner, fleet).latest(fleet) == later


def test_only_the_owner_edits_and_only_while_unlocked(no_grants, fleet, player, other_player):
    assert can_edit_fleet(player, fleet)
    assert not can_edit_fleet(other_player, fleet)
    assert not can_edit_fleet(UserFactory(is_superuser=True), fleet)
    assert not can_edit_fleet(AnonymousUser(), fleet)
    fleet.locked_at = timezone.now()
    assert not can_edit_fleet(player, fleet)
    assert can_view_fleet(player, fleet)


def test_submission_lookups_are_asked_for_every_fleet(no_grants, fleet):
    register_submission_lookup(lambda asked: [Submission("Store Championship", 7)] if asked == fleet else [])
    assert fleet_submissions(fleet) == [Submission("Store Championship", 7)]
    assert fleet_submissions(FleetFactory()) == []
