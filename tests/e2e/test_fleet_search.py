"""A new fleet in a real browser, with the real Utopia catalog: no faction until the player picks one,
and a card search that leads with that faction, says how many cards match and offers the rest.

Faction penalties are counted against each ship's faction (seed 003, Additional Rules 20): the rules
never ask a fleet to declare one, so a new fleet starts on "No faction declared".
"""

import re

import pytest
from playwright.sync_api import expect

from fleets.models import Card
from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in
from tests.e2e.test_accessibility import serious_violations
from tests.snapshots import load_real_catalog


@pytest.fixture
def catalog(utopia_path, transactional_db):
    """What ``import_cards`` makes of the shipped Utopia file (imported once per test process, then copied)."""
    load_real_catalog(origin=str(utopia_path))


def test_a_new_fleet_declares_no_faction_and_its_faction_leads_the_search_seed_003_rule_20(page, catalog):
    log_in(page, PlayerFactory())
    page.goto("/fleets/new/")
    faction = page.get_by_label("Declared faction")
    expect(faction).to_have_value("")
    expect(faction.locator("option:checked")).to_have_text("No faction declared")
    page.get_by_label("Name").fill("Qo'noS Guard")
    faction.select_option(label="Klingon")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Qo'noS Guard")).to_be_visible()
    page.wait_for_load_state()  # htmx starts on DOMContentLoaded
    expect(page.get_by_label("Faction", exact=True)).to_have_value("")  # the filter shows every faction

    page.get_by_label("Ship name").fill("class")
    results = page.locator("#results-fleet")
    count = results.get_by_test_id("search-count")
    expect(count).to_contain_text("“class”; showing the first 20.")
    assert int(re.match(r"(\d+) cards match", count.inner_text()).group(1)) > 20
    expect(results.locator(".search-row")).to_have_count(20)
    expect(results.get_by_test_id("search-more")).to_be_visible()
    expect(results.locator(".search-row").first).to_contain_text("Klingon")
    assert serious_violations(page) == []

    klingon_ship = Card.objects.filter(kind="ship", factions__icontains="klingon").order_by("source_id").first()
    page.get_by_label("Ship name").fill(klingon_ship.source_id)
    expect(results.locator(".search-row")).to_have_count(1)
    expect(results.get_by_test_id("search-more")).to_have_count(0)
    results.get_by_role("button", name=re.compile("^Add")).click()
    expect(page.locator("#ship-1")).to_contain_text(klingon_ship.name)
