"""The cards placed face down beneath another at setup (Quark) in the builder and on the Fleet Build Sheet.

2016 FAQ, Deep Space 9 – Quark: "You do not pay for Quark's Upgrade"; its penalties are paid.
"""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from tests.fleets.factories import saved_fleet
from tests.fleets.test_sheet import pdf_text, sheet
from tests.fleets.views.helpers import HTMX, builder_post, login, table_row

pytestmark = pytest.mark.django_db

CONTENT = {
    "format": "wizkids-2016",
    "ships": [{"ship": "S013", "captain": "Cap201", "upgrades": ["C114", "T021"], "beneath": {"C114": ["T021"]}}],
    "resources": [],
}


def test_the_builder_shows_the_card_beneath_quark_free_and_removes_it(client, real_catalog, player):
    fleet = saved_fleet(None, content=CONTENT, owner=player)
    login(client, player)
    page = unescape(client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode())
    row = table_row(page, "Tech beneath Quark")
    assert row.startswith("Tech beneath Quark Maximum Shields Ferengi 4 -4 Quark: Placed face down beneath")
    assert row.endswith("0 Remove Maximum Shields from ship 1")

    client.post(*builder_post(fleet, "remove-card", ship=0, role="beneath", position=0), **HTMX)
    fleet.refresh_from_db()
    assert "beneath" not in fleet.draft["ships"][0]
    assert fleet.draft["ships"][0]["upgrades"] == ["C114", "T021"]


def test_removing_the_host_removes_the_cards_beneath_it(client, real_catalog, player):
    fleet = saved_fleet(None, content=CONTENT, owner=player)
    login(client, player)
    client.post(*builder_post(fleet, "remove-card", ship=0, role="upgrade", position=0), **HTMX)
    fleet.refresh_from_db()
    assert fleet.draft["ships"][0]["upgrades"] == ["T021"] and "beneath" not in fleet.draft["ships"][0]


def test_a_stale_beneath_position_is_refused(client, real_catalog, player):
    fleet = saved_fleet(None, content=CONTENT, owner=player)
    response = login(client, player).post(
        *builder_post(fleet, "remove-card", ship=0, role="beneath", position=3), **HTMX
    )
    assert "That card is no longer on the ship." in response.content.decode()
    fleet.refresh_from_db()
    assert fleet.draft is None


def test_the_sheet_prints_the_card_beneath_and_why_it_is_free(real_catalog, player):
    _pages, text = pdf_text(sheet(saved_fleet(None, content=CONTENT, owner=player).current_version))
    assert "Tech beneath Quark Maximum Shields 4 -4 Quark = 0" in text


def test_the_builder_offers_to_place_a_card_beneath_quark_and_places_it(client, real_catalog, player):
    fleet = saved_fleet(None, content=CONTENT, owner=player)
    login(client, player)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert '<option value="beneath:C114">Face down beneath Quark</option>' in page
    search = client.get(
        reverse("fleets:search", args=[fleet.pk]), {"search": "1", "ship": 0, "slot": "beneath:C114", "q": "Metaphasic"}
    ).content.decode()
    assert '<input type="hidden" name="host" value="C114">' in search and 'name="role" value="beneath"' in search
    client.post(*builder_post(fleet, "assign", ship=0, role="beneath", host="C114", card="T272"), **HTMX)
    fleet.refresh_from_db()
    assert fleet.draft["ships"][0]["beneath"] == {"C114": ["T021", "T272"]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"host": "C999"}, "That card is no longer on the ship."),
        ({"host": "Cap201"}, "Zek places no card face down beneath it."),
        ({"host": "C114", "card": "S013"}, "No such upgrade card"),
    ],
)
def test_placing_a_card_beneath_a_card_that_takes_none_is_refused(client, real_catalog, player, data, message):
    fleet = saved_fleet(None, content=CONTENT, owner=player)
    data = {"ship": 0, "role": "beneath", "card": "T272", **data}
    response = login(client, player).post(*builder_post(fleet, "assign", **data), **HTMX)
    assert message in response.content.decode()
    fleet.refresh_from_db()
    assert fleet.draft is None


def test_the_text_export_reads_back_with_the_card_beneath(client, real_catalog, player):
    """The plain list players paste ("Tech beneath Quark: Maximum Shields [T021] - 0") imports as it was exported."""
    from rules.attack_wing.interchange import import_fleet

    fleet = saved_fleet(None, content=CONTENT, owner=player)
    login(client, player)
    text = client.get(reverse("fleets:export_text", args=[fleet.pk])).content.decode()
    assert "  Tech beneath Quark: Maximum Shields [T021] - 0\n" in text
    assert import_fleet(text, real_catalog).fleet.ships[0].beneath == (("C114", "T021"),)
