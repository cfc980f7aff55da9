"""Every SP explained where players and judges read it (issue 26): the builder, /check/ and the sheet.

The issue's examples on the real Utopia cards: Disruptor Pulse (W044) and Varel (C193) on a Federation
ship were shown as "5, +1, 11" with their own +5 hidden; the Weyoun fleet (S333 / Cap717 / E018), whose
Dominion [crew] discount is now applied; Nijil (C235), whose discount is not, is noted instead.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from tests.fleets.factories import saved_fleet
from tests.fleets.test_sheet import pdf_text, sheet
from tests.fleets.views.helpers import login, table_row

pytestmark = pytest.mark.django_db

CONTENT = {
    "format": "wizkids-2016",
    "ships": [
        {"ship": "S273", "captain": "Cap049", "upgrades": ["W044", "C193", "C235"]},
        {"ship": "S333", "captain": "Cap717", "upgrades": ["E018", "C300"]},
    ],
    "resources": [],
}
PULSE = "Disruptor Pulse: “This Upgrade costs +5 SP for any non-Romulan ship.”"
# Nijil's discount on the [tech] in the slot he adds, once noted "check by hand", is applied: nothing is noted.
BY_HAND = "check by hand"
WEYOUN = "-1 Weyoun: “The cost of these Upgrades is -1 SP each if they are Dominion [crew] Upgrades.” 2"
VAREL = "Varel: “This Upgrade costs +5 Squadron Points for any ship that is not a Romulan Science Vessel.”"


def _saved(player):
    return saved_fleet(None, content=CONTENT, owner=player)


def test_the_builder_shows_every_step_of_each_cost(client, real_catalog, player):
    login(client, player)
    page = unescape(client.get(reverse("fleets:detail", args=[_saved(player).pk])).content.decode())
    pulse = table_row(page, "Disruptor Pulse")
    assert pulse.startswith("Weapon Disruptor Pulse Romulan 5 +1 Faction penalty: a Romulan upgrade on the Federation")
    assert pulse.endswith(
        f"+5 {PULSE} 11 Move Disruptor Pulse of ship 1 to Ship 2 Move Disruptor Pulse of ship 1 "
        "Remove Disruptor Pulse from ship 1"
    )
    assert f"+5 {VAREL} 11" in table_row(page, "Varel")
    assert "5 +1 Faction penalty: a Federation upgrade on the Dominion/Klingon ship" in table_row(page, "Prefix Code")
    assert BY_HAND not in table_row(page, "Nijil") and BY_HAND not in page
    assert table_row(page, "Jem'Hadar First").endswith(
        f"3 {WEYOUN} Move Jem'Hadar First of ship 2 to Ship 1 Move Jem'Hadar First of ship 2 "
        "Remove Jem'Hadar First from ship 2"
    )


def test_the_public_check_shows_every_step_of_each_cost(client, real_catalog):
    page = unescape(client.post("/check/", {"text": json.dumps(CONTENT)}).content.decode())
    assert f"+5 {PULSE} 11" in table_row(page, "Disruptor Pulse")
    assert f"+5 {VAREL} 11" in table_row(page, "Varel")
    assert table_row(page, "Prefix Code").endswith("(Additional Rules 20). 6")
    assert table_row(page, "Nijil").endswith("(Additional Rules 20). 6") and BY_HAND not in page
    assert table_row(page, "Jem'Hadar First").endswith(f"3 {WEYOUN}")


def test_the_sheet_adds_up_each_cost_under_the_card(real_catalog, player):
    _, text = pdf_text(sheet(_saved(player).current_version))
    assert "Disruptor Pulse 5 +1 faction penalty +5 its text = 11 Romulan 11" in text
    assert "Varel 5 +1 faction penalty +5 its text = 11 Romulan 11" in text
    assert "Prefix Code 5 +1 faction penalty = 6 Federation 6" in text
    assert "Under a card whose SP is not its printed cost" in text
    assert "Check by hand" not in text
    assert "Jem'Hadar First 3 -1 Weyoun = 2 Dominion 2" in text


def test_the_builder_adds_up_a_resource_priced_by_its_text(client, real_catalog, player):
    """Improved Hull (R029): its cost is the fleet's starting Hull Values, halved and rounded up."""
    from fleets.services import fleet_update

    fleet = _saved(player)
    fleet_update(fleet=fleet, content={**CONTENT, "resources": ["R029"]}, by=player)
    login(client, player)
    page = unescape(client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode())
    hulls = sum(real_catalog.cards[s["ship"]].hull for s in CONTENT["ships"])
    printed = real_catalog.cards["R029"].cost
    expected = f"{printed} {-(-hulls // 2) - printed:+d} its text = {-(-hulls // 2)}"
    assert re.search(rf'data-testid="resource-breakdown">{re.escape(expected)}<', page)
