"""A card placed face down beneath Quark in the builder, at desktop and phone width, with the real Utopia catalog.

2016 FAQ, Deep Space 9 – Quark: "You do not pay for Quark's Upgrade"; its faction penalty is paid.
"""

import pytest
from playwright.sync_api import expect

from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways, settled
from tests.e2e.test_accessibility import serious_violations
from tests.e2e.test_fleet_builder import add_card, add_ship, catalog  # noqa: F401 (the fixture)
from tests.fleets.factories import FleetFactory


@pytest.mark.parametrize("device", ["page", "phone"])
def test_a_player_places_a_tech_beneath_quark_and_pays_only_its_penalty(device, catalog, request):  # noqa: F811
    page = request.getfixturevalue(device)
    player = PlayerFactory()
    fleet = FleetFactory(owner=player, name="Ferengi Alliance")
    log_in(page, player)
    page.goto(f"/fleets/{fleet.pk}/")
    page.wait_for_load_state()

    add_ship(page, "S293", 1)  # Ferengi Starship, 8 SP: one [tech], one [crew]
    add_card(page, 1, "Crew", "C114", "Quark")
    add_card(page, 1, "Face down beneath Quark", "T272", "Metaphasic Sweep")  # 1 SP, Federation

    ship = page.locator("#ship-1")
    row = ship.locator("tr", has_text="Tech beneath Quark")
    expect(row).to_contain_text("Metaphasic Sweep")
    expect(row).to_contain_text("You do not pay for Quark's Upgrade")
    expect(row.get_by_test_id("penalty")).to_have_text("+1")
    expect(ship.get_by_test_id("ship-cost")).to_have_text("11 SP")  # 8 + Quark 2 + the penalty 1
    expect(ship).not_to_contain_text("SLOT_OVERFLOW")
    assert not overflows_sideways(page)
    assert serious_violations(page) == []

    row.get_by_role("button", name="Remove Metaphasic Sweep from ship 1").click()
    expect(ship.get_by_test_id("ship-cost")).to_have_text("10 SP")
    settled(page)
    expect(ship).to_contain_text("Muster does not apply this card's text")
