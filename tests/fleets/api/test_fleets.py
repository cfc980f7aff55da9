"""The fleet endpoints with good and bad input: list, create, read, change, delete, versions, import, sheet."""

import json

import pytest
from django.test import Client

from fleets import access
from fleets.models import Fleet
from fleets.services import fleet_lock
from tests.fleets.api.helpers import granted_to, patch_json, post_json
from tests.fleets.factories import FleetFactory, legal_content, saved_fleet

pytestmark = pytest.mark.django_db


def test_list_shows_only_my_fleets_with_their_current_version(owner, cards, fleet):
    saved_fleet(cards)  # someone else's
    [listed] = owner.get("/api/fleets").json()
    assert (listed["id"], listed["locked"], listed["version"]["number"], listed["version"]["total"]) == (
        fleet.pk,
        False,
        1,
        78,
    )


def test_create_empty_and_with_content(owner, cards, player):
    empty = post_json(owner, "/api/fleets", {"name": "Empty", "faction": "federation"})
    assert empty.status_code == 201 and empty.json()["version"] is None and empty.json()["content"] is None
    full = post_json(owner, "/api/fleets", {"name": "Full", "format": "wizkids-2014", "content": legal_content(cards)})
    body = full.json()
    assert full.status_code == 201 and body["version"]["number"] == 1 and body["report"]["total"] == 78
    assert body["format"] == "wizkids-2014" and body["content"]["format"] == "wizkids-2014"  # explicit wins
    from_file = post_json(owner, "/api/fleets", {"name": "File format", "content": legal_content(cards)}).json()
    assert from_file["format"] == "wizkids-2016"
    assert Fleet.objects.filter(owner=player).count() == 3


@pytest.mark.parametrize(
    "payload",
    [
        {"name": ""},
        {"name": "Bad format", "format": "nope"},
        {"name": "Bad card", "content": {"ships": [{"ship": "NOPE"}]}},
        {"name": "Bad shape", "content": {"ships": "all of them"}},
    ],
)
def test_create_refuses_bad_input_and_creates_nothing(owner, payload):
    response = post_json(owner, "/api/fleets", payload)
    assert response.status_code == 400 and response.json()["detail"]
    assert not Fleet.objects.exists()


def test_create_refuses_a_malformed_body(owner):
    assert owner.post("/api/fleets", "{oops", content_type="application/json").status_code in (400, 422)
    assert post_json(owner, "/api/fleets", {"nom": "x"}).status_code == 422
    assert not Fleet.objects.exists()


def test_detail_for_owner_granted_viewer_and_stranger(owner, stranger, fleet, other_player, monkeypatch):
    body = owner.get(f"/api/fleets/{fleet.pk}").json()
    assert body["content"] == fleet.current_version.content
    assert body["report"]["legal"] is True and body["report"]["total"] == 78
    assert len(body["report"]["ships"][0]["cards"]) == 3

    assert stranger.get(f"/api/fleets/{fleet.pk}").status_code == 404
    assert stranger.get("/api/fleets/999999").status_code == 404
    monkeypatch.setattr(access, "_version_grants", [granted_to(other_player)])
    assert stranger.get(f"/api/fleets/{fleet.pk}").status_code == 200


def test_patch_saves_a_new_version_and_details(owner, cards, fleet):
    content = legal_content(cards)
    content["ships"][0]["upgrades"].append(cards.weapon)
    body = patch_json(owner, f"/api/fleets/{fleet.pk}", {"content": content, "base": 1, "name": "Patched"}).json()
    assert (body["name"], body["version"]["number"], body["version"]["total"]) == ("Patched", 2, 83)
    body = patch_json(owner, f"/api/fleets/{fleet.pk}", {"format": "wizkids-2014"}).json()
    assert (body["format"], body["version"]["number"], body["report"]["limit"]) == ("wizkids-2014", 3, 120)


