"""The fleet builder in a real browser, with the real Utopia catalog.

A player builds the engine tests' 130 SP Federation fleet card by card through
the type-ahead search; a Klingon crew on ship 2 brings a faction penalty (seed
003, Additional Rules 20) and pushes the ship past 50 SP (Suggested tournament
format, 50 points maximum per ship), and both go again when it is removed.
The Fleet Build Sheet is then downloaded and read back.
"""

import re
from io import BytesIO

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in, settled
from tests.fleets.factories import CaptainFactory, FleetFactory, ShipFactory
from tests.snapshots import load_real_catalog

# (ship id, captain id, [(slot label, upgrade id, upgrade name)]) -- 44 + 47 + 39 = 130 SP.
FLEET = [
    (
        "S273",
        ("Cap049", "Jean-Luc Picard"),
        [("Tech", "T259", "Subspace Field"), ("Weapon", "W202", "Quantum Torpedoes"), ("Crew", "C462", "Deanna Troi")],
    ),
    (
        "S363",
        ("Cap043", "James T. Kirk"),
        [
            ("Tech", "T259", "Subspace Field"),
            ("Tech", "T149", "Impulse Thrusters"),
            ("Weapon", "W202", "Quantum Torpedoes"),
        ],
    ),
    ("S341", ("Cap051", "William T. Riker"), [("Weapon", "W202", "Quantum Torpedoes")]),
]
# Upgrades added after the three ships stand, to reach exactly 130 SP.
TOPPING = [
    (1, "Crew", "C469", "Kell Perim"),
    (2, "Crew", "C464", "Beverly Crusher"),
    (2, "Crew", "C474", "Wesley Crusher"),
    (3, "Weapon", "W159", "Pulse Phased Weapons"),
    (3, "Weapon", "W158", "Aft Photon Torpedoes"),
]


@pytest.fixture
def catalog(utopia_path, transactional_db):
    """What ``import_cards`` makes of the shipped Utopia file (imported once per test process, then copied)."""
    load_real_catalog(origin=str(utopia_path))


def searched(page, results: str, query: str) -> None:
    """Wait until the type-ahead search in ``results`` has answered ``query`` and htmx has settled its rows: an
    Add button clicked sooner would be one of the rows about to go, or one not yet sending its form by htmx."""
    expect(page.locator(results).get_by_test_id("search-count")).to_contain_text(f"“{query}”")
    settled(page)


def add_ship(page, card_id: str, number: int) -> None:
    page.get_by_label("Ship name").fill(card_id)
    searched(page, "#results-fleet", card_id)
    page.locator("#results-fleet li", has_text=card_id).get_by_role("button", name=re.compile("^Add")).click()
    expect(page.locator(f"#ship-{number}")).to_be_visible()
    settled(page)


def add_card(page, number: int, slot: str, card_id: str, name: str) -> None:
    """Pick the card type, type the card's id, click its Add button, wait for the builder to show it."""
    page.get_by_label(f"Card type for ship {number}").select_option(label=slot)
    page.get_by_label(f"Search cards for ship {number}").fill(card_id)
    searched(page, f"#results-ship-{number}", card_id)
    results = page.locator(f"#results-ship-{number} li", has_text=card_id)
    results.get_by_role("button", name=re.compile("^Add")).click()
    expect(page.locator(f"#ship-{number} tbody")).to_contain_text(name)
    settled(page)


def fleet_total(page):
    return page.get_by_test_id("fleet-total")


