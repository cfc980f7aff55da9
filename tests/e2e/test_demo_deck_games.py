"""From ``make run``'s demo data, an organizer tries each deck game in a real browser, by the menus alone:
open the catalog, add a card on the page and one by CSV, run the demo event (or the campaign's next battle)
to its final standings, and print the registration sheets -- at desktop width and on a 390 px phone.

Seeds 001 (Wing Commander), 002 (Starship Command) and 004 (Spearpoint 1943).
"""

import re
from io import BytesIO, StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect
from pypdf import PdfReader

from games.spearpoint.demo import EVENT as SPEARPOINT_EVENT
from games.spearpoint.models import SpearpointUnit
from games.starship_command.demo import CAMPAIGN
from games.starship_command.models import StarshipCommandShip
from games.wing_commander.demo import OPEN_EVENT
from games.wing_commander.models import WingCommanderCard
from tests.accounts.factories import PASSWORD
from tests.e2e.conftest import log_in
from tests.snapshots import restore_world
from tournaments.models import Event, EventStatus

pytestmark = pytest.mark.django_db(transaction=True)
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def organizer():
    """The demo data as ``make run`` loads it, with a known password for the demo organizer."""
    restore_world("demo", lambda: call_command("seed_demo", stdout=StringIO()))
    organizer = User.objects.get(username="organizer")
    organizer.set_password(PASSWORD)
    organizer.save()
    return organizer


def menu(page, name: str):
    """Follow a link of the main menu, opening it first where the screen is narrow."""
    page.wait_for_load_state()  # the stylesheet decides whether the toggler shows
    toggler = page.get_by_role("button", name="Toggle navigation")
    if toggler.is_visible():
        toggler.click()
    page.get_by_label("Main").get_by_role("link", name=name, exact=True).click()


def open_catalog(page, game: str):
    menu(page, "Catalogs")
    page.locator("#catalogs").get_by_role("link", name=game).click()
    expect(page.get_by_role("heading", name=f"{game} catalog")).to_be_visible()


def import_csv(page, text: str, name: str):
    page.get_by_role("link", name="Import CSV").click()
    page.get_by_label("File").set_input_files(
        files=[{"name": "cards.csv", "mimeType": "text/csv", "buffer": text.encode()}]
    )
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#csv-preview")).to_contain_text(f"add “{name}”")
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("1 added, 0 updated")).to_be_visible()
    expect(page.locator("#catalog")).to_contain_text(name)


