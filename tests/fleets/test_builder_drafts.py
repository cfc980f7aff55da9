"""The builder's Save version, Discard draft and its exports, which save the draft before they open."""

import json

import pytest
from django.urls import reverse

from fleets.models import Fleet
from fleets.services import fleet_lock
from tests.accounts.factories import PlayerFactory
from tests.fleets.factories import FleetFactory, fleet_catalog, saved_fleet
from tests.fleets.views.helpers import HTMX, builder_post, save_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards, player, client):
    client.force_login(player)
    return saved_fleet(cards, owner=player)


def discard_post(fleet):
    return reverse("fleets:discard", args=[fleet.pk]), {"base": Fleet.objects.get(pk=fleet.pk).revision}


def test_an_edit_shows_unsaved_changes_and_save_makes_the_version(client, fleet):
    html = client.post(*builder_post(fleet, "remove-ship", ship=2), **HTMX).content.decode()
    assert "Unsaved changes since version 1" in html and "Save version" in html and "Discard draft" in html
    assert fleet.versions.count() == 1
    html = client.post(*save_post(fleet), **HTMX).content.decode()
    assert "All changes are saved in version 2" in html and "Unsaved changes" not in html
    assert fleet.versions.count() == 2 and fleet.current_version.total == 52


def test_discard_brings_back_the_saved_list(client, cards, fleet):
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    html = client.post(*discard_post(fleet), **HTMX).content.decode()
    assert "Unsaved changes" not in html and "78</span> / 130 SP" in html
    fleet.refresh_from_db()
    assert fleet.draft is None and fleet.versions.count() == 1


@pytest.mark.parametrize(
    ("then", "url_name"),
    [
        ("sheet", "fleets:sheet"),
        ("json", "fleets:export_json"),
        ("text", "fleets:export_text"),
        ("utopia-link", "fleets:export_utopia_link"),
        ("utopia-text", "fleets:export_utopia_text"),
    ],
)
def test_an_export_saves_the_draft_once_then_opens_that_version(client, fleet, then, url_name):
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    first = client.post(*save_post(fleet, then=then))
    second = client.post(*save_post(fleet, then=then))  # exporting twice makes one version
    expected = reverse(url_name, args=[fleet.pk]) + "?version=2"
    assert first.status_code == second.status_code == 302 and first.url == second.url == expected
    assert fleet.versions.count() == 2


def test_the_exported_file_is_the_saved_draft(client, fleet):
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    response = client.post(*save_post(fleet, then="json"), follow=True)
    assert json.loads(response.content) == fleet.current_version.content
    assert len(fleet.current_version.content["ships"]) == 2


def test_an_export_without_changes_makes_no_version(client, fleet):
    response = client.post(*save_post(fleet, then="text"))
    assert response.url.endswith("?version=1") and fleet.versions.count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [({"base": 0}, "changed in another window"), ({"then": "pdf"}, "Select a valid choice")],
)
def test_a_stale_or_bad_save_is_refused_and_saves_nothing(client, fleet, data, message):
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    html = client.post(*save_post(fleet, **data), **HTMX).content.decode()
    assert message in html and fleet.versions.count() == 1


def test_a_fleet_with_nothing_to_save_says_so(client, player):
    fleet = FleetFactory(owner=player)
    client.force_login(player)
    html = client.post(*save_post(fleet, then="json"), **HTMX).content.decode()
    assert "nothing to save yet" in html and fleet.versions.count() == 0


def test_a_locked_fleet_shows_plain_downloads_and_refuses_a_save(client, fleet):
    fleet_lock(fleet=fleet)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "Save version" not in page and f'href="{reverse("fleets:sheet", args=[fleet.pk])}"' in page
    for post in (save_post(fleet), discard_post(fleet)):
        assert "is locked" in client.post(*post, **HTMX).content.decode()
    assert fleet.versions.count() == 1


def test_nobody_else_sees_the_owner_s_unsaved_changes(client, cards, fleet, monkeypatch):
    """A judge granted version 1 sees version 1, never the draft on top of it."""
    from fleets import access

    client.post(*builder_post(fleet, "remove-ship", ship=2))
    judge = PlayerFactory()
    monkeypatch.setattr(access, "_version_grants", [lambda user, seen: [fleet.current_version.pk]])
    client.force_login(judge)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "78</span> / 130 SP" in page and "Unsaved changes" not in page and "Save version" not in page


def test_my_fleets_marks_a_fleet_with_unsaved_changes(client, fleet):
    listing = reverse("fleets:list")
    assert "Unsaved changes" not in client.get(listing).content.decode()
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    assert "Unsaved changes" in client.get(listing).content.decode()
