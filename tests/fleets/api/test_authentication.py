"""Who may call the fleet endpoints: a session or a token, never anonymous; no site role opens
someone else's fleet; a granted viewer reads what the grant shows."""

import pytest
from django.test import Client

from fleets import access
from fleets.models import Fleet
from tests.accounts.factories import PlayerFactory
from tests.fleets.api.helpers import FLEET_ENDPOINTS, bearer, granted_to, post_json, send

pytestmark = pytest.mark.django_db


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


def test_an_unknown_fleet_and_other_players_tokens(client, fleet):
    other = PlayerFactory()
    assert client.get(f"/api/fleets/{fleet.pk}", **bearer(other)).status_code == 404


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


@pytest.mark.parametrize(
    ("method", "path"),
    [
        (m, p)
        for m, p in [*FLEET_ENDPOINTS, ("post", "/api/fleets"), ("post", "/api/events/1/matches/1/result")]
        if m != "get"
    ],
)
def test_a_write_without_credentials_gets_401_not_a_csrf_refusal(fleet, method, path):
    """Issue 24, item 12: a browser-like client (CSRF enforced) with no session and no token was told
    "CSRF check Failed" (403); the schema documents 401."""
    response = send(Client(enforce_csrf_checks=True), method, path.format(id=fleet.pk))
    assert response.status_code == 401
    assert Fleet.objects.count() == 1 and fleet.versions.count() == 1
