"""Site-wide page behaviour: security headers, CSP, friendly error pages, navigation by role."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_is_public_and_has_strict_csp(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_pages_carry_no_inline_script(client):
    html = client.get(reverse("login")).text
    assert "<script>" not in html and "onclick=" not in html and " style=" not in html


def test_friendly_404(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Nothing here" in response.text


def test_navigation_shows_admin_only_to_staff(client, player, admin_user):
    client.force_login(player)
    assert reverse("admin:index") not in client.get(reverse("home")).text
    client.force_login(admin_user)
    assert reverse("admin:index") in client.get(reverse("home")).text


def test_csrf_is_enforced_on_state_changes(player):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": player.username, "password": "x"})
    assert response.status_code == 403