@pytest.mark.slow(reason="a 130 SP fleet built card by card through the type-ahead search, then its sheet read back")
def test_build_a_legal_fleet_see_rules_break_and_print_the_sheet(page, catalog):
    player = PlayerFactory(first_name="Kathryn", last_name="Janeway")
    log_in(page, player)
    page.get_by_role("link", name="My fleets").click()
    page.get_by_role("link", name="New fleet").click()
    page.get_by_label("Name").fill("Home Fleet")
    page.get_by_label("Declared faction").select_option("federation")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Home Fleet")).to_be_visible()
    page.wait_for_load_state()  # htmx starts on DOMContentLoaded

    for number, (ship_id, (captain_id, captain), upgrades) in enumerate(FLEET, start=1):
        add_ship(page, ship_id, number)
        add_card(page, number, "Captain", captain_id, captain)
        for slot, upgrade_id, name in upgrades:
            add_card(page, number, slot, upgrade_id, name)
    for number, slot, upgrade_id, name in TOPPING:
        add_card(page, number, slot, upgrade_id, name)

    expect(fleet_total(page)).to_have_text("130")
    expect(page.locator("#fleet-total")).to_contain_text("Legal")
    for number, cost in ((1, "44 SP"), (2, "47 SP"), (3, "39 SP")):
        expect(page.locator(f"#ship-{number}").get_by_test_id("ship-cost")).to_have_text(cost)

    ship_2 = page.locator("#ship-2")
    add_card(page, 2, "Crew", "C232", "Klingon Tactical Officer")
    expect(ship_2.get_by_test_id("penalty")).to_have_text("+1")
    expect(ship_2.get_by_test_id("ship-cost")).to_have_text("51 SP")
    expect(ship_2).to_contain_text("SHIP_OVER_LIMIT")
    expect(page.locator("#fleet-total")).to_contain_text("Not legal")

    ship_2.get_by_role("button", name="Remove Klingon Tactical Officer from ship 2").click()
    expect(ship_2.get_by_test_id("ship-cost")).to_have_text("47 SP")
    settled(page)
    expect(page.get_by_label("Search cards for ship 2")).to_be_focused()  # the keyboard user's place is kept
    expect(ship_2.get_by_test_id("penalty")).to_have_count(0)
    expect(ship_2).not_to_contain_text("SHIP_OVER_LIMIT")
    expect(fleet_total(page)).to_have_text("130")
    expect(page.locator("#fleet-total")).to_contain_text("Legal")

    with page.expect_download() as download:
        page.get_by_role("button", name="Fleet Build Sheet (PDF)").click()  # saves the draft, then prints it
    reader = PdfReader(BytesIO(download.value.path().read_bytes()))
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert len(reader.pages) == 1
    for expected in (
        "Name Kathryn Janeway",
        "Faction Federation",
        "Federation Starship (Galaxy Class) Federation 22",
        "Jean-Luc Picard Federation 6",
        "Kell Perim Federation 3",
        "Aft Photon Torpedoes Federation 4",
        "Ship 1 total 44",
        "Ship 2 total 47",
        "Ship 3 total 39",
        "Total 130",
    ):
        assert expected in text, expected
    assert "Klingon Tactical Officer" not in text


@pytest.fixture
def page_without_javascript(browser, live_server):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_the_builder_works_without_javascript(page_without_javascript, transactional_db):
    """Plain forms: the search reloads the page with results, each change posts and redirects back."""
    page = page_without_javascript
    ship = ShipFactory(cost=20, name="U.S.S. Plain Form", ship_class="Miranda Class")
    captain = CaptainFactory(cost=3, name="Captain Keyboard")
    player = PlayerFactory()
    fleet = FleetFactory(owner=player, name="No Script Fleet")
    log_in(page, player)
    page.goto(f"/fleets/{fleet.pk}/")

    page.get_by_label("Ship name").fill("plain")
    page.get_by_role("button", name="Search ships").click()
    page.get_by_role("button", name="Add U.S.S. Plain Form (Miranda Class)").click()
    expect(page.locator("#ship-1")).to_contain_text("U.S.S. Plain Form")
    expect(page.get_by_role("button", name="Save Blind Booster setting of ship 1")).to_be_visible()

    page.get_by_label("Search cards for ship 1").fill(captain.name)
    page.get_by_role("button", name="Search cards for ship 1").click()
    page.get_by_role("button", name=f"Add {captain.name} to ship 1").click()
    expect(page.locator("#ship-1 tbody")).to_contain_text(captain.name)
    expect(page.get_by_test_id("fleet-total")).to_have_text("23")
    assert fleet.versions.count() == 0  # the edits are a draft
    page.get_by_role("button", name="Save version").click()
    expect(page.get_by_test_id("draft-status")).to_have_text("All changes are saved in version 1.")
    assert fleet.versions.count() == 1 and fleet.current_version.content["ships"][0]["ship"] == ship.source_id
