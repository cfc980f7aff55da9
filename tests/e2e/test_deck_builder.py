"""The deck builder in a real browser: live checks after each change, the registration sheet, Spearpoint."""

from playwright.sync_api import expect
from pypdf import PdfReader

from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in, settled
from tests.fleets.decks.factories import SpearpointUnitFactory, wing_commander_card


def new_deck(page, game: str, name: str, side: str):
    page.get_by_role("link", name="Decks", exact=True).click()
    page.get_by_role("link", name=f"New {game}").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("Side").select_option(side)
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    page.wait_for_load_state()


def add(page, noun: str, label: str, count: int):
    """Add from the catalog; the picker is labelled with what the game's lines are (card, unit)."""
    page.get_by_label(noun).select_option(label=label)
    page.get_by_label("Count").fill(str(count))
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(f'[data-line="{label.split(" — ")[0]}"]')).to_be_visible()  # the swapped-in fragment
    settled(page)


def test_40th_card_makes_the_deck_legal_and_the_sheet_prints_it(page):
    """Seed 001, play deck restriction 1: "A deck must have at least 40 cards"."""
    wing_commander_card("Arrow", mustering_cost=2)
    player = PlayerFactory(first_name="Ann", last_name="Lee")
    log_in(page, player)
    new_deck(page, "Wing Commander CCG deck", "Blue Squadron", "terran")

    add(page, "Card", "Arrow — Fighter", 39)
    summary = page.locator("#deck-summary")
    expect(summary).to_contain_text("DECK_TOO_SMALL")
    expect(summary).to_contain_text("The play deck has 39 cards")
    page.evaluate("window.stillThisPage = true")  # a full page load would forget it
    page.get_by_role("button", name="One more copy of Arrow").click()
    expect(summary).not_to_contain_text("DECK_TOO_SMALL")
    expect(summary).to_contain_text("Legal")
    assert page.evaluate("window.stillThisPage === true"), (
        "the change reloaded the page instead of swapping the fragment"
    )
    code = page.locator("#deck-code").inner_text()

    page.get_by_label("Event (optional)").fill("Spring Open")
    with page.expect_download() as download:
        page.get_by_role("button", name="Registration sheet (PDF)").click()
    reader = PdfReader(download.value.path())
    text = " ".join(reader.pages[0].extract_text().split())
    assert len(reader.pages) == 1
    for expected in (
        "Ann Lee",
        "Spring Open",
        "Blue Squadron",
        "40 Arrow Fighter",
        "Play deck cards (40–100) 40",
        code,
    ):
        assert expected in text


def test_a_legal_spearpoint_reserves_deck(page):
    """Seed 004, Standard Game Setup: 80-100 points, and a starting hand of 4 units."""
    SpearpointUnitFactory(name="M4 Sherman", unit_type="vehicle", cost=12, crew="tank-crew")
    SpearpointUnitFactory(name="Rifle Squad", cost=6)
    SpearpointUnitFactory(name="Panzer IV", side="german", unit_type="vehicle", cost=14)
    log_in(page, PlayerFactory())
    new_deck(page, "Frontline General: Spearpoint 1943 reserves deck", "Easy Company", "american")
    expect(page.get_by_label("Unit").locator("option")).to_have_count(3)  # "----", American units only

    add(page, "Unit", "M4 Sherman — Vehicle, needs tank crew, 12 pts", 4)
    add(page, "Unit", "Rifle Squad — Infantry, 6 pts", 6)
    summary = page.locator("#deck-summary")
    expect(summary).to_contain_text("84")
    expect(summary).to_contain_text("STARTING_HAND_SIZE")
    choose_for_hand(page, "M4 Sherman", 2)
    expect(summary).to_contain_text("The starting hand has 2 units; it must have exactly 4.")
    choose_for_hand(page, "Rifle Squad", 2)
    expect(summary).to_contain_text("Legal")
    expect(summary).not_to_contain_text("STARTING_HAND_SIZE")
    expect(page.locator('[data-line="Rifle Squad"]').get_by_label("Starting hand")).to_have_value("2")


def choose_for_hand(page, unit: str, count: int):
    line = page.locator(f'[data-line="{unit}"]')
    line.get_by_label("Starting hand").fill(str(count))
    line.get_by_role("button", name="Update").click()
