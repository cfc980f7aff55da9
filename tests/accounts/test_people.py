"""The People page: site administrators find people and give or take the Organizer and Judge roles."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from accounts.permissions import is_judge, is_organizer
from accounts.roles import JUDGE, ORGANIZER, PLAYER
from accounts.services import AccountError, role_set
from tests.accounts.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(db):
    return UserFactory(username="admiral", is_superuser=True, is_staff=True)


def fresh(user):
    return type(user).objects.get(pk=user.pk)


def test_role_set_gives_and_takes_organizer_and_judge(admin):
    person = PlayerFactory()
    role_set(user=person, role=ORGANIZER, granted=True, by=admin)
    role_set(user=person, role=JUDGE, granted=True, by=admin)
    assert is_organizer(fresh(person)) and is_judge(fresh(person))
    role_set(user=person, role=ORGANIZER, granted=False, by=admin)
    role_set(user=person, role=ORGANIZER, granted=False, by=admin)  # taking a role not held changes nothing
    assert not is_organizer(fresh(person)) and is_judge(fresh(person))


def test_the_player_role_is_not_given_here(admin):
    with pytest.raises(AccountError):
        role_set(user=PlayerFactory(), role=PLAYER, granted=False, by=admin)


def test_an_administrator_finds_people_and_makes_one_an_organizer(admin, client):
    worf, _ = PlayerFactory(username="worf", email="worf@example.org"), PlayerFactory(username="dax")
    client.force_login(admin)
    page = client.get(reverse("people"), {"q": "WORF"}).content.decode()
    assert "worf@example.org" in page and "dax" not in page
    response = client.post(reverse("people_role", args=[worf.pk]), {"role": ORGANIZER, "granted": "1", "q": "worf"})
    assert response.status_code == 302 and response.url == reverse("people") + "?q=worf"
    assert Group.objects.get(name=ORGANIZER).user_set.filter(pk=worf.pk).exists()
    page = client.get(reverse("people"), {"q": "worf"}).content.decode()
    assert "worf is now an Organizer." in page and "Take Organizer from worf" in page


def test_only_administrators_see_the_people_link(admin, client):
    client.force_login(admin)
    assert reverse("people") in client.get("/").content.decode()
    client.force_login(PlayerFactory())
    assert reverse("people") not in client.get("/").content.decode()
