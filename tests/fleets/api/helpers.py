"""What the JSON API tests share: a caller's token, JSON requests, the endpoints about one fleet."""

import json

from fleets.services import api_token_create


def granted_to(viewer):
    """A grant of every version of any fleet to ``viewer`` (what an event grants is its submitted version)."""
    return lambda user, seen: list(seen.versions.values_list("pk", flat=True)) if user == viewer else []


def bearer(user) -> dict:
    _record, token = api_token_create(user=user, name="script")
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def post_json(client, url, data, **extra):
    return client.post(url, json.dumps(data), content_type="application/json", **extra)


def patch_json(client, url, data, **extra):
    return client.patch(url, json.dumps(data), content_type="application/json", **extra)


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
