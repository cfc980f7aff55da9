"""The JSON API's schema and reference page, and the public card search."""

import pytest
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db


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
