"""A Starship Command campaign through its first battle in a real browser (seed 002, Campaign Rules).

The organizer creates the campaign, adds two players, buys their fleets and
records the battle through the pages; the campaign page then shows each bank --
what was left of the 150 points plus the 50 "all players receive" after the
battle -- and the Campaign Victory score so far.
"""

import pytest
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, screenshot
from tests.tournaments.campaigns.factories import ship_catalog

pytestmark = pytest.mark.django_db(transaction=True)


def buy(page, player: str, ship: str):
    page.get_by_role("link", name=f"Buy a ship for {player}").click()
    page.get_by_label("Ship").select_option(label=ship)
    page.get_by_role("button", name="Record").click()
    expect(page.get_by_text("Purchase recorded.")).to_be_visible()


def add_player(page, username: str, race: str):
    page.get_by_role("link", name="Add player").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Race").select_option(label=race)
    page.get_by_role("button", name="Record").click()
    expect(page.get_by_text("Player added.")).to_be_visible()


@pytest.mark.slow(reason="a campaign set up and one battle played through the pages")
def test_a_campaign_through_one_battle_in_the_browser(page):
    ship_catalog()
    organizer = OrganizerFactory(username="tolwyn")
    PlayerFactory(username="ann")
    PlayerFactory(username="cat")

    log_in(page, organizer)
    page.get_by_role("link", name="Campaigns").click()
    page.get_by_role("link", name="New campaign").click()
    page.get_by_label("Name").fill("Rim War")
    page.get_by_label("Number of battles").fill("3")
    page.get_by_role("button", name="Create campaign").click()
    expect(page.get_by_role("heading", name="Rim War")).to_be_visible()

    add_player(page, "ann", "Confederation")
    add_player(page, "cat", "Shiltons")
    buy(page, "ann", "Saratoga (cruiser, 29 points)")
    buy(page, "ann", "Valiant (cruiser, 18 points)")
    buy(page, "cat", "Tiger (cruiser, 45 points)")
    buy(page, "cat", "Lynx (cruiser, 16 points)")
    expect(page.locator('[data-bank="ann"]')).to_have_text("103")
    expect(page.locator('[data-bank="cat"]')).to_have_text("89")

    # Battle 1: cat destroys Saratoga, ann boards and captures Lynx, Tiger survives damaged, Valiant stays home.
    page.get_by_role("link", name="Record battle 1").click()
    page.get_by_label("Fate of Saratoga").select_option("destroyed")
    page.get_by_label("Saratoga destroyed by").select_option(label="cat (Shiltons)")
    page.get_by_label("Fate of Tiger").select_option("survived")
    page.get_by_label("Shield damage of Tiger").fill("5")
    page.get_by_label("Structure damage of Tiger").fill("3")
    page.get_by_label("Fate of Lynx").select_option("survived")
    page.get_by_label("Lynx captured by").select_option(label="ann (Confederation)")
    screenshot(page, "campaign_battle_form")
    page.get_by_role("button", name="Record battle").click()

    expect(page.get_by_text("Battle 1 recorded")).to_be_visible()
    expect(page.locator("#battles-played")).to_have_text("1 of 3 battles played")
    expect(page.locator('[data-bank="ann"]')).to_have_text("153")  # 103 + 50
    expect(page.locator('[data-bank="cat"]')).to_have_text("139")  # 89 + 50
    # Shiltons: Tiger 45 + Saratoga destroyed 29 + 139 banked; Confederation: Valiant 18 + Lynx captured
    # 2 * 16 + 153 banked.
    scores = page.locator("#scores tbody tr")
    expect(scores.nth(0)).to_contain_text("Shiltons")
    expect(scores.nth(0).locator("td").last).to_have_text("213")
    expect(scores.nth(1)).to_contain_text("Confederation")
    expect(scores.nth(1).locator("td").last).to_have_text("203")
    expect(page.locator("#ledger")).to_contain_text("Saratoga (ann) destroyed by cat.")
