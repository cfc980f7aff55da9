"""The fleet pages around the builder: my fleets, create, import, delete, history, exports, the sheet,
the verification page and API tokens."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from fleets.models import ApiToken, Fleet
from tests.accounts.factories import PlayerFactory
from tests.fleets.factories import FleetFactory, legal_content, saved_fleet
from tests.fleets.views.helpers import all_versions, builder_post, login, save_post

pytestmark = pytest.mark.django_db


def test_my_fleets_lists_only_my_fleets_with_their_verdict(client, cards, fleet, player):
    saved_fleet(cards, name="Someone Else's")
    page = login(client, player).get(reverse("fleets:list")).content.decode()
    assert fleet.name in page and "Someone Else" not in page and "Legal" in page and "78" in page


def test_create_then_the_builder_opens(client, cards, player):
    response = login(client, player).post(
        reverse("fleets:create"), {"name": "Fresh", "faction": "federation", "format_key": "wizkids-2016"}
    )
    fleet = Fleet.objects.get(owner=player)
    assert response.url == reverse("fleets:detail", args=[fleet.pk])
    assert (fleet.name, fleet.faction) == ("Fresh", "federation")


def test_create_refuses_an_unknown_format(client, cards, player):
    response = login(client, player).post(
        reverse("fleets:create"), {"name": "Fresh", "faction": "federation", "format_key": "nope"}
    )
    assert response.status_code == 200 and not Fleet.objects.exists()


def test_import_by_upload_and_by_paste(client, cards, player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    login(client, player)
    data = json.dumps(legal_content(cards)).encode()
    for fields in (
        {"file": SimpleUploadedFile("fleet.json", data), "name": "Uploaded"},
        {"text": data.decode(), "name": "Pasted"},
    ):
        page = client.post(reverse("fleets:import"), fields).content.decode()
        assert not Fleet.objects.filter(name=fields["name"]).exists()  # a preview first
        token = re.search(r'name="source" value="([^"]+)"', page).group(1)
        client.post(reverse("fleets:import"), {"confirm": "1", "source": token, "name": fields["name"]})
    assert sorted(Fleet.objects.values_list("name", flat=True)) == ["Pasted", "Uploaded"]


def test_import_of_a_bad_file_shows_why_and_creates_nothing(client, player):
    response = login(client, player).post(reverse("fleets:import"), {"text": '{"ships": [{"ship": "NOPE"}]}'})
    assert response.status_code == 200 and "NOPE" in response.content.decode()
    assert not Fleet.objects.exists()


def test_delete_asks_first_then_deletes(client, fleet, player):
    login(client, player)
    confirm = client.get(reverse("fleets:delete", args=[fleet.pk]))
    assert b"Delete the fleet" in confirm.content and Fleet.objects.exists()
    client.post(reverse("fleets:delete", args=[fleet.pk]))
    assert not Fleet.objects.exists()


def test_history_lists_every_version(client, cards, fleet, player):
    login(client, player)
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    client.post(*save_post(fleet))
    page = client.get(reverse("fleets:history", args=[fleet.pk])).content.decode()
    assert "v1" in page and "v2" in page and fleet.versions.get(number=1).code in page


def test_json_export_is_the_fleet_file_and_picks_a_version(client, cards, fleet, player):
    login(client, player)
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    response = client.get(reverse("fleets:export_json", args=[fleet.pk]), {"version": "1"})
    assert response["Content-Type"] == "application/json" and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == fleet.versions.get(number=1).content
    assert client.get(reverse("fleets:export_json", args=[fleet.pk]), {"version": "9"}).status_code == 404
    assert client.get(reverse("fleets:export_json", args=[fleet.pk]), {"version": "x"}).status_code == 404


def test_an_empty_fleet_has_nothing_to_export(client, player):
    fleet = FleetFactory(owner=player)
    assert login(client, player).get(reverse("fleets:export_json", args=[fleet.pk])).status_code == 404


def test_text_export_is_the_forum_list(client, cards, fleet, player):
    text = login(client, player).get(reverse("fleets:export_text", args=[fleet.pk])).content.decode()
    assert text.startswith(f"{fleet.name} (Federation): 78/130 SP")
    assert "Ship 1: 26 SP" in text and "Total: 78 SP" in text and fleet.current_version.code in text


def test_sheet_prints_the_email_only_for_the_owner_who_chose_it(client, fleet, player, monkeypatch):
    from accounts.services import print_preferences_set
    from fleets import access

    seen = []
    monkeypatch.setattr("fleets.views.exports.render_fleet_sheet", lambda **kw: seen.append(kw) or b"%PDF-")
    monkeypatch.setattr(access, "_version_grants", [lambda user, f: all_versions(f)])
    login(client, player).get(reverse("fleets:sheet", args=[fleet.pk]))
    print_preferences_set(user=player, print_name="", print_email=True)
    login(client, player).get(reverse("fleets:sheet", args=[fleet.pk]))
    login(client, PlayerFactory()).get(reverse("fleets:sheet", args=[fleet.pk]))
    assert [kw["email"] for kw in seen] == ["", player.email, ""]
    assert seen[0]["site_url"] == "http://testserver/"


def test_verify_page_shows_match_owner_and_events_never_the_list(client, cards, fleet, monkeypatch):
    from fleets import access

    version = fleet.current_version
    monkeypatch.setattr(access, "_submission_lookups", [lambda f: [access.Submission("Spring Open", version.pk)]])
    page = client.get(reverse("fleets:verify", args=[version.pk, version.code.lower()])).content.decode()
    assert "matches version 1" in page and fleet.owner.username in page and "Spring Open" in page
    assert "this is the version submitted" in page
    assert "U.S.S." not in page and fleet.name not in page and cards.ships[0] not in page


def test_verify_page_says_when_another_version_was_submitted(client, cards, fleet, player, monkeypatch):
    from fleets import access

    first = fleet.current_version
    login(client, player).post(*builder_post(fleet, "remove-ship", ship=2))
    client.post(*save_post(fleet))
    monkeypatch.setattr(
        access, "_submission_lookups", [lambda f: [access.Submission("Spring Open", f.current_version.pk)]]
    )
    page = client.get(reverse("fleets:verify", args=[first.pk, first.code])).content.decode()
    assert "a different version was submitted" in page


@pytest.mark.parametrize("wrong", ["code", "version"])
def test_verify_page_reveals_nothing_for_a_wrong_code(client, fleet, wrong):
    version = fleet.current_version
    args = [version.pk, "AAAAAAAA"] if wrong == "code" else [version.pk + 100, version.code]
    page = client.get(reverse("fleets:verify", args=args)).content.decode()
    assert "does not match" in page and fleet.owner.username not in page


def test_a_token_is_shown_once_and_stored_as_a_digest(client, player):
    page = login(client, player).post(reverse("fleets:api_tokens"), {"name": "my script"}).content.decode()
    token = re.search(r'id="new-token">([^<]+)<', page).group(1)
    record = ApiToken.objects.get(user=player)
    assert record.prefix == token[:8] and token not in record.digest
    assert token not in client.get(reverse("fleets:api_tokens")).content.decode()


def test_fleet_templates_have_no_inline_script_or_style():
    """CSP forbids them; htmx attributes are fine, hx-on (an inline handler) is not."""
    folder = Path(settings.BASE_DIR) / "templates" / "fleets"
    for template in folder.glob("*.html"):
        text = template.read_text()
        assert not re.search(r"\sstyle=|<style|\son\w+=|hx-on|javascript:", text), template.name
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), template.name


def test_my_fleets_costs_the_same_queries_for_one_fleet_or_many(client, cards, player, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    login(client, player)
    saved_fleet(cards, owner=player)
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("fleets:list"))
    for _ in range(4):
        saved_fleet(cards, owner=player)
    with django_assert_num_queries(len(one)):
        assert client.get(reverse("fleets:list")).content.decode().count("Legal") == 5
