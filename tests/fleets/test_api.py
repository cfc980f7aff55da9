"""The JSON API: each endpoint with good and bad input, for each kind of caller
(anonymous, the owner by session or token, another player, someone granted a view)."""

import json

import pytest
from django.core.cache import cache
from django.test import Client
from openapi_spec_validator import validate

from fleets import access
from fleets.models import Fleet
from fleets.services import api_token_create, fleet_lock
from fleets.throttles import VALIDATE_RATE
from tests.accounts.factories import PlayerFactory
from tests.fleets.factories import FleetFactory, fleet_catalog, legal_content, saved_fleet


def granted_to(viewer):
    """A grant of every version of any fleet to ``viewer`` (what an event grants is its submitted version)."""
    return lambda user, seen: list(seen.versions.values_list("pk", flat=True)) if user == viewer else []


pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards, player):
    return saved_fleet(cards, owner=player)


@pytest.fixture
def owner(client, player):
    client.force_login(player)
    return client


@pytest.fixture
def stranger(other_player):
    client = Client()
    client.force_login(other_player)
    return client


def bearer(user) -> dict:
    _record, token = api_token_create(user=user, name="script")
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def post_json(client, url, data, **extra):
    return client.post(url, json.dumps(data), content_type="application/json", **extra)


def patch_json(client, url, data, **extra):
    return client.patch(url, json.dumps(data), content_type="application/json", **extra)


# --- The schema and its page ------------------------------------------------------------------------


def test_openapi_schema_loads_and_describes_every_endpoint(client):
    schema = client.get("/api/openapi.json").json()
    assert schema["openapi"].startswith("3.") and schema["info"]["title"] == "Muster API"
    assert {
        "/api/cards",
        "/api/fleets",
        "/api/fleets/import",
        "/api/fleets/{fleet_id}",
        "/api/fleets/{fleet_id}/versions",
        "/api/fleets/{fleet_id}/sheet.pdf",
        "/api/staw/validate",
    } <= set(schema["paths"])
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert method in {"get", "post", "patch", "delete", "put"}, path
            assert operation["responses"] and operation["operationId"], path
            for parameter in operation.get("parameters", []):
                assert parameter["in"] in {"query", "path"} and "schema" in parameter, path
    schemes = schema["components"]["securitySchemes"]
    assert schemes["BearerToken"] == {"type": "http", "scheme": "bearer"}
    assert schemes["SessionAuth"]["in"] == "cookie"
    validate_body = schema["paths"]["/api/staw/validate"]["post"]["requestBody"]["content"]["application/json"]
    assert validate_body["schema"]["required"] == ["ships"]
    assert "ship" in validate_body["schema"]["properties"]["ships"]["items"]["properties"]
    assert "security" not in schema["paths"]["/api/staw/validate"]["post"]


def test_openapi_schema_passes_the_validator(client):
    validate(client.get("/api/openapi.json").json())


def test_docs_page_lists_the_endpoints_without_scripts(client):
    page = client.get("/api/docs").content.decode()
    assert "/api/staw/validate" in page and "Bearer" in page
    assert "<script>" not in page and "cdn" not in page.lower()


# --- Catalog ---------------------------------------------------------------------------------------


def test_card_search_is_public_and_filters(client, cards):
    found = client.get("/api/cards", {"q": "photon"}).json()
    assert [c["id"] for c in found] == [cards.weapon]
    assert found[0] == {
        "id": cards.weapon,
        "kind": "upgrade",
        "name": "Photon Torpedoes",
        "cost": 5,
        "factions": ["federation"],
        "unique": False,
        "ship_class": "",
        "upgrade_type": "weapon",
    }
    ships = client.get("/api/cards", {"kind": "ship", "limit": 2}).json()
    assert len(ships) == 2 and {c["kind"] for c in ships} == {"ship"}
    assert client.get("/api/cards", {"faction": "klingon", "kind": "captain"}).json()[0]["name"] == "Kurn"


@pytest.mark.parametrize("query", [{"limit": 0}, {"limit": 101}, {"limit": "many"}, {"q": "x" * 101}])
def test_card_search_refuses_bad_parameters(client, query):
    assert client.get("/api/cards", query).status_code == 422


# --- Authentication --------------------------------------------------------------------------------


def test_fleet_endpoints_need_a_session_or_a_token(client, fleet, player):
    assert client.get("/api/fleets").status_code == 401
    assert client.get("/api/fleets", HTTP_AUTHORIZATION="Bearer not-a-token").status_code == 401
    assert [f["id"] for f in client.get("/api/fleets", **bearer(player)).json()] == [fleet.pk]


def test_a_token_of_an_inactive_user_is_refused(client, fleet, player):
    headers = bearer(player)
    player.is_active = False
    player.save()
    assert client.get("/api/fleets", **headers).status_code == 401


def test_a_used_token_records_when(client, player):
    headers = bearer(player)
    client.get("/api/fleets", **headers)
    assert player.api_tokens.get().last_used_at is not None


def test_session_writes_need_the_csrf_token_and_token_writes_do_not(player):
    session = Client(enforce_csrf_checks=True)
    session.force_login(player)
    assert post_json(session, "/api/fleets", {"name": "No CSRF"}).status_code == 403
    session.get("/fleets/")  # a page sets the CSRF cookie
    token = session.cookies["csrftoken"].value
    assert post_json(session, "/api/fleets", {"name": "With CSRF"}, HTTP_X_CSRFTOKEN=token).status_code == 201
    assert (
        post_json(Client(enforce_csrf_checks=True), "/api/fleets", {"name": "Script"}, **bearer(player)).status_code
        == 201
    )
    assert sorted(Fleet.objects.values_list("name", flat=True)) == ["Script", "With CSRF"]


