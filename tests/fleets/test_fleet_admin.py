"""Admin pages for fleets (view-only, never a locked one deleted) and API tokens (shown once)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from fleets.models import ApiToken
from fleets.models.api_token import token_digest
from tests.accounts.factories import UserFactory
from tests.fleets.factories import FleetFactory, fleet_catalog, saved_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_an_issued_token_is_shown_once_and_works(admin_client, player):
    response = admin_client.post(
        reverse("admin:fleets_apitoken_add"), {"user": player.pk, "name": "league script"}, follow=True
    )
    token = re.search(r"Token for \S+: (\S+) \(copy it now", response.content.decode()).group(1)
    record = ApiToken.objects.get(user=player)
    assert record.digest == token_digest(token) and record.name == "league script"
    assert admin_client.get("/api/fleets", HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 200


def test_fleets_are_view_only_and_locked_ones_cannot_be_deleted(admin_client):
    fleet = saved_fleet(fleet_catalog())
    page = admin_client.get(reverse("admin:fleets_fleet_change", args=[fleet.pk])).content.decode()
    assert fleet.current_version.code in page and 'name="name"' not in page
    locked = FleetFactory(locked_at=timezone.now())
    assert admin_client.get(reverse("admin:fleets_fleet_delete", args=[locked.pk])).status_code == 403
    assert admin_client.get(reverse("admin:fleets_fleet_delete", args=[fleet.pk])).status_code == 200
