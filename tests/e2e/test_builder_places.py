"""Building a fleet by its slots, at desktop and phone width, counting every click.

The 105 SP Federation fleet: the Enterprise-D (S274) with Picard (Cap818), Riker (C440), Photon Torpedoes (W204)
and Micro Power Relays (T019); the Defiant (S180) with Sisko (Cap006), Quantum Torpedoes (W202) and Worf (C466);
a generic Galaxy class (S273) with the Federation captain (Cap101); Command Tokens (R002). Each card is one
"+ Type" button of its ship's bar, typed, and one Add. Seed 003 (Additional Rules): 130 SP fleets, Upgrades in
slots of their type, one resource; the list is legal at 105 SP.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from fleets.models import Fleet
from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in, settled
from tests.e2e.test_fleet_builder import searched
from tests.snapshots import load_real_catalog

MAX_CLICKS = 54
EVENT_DAY = "2015-03-01"  # before the 2016 table retires Command Tokens
FLEET = [
    ("S274", [("captain", "Cap818", "Jean-Luc Picard"), ("crew", "C440", "William T. Riker"),
              ("weapon", "W204", "Photon Torpedoes"), ("tech", "T019", "Micro Power Relays")]),
    ("S180", [("captain", "Cap006", "Benjamin Sisko"), ("weapon", "W202", "Quantum Torpedoes"),
              ("crew", "C466", "Worf")]),
    ("S273", [("captain", "Cap101", "Federation")]),
]  # fmt: skip


@pytest.fixture
def catalog(utopia_path, transactional_db):
    load_real_catalog(origin=str(utopia_path))


class Clicks:
    """Every click (and choice in a menu) a person makes, counted."""

    def __init__(self):
        self.count = 0

    def click(self, locator) -> None:
        self.count += 1
        locator.click()

    def choose(self, locator, value: str) -> None:
        self.count += 1
        locator.select_option(value)


def no_sideways_scrolling(page) -> None:
    width, scroll = page.evaluate("() => [window.innerWidth, document.documentElement.scrollWidth]")
    assert scroll <= width, f"{page.url} is {scroll} px wide in a {width} px window"


def serious_violations(page) -> list[str]:
    found = Axe().run(page).response["violations"]
    return [f"{v['id']}: {[n['target'] for n in v['nodes']]}" for v in found if v["impact"] in {"serious", "critical"}]


def build(page, clicks: Clicks, phone: bool) -> None:
    if phone:
        clicks.click(page.get_by_role("button", name="Toggle navigation"))
    clicks.click(page.get_by_role("link", name="My fleets"))
    clicks.click(page.get_by_role("link", name="New fleet"))
    clicks.click(page.get_by_label("Name"))
    page.keyboard.type("Away Team")
    clicks.choose(page.get_by_label("Declared faction"), "federation")
    clicks.click(page.get_by_role("button", name="Create"))
    expect(page.get_by_role("heading", name="Away Team")).to_be_visible()
    page.wait_for_load_state()
    for number, (ship_id, cards) in enumerate(FLEET, start=1):
        clicks.click(page.get_by_label("Ship name or class"))
        page.keyboard.type(ship_id)
        searched(page, "#results-fleet", ship_id)
        clicks.click(page.locator("#results-fleet li", has_text=ship_id).get_by_role("button", name=re.compile("^Add")))
        expect(page.locator(f"#ship-{number}")).to_be_visible()
        settled(page)
        expect(page.locator(f"#bar-ship-{number}")).to_be_focused()  # the new ship's slots, next to fill
        for slot, card_id, name in cards:
            clicks.click(page.locator(f"#bar-ship-{number} [data-slot={slot}]"))
            search = page.get_by_label(f"Search cards for ship {number}")
            expect(search).to_be_focused()
            expect(page.locator(f"#slot-{number}")).to_have_value(slot)
            if phone:
                no_sideways_scrolling(page)  # the slot's cards listed
            page.keyboard.type(card_id)
            searched(page, f"#results-ship-{number}", card_id)
            result = page.locator(f"#results-ship-{number} li", has_text=card_id)
            clicks.click(result.get_by_role("button", name=re.compile("^Add")))
            expect(page.locator(f"#ship-{number} tbody")).to_contain_text(name)
            settled(page)
            expect(page.locator(f"#slot-{number}")).to_have_value(slot)  # the chosen type stays
    clicks.choose(page.get_by_label("Choose the fleet's resource"), "R002")
    expect(page.locator("#fleet-builder")).to_contain_text("Command Tokens: 5 SP")
    settled(page)


@pytest.mark.slow(reason="a three-ship fleet built card by card through its slot buttons, then checked")
@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_105_sp_fleet_takes_at_most_54_clicks_and_the_phone_never_scrolls_sideways(page, catalog, width):
    page.set_viewport_size({"width": width, "height": 800})
    log_in(page, PlayerFactory())
    clicks = Clicks()
    build(page, clicks, phone=width < 576)
    expect(page.get_by_test_id("fleet-total")).to_have_text("105")
    # judged today, Command Tokens are retired (seed 003, Resources 4): the builder says so and on which day,
    # and the player says the date of the event the list is for
    expect(page.locator("#fleet-total")).to_contain_text("Not legal")
    expect(page.locator("#fleet-total")).to_contain_text("judged on")
    page.get_by_label("Date of the event this list is for").fill(EVENT_DAY)
    clicks.click(page.get_by_role("button", name="Judge resources on that date"))
    expect(page.locator("#fleet-total")).to_contain_text("Legal")
    expect(page.locator("#fleet-total")).to_contain_text("judged on 1 Mar 2015")
    assert clicks.count <= MAX_CLICKS, f"{clicks.count} clicks"
    # Picard's two [talent] icons and Riker's [crew] slot are on the bar, as the slot check counts them
    bar = page.locator("#ship-1")
    expect(bar).to_contain_text("Elite Talent (Jean-Luc Picard)")
    expect(bar).to_contain_text("Crew (William T. Riker)")
    expect(page.locator("#bar-ship-1 [data-slot=crew]")).to_contain_text("(3 free of 4)")

    page.locator("#add-ship").scroll_into_view_if_needed()
    expect(page.get_by_test_id("fleet-total")).to_be_in_viewport()  # the total stays in view
    no_sideways_scrolling(page)
    assert serious_violations(page) == []

    # a card moves to another ship in one change, and Undo takes it back
    ship_2 = page.locator("#ship-2")
    ship_2.get_by_label("Move Worf of ship 2 to").select_option("2:upgrade")
    ship_2.get_by_role("button", name="Move Worf of ship 2").click()
    expect(page.locator("#ship-3 tbody")).to_contain_text("Worf")
    settled(page)
    page.get_by_test_id("undo").click()
    expect(page.locator("#ship-2 tbody")).to_contain_text("Worf")
    expect(page.locator("#ship-3 tbody")).not_to_contain_text("Worf")
    settled(page)

    with page.expect_download():
        page.get_by_role("button", name="JSON").click()  # says beforehand that it saves version 1
    fleet = Fleet.objects.get(name="Away Team")
    page.goto(f"/fleets/{fleet.pk}/?on={EVENT_DAY}")
    page.get_by_role("link", name="History").click()
    expect(page.get_by_test_id("history-judged-on")).to_contain_text("Verdicts judged on 1 March 2015")
    expect(page.locator("tbody tr").first).to_contain_text("Legal")  # the builder's verdict, on the same day
    no_sideways_scrolling(page)
    page.goto(f"/fleets/{fleet.pk}/")
    page.get_by_role("button", name="Make a read-only link to version 1").click()
    page.get_by_test_id("share-link").click()
    expect(page.get_by_test_id("shared-list")).to_contain_text("105")
    no_sideways_scrolling(page)
    assert serious_violations(page) == []
