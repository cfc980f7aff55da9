"""The permission helpers every view relies on, for each kind of user."""

from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.test import RequestFactory

from accounts.permissions import (
    has_role,
    is_event_organizer,
    is_event_staff,
    organizer_required,
    role_names,
)
from accounts.roles import JUDGE, ORGANIZER, PLAYER
from tests.accounts.factories import UserFactory

pytestmark = pytest.mark.django_db


def event_run_by(organizer, *judges):
    """Stands in for an event: the helpers read ``organizer_id`` and ``judges.all()`` only."""
    return SimpleNamespace(organizer_id=organizer.pk, judges=SimpleNamespace(all=lambda: list(judges)))


def test_anonymous_holds_no_role():
    anonymous = AnonymousUser()
    assert not has_role(anonymous, PLAYER)
    assert role_names(anonymous) == frozenset()


@pytest.mark.parametrize("role", [PLAYER, JUDGE, ORGANIZER])
def test_each_role_holds_only_itself(role):
    user = UserFactory(roles=[role])
    assert {r for r in (PLAYER, JUDGE, ORGANIZER) if has_role(user, r)} == {role}


def test_a_user_can_hold_several_roles():
    user = UserFactory(roles=[ORGANIZER, JUDGE])
    assert has_role(user, ORGANIZER) and has_role(user, JUDGE) and not has_role(user, PLAYER)


def test_superuser_holds_every_role():
    admin = UserFactory(is_superuser=True)
    assert all(has_role(admin, role) for role in (PLAYER, JUDGE, ORGANIZER))


def test_event_staff_is_the_organizer_and_its_judges_only(organizer, judge, player):
    other_judge = UserFactory(roles=[JUDGE])
    event = event_run_by(organizer, judge)
    assert is_event_organizer(organizer, event) and is_event_staff(organizer, event)
    assert is_event_staff(judge, event) and not is_event_organizer(judge, event)
    assert not is_event_staff(other_judge, event)
    assert not is_event_staff(player, event)
    assert not is_event_staff(AnonymousUser(), event)


def test_another_organizer_is_not_staff_of_this_event(organizer):
    other_organizer = UserFactory(roles=[ORGANIZER])
    assert not is_event_staff(other_organizer, event_run_by(organizer))


@organizer_required
def organizer_page(request):
    return HttpResponse("ok")


def request_as(user):
    request = RequestFactory().get("/organizer-only/")
    request.user = user
    return request


def test_role_required_sends_anonymous_to_log_in():
    response = organizer_page(request_as(AnonymousUser()))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_role_required_forbids_other_roles(player, judge):
    for user in (player, judge):
        with pytest.raises(PermissionDenied):
            organizer_page(request_as(user))


def test_role_required_allows_the_role(organizer):
    assert organizer_page(request_as(organizer)).status_code == 200
