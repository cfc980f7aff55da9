"""Seasons in a real browser, from ``make run``'s demo: a visitor opens the STAW league's table, follows
the leader to their record (rating chart and events), goes on to the meta and comes back -- at desktop
width and on a 390 px phone, with no serious axe violation and nothing wider than the screen."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.attack_wing.demo_season import NIGHTS as STAW_NIGHTS
from games.attack_wing.demo_season import PromenadeLeague
from seasons.models import Season
from seasons.selectors import season_table
from tests.e2e.conftest import overflows_sideways
from tests.e2e.test_accessibility import serious_violations
from tests.snapshots import restore_world

pytestmark = pytest.mark.django_db(transaction=True)

STAW_SEASON = PromenadeLeague.name
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def demo(utopia_path):
    restore_world("demo with seasons, cards from the shipped file", lambda: seasons_demo(utopia_path))
    return Season.objects.get(name=STAW_SEASON)


def seasons_demo(utopia_path) -> None:
    call_command("seed_demo", cards=str(utopia_path), stdout=StringIO())
    call_command("seed_seasons_demo", stdout=StringIO())


def checked(page, name: str) -> None:
    assert not serious_violations(page), f"{name}: {serious_violations(page)}"
    assert not overflows_sideways(page), f"{name} is wider than the screen"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_walks_from_the_season_table_to_their_record_to_the_meta_and_back(browser, live_server, demo, width):
    leader = season_table(demo).lines[0]
    context = browser.new_context(base_url=live_server.url, viewport=WIDTHS[width], is_mobile=width == "phone")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto("/seasons/")
        checked(page, "season list")
        page.get_by_role("link", name=STAW_SEASON).click()
        expect(page.get_by_role("heading", name=STAW_SEASON)).to_be_visible()
        expect(page.locator("table.season-standings tbody tr")).to_have_count(8)
        qualified = sum(line.row.rank <= 4 for line in season_table(demo).lines)  # the top 4 ranks, ties included
        expect(page.locator("tr.qualified")).to_have_count(qualified)
        expect(page.locator("tr.qualified").get_by_text("Qualified")).to_have_count(qualified)
        checked(page, "season table")
        page.locator("table.season-standings").get_by_role("link", name=leader.name, exact=True).click()
        expect(page.get_by_role("heading", name=leader.name, level=1)).to_be_visible()
        expect(page.get_by_role("img", name="Rating history in Star Trek: Attack Wing")).to_be_visible()
        expect(page.locator("table.player-events tbody tr", has_text="Promenade League night")).to_have_count(4)
        sealed = page.locator("table.player-events tbody tr", has_text=STAW_NIGHTS[-1])  # its lists stay sealed
        expect(sealed.get_by_text("not public")).to_have_count(1)
        checked(page, "player record")
        page.get_by_role("link", name="The meta").click()
        expect(page.get_by_role("img", name="Faction share, Star Trek: Attack Wing")).to_be_visible()
        expect(page.get_by_role("cell", name="klingon").first).to_be_visible()
        checked(page, "meta")
        page.go_back()
        expect(page.get_by_role("heading", name=leader.name, level=1)).to_be_visible()
        page.go_back()
        expect(page.get_by_role("heading", name=STAW_SEASON)).to_be_visible()
    finally:
        context.close()
