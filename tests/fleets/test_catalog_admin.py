"""The catalog admin: a page per kind, search and filters, and nothing editable."""

import pytest
from django.urls import reverse

from tests.fleets.factories import (
    AdmiralFactory,
    CaptainFactory,
    CardFactory,
    CardSetFactory,
    ResourceFactory,
    ShipFactory,
    UpgradeFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    CardSetFactory(source_id="71120", name="Starter Set")
    return {
        "ship": ShipFactory(name="U.S.S. Enterprise", factions=["federation"], set_ids=["71120"]),
        "captain": CaptainFactory(name="Gowron", factions=["klingon"]),
        "admiral": AdmiralFactory(name="Admiral Nechayev"),
        "upgrade": UpgradeFactory(name="Data", upgrade_type="crew", text="<b>ACTION:</b> <script>x</script>"),
        "resource": ResourceFactory(name="Elite Attack Die"),
        "other": CardFactory(name="Fleet Captain"),
    }


@pytest.mark.parametrize("model", ["card", "ship", "captain", "admiral", "upgrade", "resource", "cardset"])
def test_each_catalog_page_lists_its_rows(admin_client, catalog, model):
    response = admin_client.get(reverse(f"admin:fleets_{model}_changelist"))

    assert response.status_code == 200


def test_kind_pages_show_only_their_kind(admin_client, catalog):
    content = admin_client.get(reverse("admin:fleets_ship_changelist")).content.decode()

    assert "U.S.S. Enterprise" in content
    assert "Gowron" not in content


def test_search_by_name(admin_client, catalog):
    content = admin_client.get(reverse("admin:fleets_card_changelist"), {"q": "gowr"}).content.decode()

    assert "Gowron" in content
    assert "U.S.S. Enterprise" not in content


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ({"faction": "klingon"}, "Gowron", "U.S.S. Enterprise"),
        ({"set": "71120"}, "U.S.S. Enterprise", "Gowron"),
        ({"kind__exact": "resource"}, "Elite Attack Die", "Gowron"),
        ({"upgrade_type__exact": "crew"}, "Data", "Gowron"),
    ],
)
def test_filters(admin_client, catalog, query, shown, hidden):
    content = admin_client.get(reverse("admin:fleets_card_changelist"), query).content.decode()

    assert shown in content
    assert hidden not in content


def test_catalog_cannot_be_added_to_changed_or_deleted(admin_client, catalog):
    ship = catalog["ship"]
    change_url = reverse("admin:fleets_ship_change", args=[ship.pk])

    assert admin_client.get(reverse("admin:fleets_ship_add")).status_code == 403
    assert admin_client.post(change_url, {"name": "Renamed"}).status_code == 403
    assert admin_client.get(reverse("admin:fleets_card_delete", args=[ship.pk])).status_code == 403
    ship.refresh_from_db()
    assert ship.name == "U.S.S. Enterprise"


def test_card_page_shows_the_text_sanitised(admin_client, catalog):
    upgrade = catalog["upgrade"]
    content = admin_client.get(reverse("admin:fleets_upgrade_change", args=[upgrade.pk])).content.decode()

    assert '<div class="readonly"><b>ACTION:</b> </div>' in content
    assert "<script>" not in content