@pytest.mark.parametrize(
    ("payload", "status"),
    [
        ({"content": {"ships": []}, "base": 0}, 409),
        ({"content": {"ships": [{"ship": "NOPE"}]}}, 400),
        ({"format": "nope"}, 400),
        ({"name": ""}, 400),
    ],
    ids=["stale", "bad card", "bad format", "empty name"],
)
def test_patch_refusals_change_nothing(owner, fleet, payload, status):
    response = patch_json(owner, f"/api/fleets/{fleet.pk}", payload)
    assert response.status_code == status
    fleet.refresh_from_db()
    assert fleet.versions.count() == 1 and fleet.format_key == "wizkids-2016" and fleet.name.startswith("Task")


def test_patch_of_a_locked_fleet_is_a_conflict(owner, fleet):
    fleet_lock(fleet=fleet)
    assert patch_json(owner, f"/api/fleets/{fleet.pk}", {"name": "x"}).status_code == 409
    assert patch_json(owner, f"/api/fleets/{fleet.pk}", {"content": {"ships": []}}).status_code == 409


def test_patch_by_others(stranger, fleet, other_player, monkeypatch):
    assert patch_json(stranger, f"/api/fleets/{fleet.pk}", {"name": "Mine now"}).status_code == 404
    monkeypatch.setattr(access, "_version_grants", [granted_to(other_player)])
    assert patch_json(stranger, f"/api/fleets/{fleet.pk}", {"name": "Mine now"}).status_code == 403
    fleet.refresh_from_db()
    assert fleet.name != "Mine now"


def test_delete(owner, stranger, cards, fleet):
    assert stranger.delete(f"/api/fleets/{fleet.pk}").status_code == 404
    assert owner.delete(f"/api/fleets/{fleet.pk}").status_code == 204
    assert not Fleet.objects.exists()


def test_delete_refused_while_locked_or_submitted(owner, cards, player):
    from tests.tournaments.factories import RegistrationFactory

    locked = fleet_lock(fleet=saved_fleet(cards, owner=player))
    submitted = saved_fleet(cards, owner=player)
    RegistrationFactory(player=player, fleet_version=submitted.current_version)
    assert owner.delete(f"/api/fleets/{locked.pk}").status_code == 409
    response = owner.delete(f"/api/fleets/{submitted.pk}")
    assert response.status_code == 409 and "submitted to an event" in response.json()["detail"]
    assert Fleet.objects.count() == 2


def test_versions(owner, stranger, cards, fleet):
    patch_json(owner, f"/api/fleets/{fleet.pk}", {"content": {"ships": []}})
    versions = owner.get(f"/api/fleets/{fleet.pk}/versions").json()
    assert [(v["number"], v["legal"]) for v in versions] == [(2, False), (1, True)]
    assert stranger.get(f"/api/fleets/{fleet.pk}/versions").status_code == 404


def test_import_and_its_refusals(owner, cards, player):
    data = json.dumps(legal_content(cards))
    response = owner.post("/api/fleets/import?name=Imported", data, content_type="application/json")
    assert response.status_code == 201 and response.json()["name"] == "Imported"
    assert response.json()["content"]["ships"][0]["ship"] == cards.ships[0]
    for bad in ("{not json", '{"ships": []}', '{"ships": [{"ship": "NOPE"}]}', "[" * 50_000):
        refused = owner.post("/api/fleets/import", bad, content_type="application/json")
        assert refused.status_code == 400 and refused.json()["detail"].endswith(".")
    assert Fleet.objects.count() == 1
    assert Client().post("/api/fleets/import", data, content_type="application/json").status_code == 401


def test_sheet_pdf(owner, stranger, fleet, player):
    response = owner.get(f"/api/fleets/{fleet.pk}/sheet.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-") and "attachment" in response["Content-Disposition"]
    assert owner.get(f"/api/fleets/{fleet.pk}/sheet.pdf?version=9").status_code == 404
    assert owner.get(f"/api/fleets/{FleetFactory(owner=player).pk}/sheet.pdf").status_code == 404  # empty
    assert stranger.get(f"/api/fleets/{fleet.pk}/sheet.pdf").status_code == 404