# --- Fleets ----------------------------------------------------------------------------------------


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


# --- The public fleet check -----------------------------------------------------------------------


def test_validate_needs_no_login_and_returns_the_engine_report(client, cards):
    response = post_json(client, "/api/staw/validate", legal_content(cards))
    report = response.json()
    assert response.status_code == 200
    assert (report["legal"], report["total"], report["limit"], report["format"]) == (True, 78, 130, "wizkids-2016")
    assert report["ships"][0]["cards"][0] == {
        "id": cards.ships[0],
        "role": "ship",
        "printed": 20,
        "penalty": 0,
        "cost": 20,
    }


def test_validate_reports_violations_with_ship_and_card(client, cards):
    content = legal_content(cards)
    del content["format"]
    content["ships"][0]["captain"] = cards.klingon_captain
    content["ships"][1]["upgrades"] = [cards.weapon, cards.weapon, cards.tech, cards.crew, cards.crew]
    report = post_json(client, "/api/staw/validate?format=wizkids-2014", content).json()
    assert report["format"] == "wizkids-2014" and report["ships"][0]["cards"][1]["penalty"] == 1
    assert report["ships"][1]["cost"] == 43 and report["legal"] is True  # 20 + 3 + 20: within 50
    content["ships"][1]["upgrades"].append(cards.crew)
    report = post_json(client, "/api/staw/validate", content).json()
    [violation] = report["violations"]
    assert violation["code"] == "SLOT_OVERFLOW" and violation["ship"] == 1 and violation["card"] == cards.crew


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("{broken", "not valid JSON"),
        ('{"ships": []}', "non-empty list"),
        ('{"ships": [{"ship": "NOPE"}]}', "unknown card id"),
        ('{"format": "nope", "ships": [{"ship": "SHIP"}]}', "unknown format"),
        ("[" * 50_000, "not"),
    ],
    ids=["bad json", "no ships", "unknown card", "unknown format", "deep nesting"],
)
def test_validate_refuses_what_it_cannot_judge(client, cards, body, fragment):
    response = client.post("/api/staw/validate", body.replace("SHIP", cards.ships[0]), content_type="application/json")
    assert response.status_code == 400 and fragment in response.json()["detail"]


def test_validate_is_rate_limited_per_client_address(client, cards):
    limit = int(VALIDATE_RATE.split("/")[0])
    statuses = [
        client.post("/api/staw/validate", "{}", content_type="application/json").status_code for _ in range(limit + 1)
    ]
    assert statuses[:limit] == [400] * limit and statuses[limit] == 429
    spoofed = client.post("/api/staw/validate", "{}", content_type="application/json", HTTP_X_FORWARDED_FOR="10.9.8.7")
    assert spoofed.status_code == 429  # a forwarded-for header does not reset the count
    other = client.post("/api/staw/validate", "{}", content_type="application/json", REMOTE_ADDR="10.0.0.2")
    assert other.status_code == 400


def test_an_unknown_fleet_and_other_players_tokens(client, fleet):
    other = PlayerFactory()
    assert client.get(f"/api/fleets/{fleet.pk}", **bearer(other)).status_code == 404


def send(client, method: str, path: str):
    if method == "get":
        return client.get(path)
    return getattr(client, method)(path, "{}", content_type="application/json")


FLEET_ENDPOINTS = [
    ("get", "/api/fleets/{id}"),
    ("patch", "/api/fleets/{id}"),
    ("delete", "/api/fleets/{id}"),
    ("get", "/api/fleets/{id}/versions"),
    ("get", "/api/fleets/{id}/sheet.pdf"),
]


@pytest.mark.parametrize(("method", "path"), [*FLEET_ENDPOINTS, ("get", "/api/fleets"), ("post", "/api/fleets")])
def test_every_fleet_endpoint_refuses_anonymous_callers(client, fleet, method, path):
    assert send(client, method, path.format(id=fleet.pk)).status_code == 401
    assert Fleet.objects.count() == 1 and fleet.versions.count() == 1


@pytest.mark.parametrize("role", ["player", "judge", "organizer"])
@pytest.mark.parametrize(("method", "path"), FLEET_ENDPOINTS)
def test_site_roles_do_not_open_someone_elses_fleet(request, fleet, role, method, path):
    """Judging or organizing somewhere is no grant: only a registered grant (an event's) shows a fleet."""
    user = request.getfixturevalue("other_player" if role == "player" else role)
    client = Client()
    client.force_login(user)
    assert send(client, method, path.format(id=fleet.pk)).status_code == 404
    assert Fleet.objects.filter(pk=fleet.pk).exists() and fleet.versions.count() == 1


@pytest.mark.parametrize("path", ["/api/fleets/{id}", "/api/fleets/{id}/versions", "/api/fleets/{id}/sheet.pdf"])
def test_a_granted_viewer_reads_every_view_endpoint(stranger, fleet, other_player, monkeypatch, path):
    monkeypatch.setattr(access, "_version_grants", [granted_to(other_player)])
    assert stranger.get(path.format(id=fleet.pk)).status_code == 200
