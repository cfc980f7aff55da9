"""The card finder, a card's page and the collection in a real browser, with the real shipped catalog
(fleets/card_data/), at desktop (1280 px) and phone (390 px) width: results as one types, filters, "Show
more", the keyboard way to a card's page, no sideways scroll on a phone and no serious axe violation."""

import re

import pytest
from playwright.sync_api import expect

from fleets.models import OwnedExpansion
from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways, settled
from tests.e2e.test_accessibility import serious_violations
from tests.snapshots import load_real_catalog

WIDTHS = pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])


@pytest.fixture
def catalog(utopia_path, transactional_db):
    """What ``import_cards`` makes of the shipped Utopia file (imported once per test process, then copied)."""
    load_real_catalog(origin=str(utopia_path))


@WIDTHS
def test_typing_finds_the_generic_galaxies_by_class_each_row_naming_its_expansion(page, catalog, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/fleets/cards/")
    page.wait_for_load_state()  # htmx starts on DOMContentLoaded
    results = page.locator("#results-catalog")

    page.get_by_label("Search cards").fill("federation starship galaxy")

    expect(results.locator('[data-card="S273"]')).to_be_visible()
    expect(results.locator('[data-card="S206"]')).to_contain_text("Upgrades: Weapon, Crew, Crew, Crew")
    expect(results.locator('[data-card="S273"]')).to_contain_text("Upgrades: Tech, Weapon, Crew, Crew")
    rows = results.locator(".search-row")
    for number in range(rows.count()):
        expect(rows.nth(number).get_by_test_id("expansion")).not_to_be_empty()
    assert not overflows_sideways(page)
    assert serious_violations(page) == []


@WIDTHS
def test_filters_and_show_more_reach_every_match(page, catalog, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/fleets/cards/")
    page.wait_for_load_state()
    results = page.locator("#results-catalog")
    page.get_by_label("Card type").select_option("ship")
    page.get_by_text("More filters and sorting").click()
    page.get_by_label("Hull is").select_option("ge")
    page.get_by_label("Hull value").fill("6")
    page.get_by_label("Sort by").select_option("cost")
    page.wait_for_url(re.compile(r"^(?=.*hull=6)(?=.*hull_op=ge)(?=.*sort=cost)"))  # the last answer is in
    count = results.get_by_test_id("search-count")
    expect(count).to_contain_text("showing the first 20")
    total = int(re.match(r"(\d+) cards", count.inner_text()).group(1))

    while results.get_by_test_id("search-more").count():
        shown = results.locator(".search-row").count()
        settled(page)  # the link htmx just put in answers Enter with htmx, not by opening its page
        results.get_by_test_id("search-more").focus()
        page.keyboard.press("Enter")
        expect(results.locator(".search-row")).not_to_have_count(shown)
        expect(results.locator(".search-row").nth(shown).locator("a")).to_be_focused()  # reads on from there

    expect(results.locator(".search-row")).to_have_count(total)
    hulls = [int(h) for h in re.findall(r"Hull (\d+)", results.inner_text())]
    assert len(hulls) == total and min(hulls) >= 6
    assert not overflows_sideways(page)
    assert serious_violations(page) == []


@WIDTHS
def test_a_card_page_reached_by_keyboard_shows_stats_dial_and_printings(page, catalog, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/fleets/cards/?q=galaxy&type=ship")
    link = page.locator('[data-card="S206"] a').first
    link.focus()
    page.keyboard.press("Enter")

    expect(page.get_by_role("heading", level=1)).to_contain_text("Federation Starship")
    expect(page.get_by_role("img", name=re.compile("Maneuver dial: speeds up to 5"))).to_be_visible()
    # the Galaxy Class dial (Utopia shipClasses "Galaxy Class") in arrows and in words, and its two 90° arcs
    dial_table = page.get_by_role("table", name="Each speed's maneuvers, with their colours")
    expect(
        dial_table.get_by_role("row", name=re.compile(r"^Speed 3 turn left \(red\), bank left \(white\)"))
    ).to_be_visible()
    expect(dial_table.get_by_role("row", name="Reverse 1 backward (red)")).to_be_visible()
    expect(page.locator('[data-move="turn right red"]')).to_have_count(1)
    arcs = page.get_by_role("img", name="Firing arcs: 90° forward firing arc. 90° rear firing arc.")
    expect(arcs).to_be_visible()
    expect(page.get_by_test_id("arc-words").locator("li")).to_have_text(
        ["90° forward firing arc.", "90° rear firing arc."]
    )
    expect(page.get_by_test_id("stat-hull")).to_have_text("5")
    expect(page.get_by_test_id("printings").locator('[data-card="S273"]')).to_be_visible()
    assert not overflows_sideways(page)
    assert serious_violations(page) == []


@WIDTHS
def test_a_borg_cube_page_draws_its_dial_and_360_degree_arc_without_sideways_scroll(page, catalog, width):
    """Cube 384 (S241), Borg Cube: the widest dial rows (spins) and the 360-degree arc (seed 003, "360-Degree
    Arcs"), at desktop and phone width."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/fleets/cards/S241/")

    dial = page.get_by_test_id("dial")
    expect(dial).to_be_visible()
    expect(dial.locator("[data-speed]")).to_have_count(9)  # 6 forward speeds and 3 reverse
    row = page.get_by_role("row", name="Speed 2 forward (green), spin left (white), spin right (white)")
    expect(row).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("360° firing arc"))).to_be_visible()
    assert dial.bounding_box()["width"] <= width
    assert not overflows_sideways(page)
    assert serious_violations(page) == []


@WIDTHS
def test_the_collection_page_and_only_cards_i_own(page, catalog, width):
    player = PlayerFactory()
    OwnedExpansion.objects.create(owner=player, set_id="2017core")
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, player)
    page.goto("/fleets/collection/")
    expect(page.get_by_text("You own 1 expansion.")).to_be_visible()
    assert not overflows_sideways(page)
    assert serious_violations(page) == []

    page.goto("/fleets/cards/?q=galaxy&type=ship&owned=1")

    results = page.locator("#results-catalog")
    expect(results.locator('[data-card="S273"]')).to_be_visible()
    expect(results.locator('[data-card="S206"]')).to_have_count(0)
