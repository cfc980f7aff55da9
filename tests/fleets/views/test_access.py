"""Who may use each fleet page: anonymous visitors log in first, other players get 404, owners get the page,
someone granted a view may look, and a locked fleet refuses every edit."""

import pytest
from django.urls import reverse

from fleets.models import ApiToken, Fleet
from fleets.services import api_token_create, fleet_lock
from tests.accounts.factories import PlayerFactory, UserFactory
from tests.fleets.views.helpers import FLEET_VIEWS, HTMX, VIEW_IDS, all_versions, builder_post, call, login

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("name", "method", "args", "data"), FLEET_VIEWS, ids=VIEW_IDS)
def test_anonymous_visitors_are_sent_to_log_in(client, fleet, name, method, args, data):
    response = call(client, fleet, name, method, args, data)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize(("name", "method", "args", "data"), FLEET_VIEWS, ids=VIEW_IDS)
def test_other_players_get_404_and_change_nothing(client, fleet, other_player, name, method, args, data):
    response = call(login(client, other_player), fleet, name, method, args, data)
    assert response.status_code == 404
    fleet.refresh_from_db()
    assert fleet.name.startswith("Task Force") and fleet.versions.count() == 1
    assert Fleet.objects.count() == 1


@pytest.mark.parametrize(("name", "method", "args", "data"), FLEET_VIEWS, ids=VIEW_IDS)
def test_the_owner_may_use_every_view(client, fleet, player, name, method, args, data):
    response = call(login(client, player), fleet, name, method, args, data)
    assert response.status_code == (302 if method == "post" else 200)


def test_a_missing_fleet_is_404_too(client, player):
    assert login(client, player).get(reverse("fleets:detail", args=[999_999])).status_code == 404


def test_someone_granted_a_view_sees_but_cannot_change(client, fleet, monkeypatch):
    """A judge of the fleet's event (a registered grant) may look, not edit."""
    from fleets import access

    judge = PlayerFactory()
    monkeypatch.setattr(access, "_version_grants", [lambda user, seen: all_versions(seen) if user == judge else ()])
    login(client, judge)
    page = client.get(reverse("fleets:detail", args=[fleet.pk]))
    assert page.status_code == 200 and b"Add a ship" not in page.content
    assert client.post(*builder_post(fleet, "remove-ship", ship=0)).status_code == 403
    assert fleet.versions.count() == 1


@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("remove-ship", {"ship": 0}),
        ("add-ship", {"card": "SHIP"}),
        ("assign", {"ship": 0, "role": "upgrade", "card": "CREW"}),
        ("remove-card", {"ship": 0, "role": "captain"}),
        ("booster", {"ship": 0, "blind_booster": "on"}),
        ("resource", {"resource": "RESOURCE"}),
    ],
)
def test_a_locked_fleet_refuses_every_builder_change(client, cards, fleet, player, action, data):
    fleet_lock(fleet=fleet)
    replace = {"SHIP": cards.ships[0], "CREW": cards.crew, "RESOURCE": cards.resource}
    data = {key: replace.get(value, value) for key, value in data.items()}
    login(client, player)
    response = client.post(*builder_post(fleet, action, **data), **HTMX)
    assert response.status_code == 200 and "is locked" in response.content.decode()
    response = client.post(*builder_post(fleet, action, **data), follow=True)
    assert "is locked" in response.content.decode()
    assert fleet.versions.count() == 1


def test_a_locked_fleet_cannot_be_renamed_or_deleted_and_shows_no_edit_controls(client, fleet, player):
    fleet_lock(fleet=fleet)
    login(client, player)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "Locked" in page and "Add a ship" not in page and "Remove ship" not in page
    listing = client.get(reverse("fleets:list")).content.decode()
    assert "Locked" in listing and reverse("fleets:delete", args=[fleet.pk]) not in listing
    client.post(reverse("fleets:rename", args=[fleet.pk]), {"name": "Changed"})
    client.post(reverse("fleets:delete", args=[fleet.pk]))
    fleet.refresh_from_db()
    assert fleet.name != "Changed"
    assert client.get(reverse("fleets:sheet", args=[fleet.pk])).status_code == 200  # printable
    assert client.post(reverse("fleets:duplicate", args=[fleet.pk])).status_code == 302  # duplicable
    assert Fleet.objects.filter(owner=player).count() == 2


@pytest.mark.parametrize(
    "name", ["fleets:list", "fleets:create", "fleets:import", "fleets:api_tokens"], ids=lambda n: n.split(":")[1]
)
def test_account_pages_need_a_login(client, player, name):
    url = reverse(name)
    assert client.get(url).url.startswith(reverse("login"))
    assert login(client, player).get(url).status_code == 200


def test_tokens_are_revoked_by_their_owner_only(client, player, other_player):
    mine, _ = api_token_create(user=player, name="mine")
    theirs, _ = api_token_create(user=other_player, name="theirs")
    login(client, player)
    assert client.post(reverse("fleets:api_token_revoke", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("fleets:api_token_revoke", args=[mine.pk])).status_code == 302
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["theirs"]
    client.logout()
    assert client.post(reverse("fleets:api_token_revoke", args=[theirs.pk])).url.startswith(reverse("login"))


def test_superuser_sees_any_fleet(client, fleet):
    admin = UserFactory(is_superuser=True)
    assert login(client, admin).get(reverse("fleets:detail", args=[fleet.pk])).status_code == 200