def play_rounds(page, result, rounds: int) -> None:
    """Pair and enter the ``rounds`` rounds left, then finish: ``result(page, table)`` fills a match's form."""
    for _ in range(rounds):
        page.get_by_role("button", name="Pair next round").click()
        heading = page.get_by_role("heading", name=re.compile(r"^Round \d+$"))
        expect(heading).to_be_visible()
        page.wait_for_load_state()  # the whole round page, every table of it, before they are counted
        number = heading.inner_text().split()[-1]
        tables = page.get_by_role("link", name=re.compile(r"Match page, table \d+")).count()
        for table in range(1, tables + 1):
            page.get_by_role("link", name=f"Match page, table {table}", exact=True).click()
            result(page, table)
            page.get_by_role("button", name="Save result").click()
            expect(page.get_by_text("Result saved.")).to_be_visible()
            page.get_by_role("link", name="Overview", exact=True).click()
            page.get_by_role("link", name=re.compile(f"^Round {number}")).click()
        page.get_by_role("link", name="Overview", exact=True).click()
    page.get_by_role("link", name="Finish event").click()
    page.get_by_role("button", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()


def print_sheets(page, tab: str, sheets: int):
    """The event's list tab links every registration sheet in one PDF, a page per submitted list
    (fetched with the page's session, as the browser's PDF viewer would open it)."""
    page.get_by_role("link", name=tab, exact=True).click()
    link = page.get_by_role("link", name="Every registration sheet (one PDF)")
    expect(link).to_be_visible()
    response = page.request.get(link.get_attribute("href"))
    assert response.ok and response.headers["content-type"] == "application/pdf"
    assert len(PdfReader(BytesIO(response.body())).pages) == sheets


def wing_commander_result(page, table):
    page.get_by_label(re.compile(r"Carrier destroyed by .* \(Terran\)")).check()


def spearpoint_result(page, table):
    points = page.get_by_label(re.compile(r"Victory Points"))
    points.nth(0).fill("51")
    points.nth(1).fill("20")


@pytest.mark.slow(reason="every deck game of the demo in turn, its sheet downloaded")
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_demo_organizer_tries_every_deck_game(browser, live_server, organizer, width):
    context = browser.new_context(base_url=live_server.url, accept_downloads=True, viewport=WIDTHS[width])
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        log_in(page, organizer)

        # Wing Commander: a card on the page, a card by CSV, the open demo event to its final standings.
        open_catalog(page, "Wing Commander CCG")
        expect(page.locator("#catalog")).to_contain_text("Sample from the rulebook")
        page.get_by_role("link", name="Add a card").click()
        page.get_by_label("Name").fill("Rapier")
        page.get_by_label("Side").select_option("terran")
        page.get_by_label("Type").select_option("fighter")
        page.get_by_label("Mustering cost").fill("3")
        page.get_by_label("Medal cost").fill("0")
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_text("“Rapier” added")).to_be_visible()
        import_csv(page, "name,side,type,mustering_cost,medal_cost\nBroadsword,terran,fighter,4,1\n", "Broadsword")
        assert WingCommanderCard.objects.filter(name__in=["Rapier", "Broadsword"]).count() == 2
        menu(page, "Events")
        page.get_by_role("link", name=OPEN_EVENT).click()
        page.get_by_role("link", name="Start event").click()
        page.get_by_role("button", name="Start the event").click()
        play_rounds(page, wing_commander_result, rounds=2)
        expect(page.locator("table.standings tbody tr")).to_have_count(4)
        print_sheets(page, "Decks", 8)
        assert Event.objects.get(name=OPEN_EVENT).status == EventStatus.FINISHED

        # Starship Command: a ship on the page, a ship by CSV, the campaign's third and last battle.
        open_catalog(page, "Starship Command")
        expect(page.locator("#catalog")).to_contain_text("Saratoga")
        page.get_by_role("link", name="Add a ship").click()
        page.get_by_label("Name").fill("Yorktown")
        page.get_by_label("Race").select_option("confederation")
        page.get_by_label("Class").fill("cruiser")
        for label, value in (("Value", "25"), ("Shields", "15"), ("Structure", "20"), ("Crippled", "25")):
            page.get_by_label(label, exact=False).first.fill(value)
        page.get_by_label("Weapons").fill("phaser-1; torpedo")
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_text("“Yorktown” added")).to_be_visible()
        import_csv(
            page,
            "name,race,class,value,shields,structure,crippled,weapons\nEnterprise,confederation,cruiser,30,20,24,32,phaser-2\n",
            "Enterprise",
        )
        assert StarshipCommandShip.objects.get(name="Yorktown").weapons == ["phaser-1", "torpedo"]
        menu(page, "Campaigns")
        page.get_by_role("link", name=CAMPAIGN).click()
        expect(page.locator("#battles-played")).to_contain_text("2 of 3 battles played")
        page.get_by_role("link", name="Record battle 3").click()
        page.get_by_role("button", name="Record").click()
        expect(page.locator("#battles-played")).to_contain_text("3 of 3 battles played")
        expect(page.get_by_text("the campaign is over")).to_be_visible()

        # Spearpoint: a unit on the page, a unit by CSV, the demo event's second round and its standings.
        open_catalog(page, "Frontline General: Spearpoint 1943")
        expect(page.locator("#catalog")).to_contain_text("Placeholder")
        page.get_by_role("link", name="Add a unit").click()
        page.get_by_label("Name").fill("Bazooka team")
        page.get_by_label("Side").select_option("american")
        page.get_by_label("Type").select_option("infantry")
        page.get_by_label("Cost").fill("8")
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_text("“Bazooka team” added")).to_be_visible()
        import_csv(page, "name,side,type,cost\nPak 40,german,artillery,12\n", "Pak 40")
        assert SpearpointUnit.objects.filter(name__in=["Bazooka team", "Pak 40"]).count() == 2
        menu(page, "Events")
        page.get_by_role("link", name=SPEARPOINT_EVENT).click()
        play_rounds(page, spearpoint_result, rounds=1)
        expect(page.locator("table.standings tbody tr")).to_have_count(4)
        print_sheets(page, "Reserves decks", 4)
        assert Event.objects.get(name=SPEARPOINT_EVENT).status == EventStatus.FINISHED
    finally:
        page.screenshot(path=f"test-artifacts/demo_deck_games_{width}.png", full_page=True)
        context.close()
