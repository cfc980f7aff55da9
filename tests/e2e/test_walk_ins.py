"""Walk-ins in a real browser: the organizer registers two players by name, enters the fleets they
brought (a pasted Utopia text export and an uploaded Muster fleet file, of the real cards), runs a
round and sees them in the standings; then one walk-in signs up with the e-mail the organizer
entered and finds the event and the fleet in their new account."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory
from tests.e2e.conftest import log_in, overflows_sideways, screenshot
from tests.e2e.test_accessibility import serious_violations
from tests.snapshots import load_real_catalog
from tests.tournaments.factories import EventFactory

pytestmark = pytest.mark.django_db(transaction=True)

SAMPLES = Path(__file__).resolve().parent.parent / "rules" / "attack_wing" / "interchange" / "samples"
PASSWORD = "ops-on-the-promenade-9"


def utopia_text() -> str:
    """Utopia's text export of the Federation sample without its Fleet Captain: a legal 2016 fleet (124 SP)."""
    text = (SAMPLES / "federation.utopia.txt").read_text()
    for old, new in (
        ("- Federation Fleet Captain [5]\n", ""),
        ("Ship Total: 52 SP", "Ship Total: 47 SP"),
        ("Resource: Fleet Captain [0]\n\n", ""),
        ("Fleet Total: 129 SP", "Fleet Total: 124 SP"),
    ):
        assert old in text
        text = text.replace(old, new)
    return text


def muster_fleet_file(tmp_path: Path) -> Path:
    """The engine's sample fleet (Utopia ids) as a Muster fleet file."""
    fleet = json.loads((SAMPLES / "written-by-muster.json").read_text())[0]["fleet"]
    path = tmp_path / "leeta.json"
    path.write_text(json.dumps(fleet))
    return path


@pytest.fixture
def catalog(utopia_path, transactional_db):
    """What ``import_cards`` makes of the shipped Utopia file (imported once per test process, then copied)."""
    load_real_catalog(origin=str(utopia_path))


def add_walk_in(page, name: str, email: str = ""):
    page.get_by_label("…or a walk-in's name").fill(name)
    page.get_by_label("Walk-in's e-mail (optional)").fill(email)
    page.get_by_role("button", name="Add player").click()
    expect(page.get_by_text(f"{name} is registered.")).to_be_visible()


@pytest.mark.slow(reason="a whole event with two walk-ins, their lists and results")
def test_an_organizer_runs_an_event_with_two_walk_ins(page, browser, live_server, catalog, tmp_path):
    organizer = OrganizerFactory(username="sisko")
    event = EventFactory(organizer=organizer, name="Promenade Open", format="wizkids-2016", planned_rounds=1)
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    add_walk_in(page, "Kasidy Yates", "kasidy@bajor.example")
    add_walk_in(page, "Leeta")
    expect(page.locator("#players")).to_contain_text("2 registered")

    page.get_by_role("link", name="Enter the fleet of Kasidy Yates").click()
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(utopia_text())
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text("Submitted: Kasidy Yates's fleet.")).to_be_visible()
    expect(page.get_by_role("heading", name="Read as: Utopia text export")).to_be_visible()
    expect(page.get_by_test_id("import-counts")).to_contain_text("0 not found")
    assert serious_violations(page) == []
    page.get_by_role("link", name="Back to the event").click()

    page.get_by_role("link", name="Enter the fleet of Leeta").click()
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill("not a fleet at all")
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.locator("#walk-in-refusal")).to_be_visible()
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill("")
    page.get_by_label("File (Space Dock squad, Utopia or Muster export)").set_input_files(
        str(muster_fleet_file(tmp_path))
    )
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text("Submitted: Leeta's fleet.")).to_be_visible()
    page.get_by_role("link", name="Back to the event").click()

    page.get_by_role("button", name="Check in everyone").click()
    expect(page.get_by_text("2 players checked in.")).to_be_visible()
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    page.locator("#entry-1 summary").click()
    page.locator("#entry-1").get_by_label("Kasidy Yates won").check()
    page.locator("#entry-1").get_by_role("button", name="Save table 1").click()
    expect(page.get_by_text("Table 1: result saved.")).to_be_visible()
    page.goto(f"/events/{event.pk}/standings/")
    rows = page.locator("table tbody tr")
    expect(rows.nth(0)).to_contain_text("Kasidy Yates")
    expect(rows.nth(1)).to_contain_text("Leeta")
    screenshot(page, "walk-ins-standings")

    # Kasidy signs up with the address the organizer entered: the walk-in's account becomes hers.
    context = browser.new_context(base_url=live_server.url)
    guest = context.new_page()
    guest.goto("/accounts/sign-up/")
    guest.get_by_label("Username").fill("kasidy")
    guest.get_by_label("Email").fill("kasidy@bajor.example")
    guest.locator("#id_password1").fill(PASSWORD)
    guest.locator("#id_password2").fill(PASSWORD)
    guest.get_by_role("button", name="Sign up").click()
    expect(guest.get_by_text("Check your e-mail")).to_be_visible()
    link = re.search(r"(/accounts/sign-up/\?link=[\w-]+)", mail.outbox[-1].body).group(1)
    guest.goto(link)
    expect(guest.locator("#walk-in-claim")).to_contain_text("Kasidy Yates")
    guest.get_by_role("button", name="Create my account").click()
    guest.goto(f"/events/{event.pk}/")
    expect(guest.get_by_text("Your fleet:")).to_be_visible()
    guest.goto("/fleets/")
    expect(guest.locator("main")).to_contain_text("Federation")
    screenshot(guest, "walk-in-claimed-fleets")
    context.close()

    page.goto(f"/events/{event.pk}/history/")
    expect(page.locator("#walk-in-history")).to_contain_text("claimed by kasidy")


def test_the_walk_in_pages_fit_a_phone(phone, catalog):
    organizer = OrganizerFactory(username="odo")
    event = EventFactory(organizer=organizer, name="Security Office Invitational", format="wizkids-2016")
    log_in(phone, organizer)
    phone.goto(f"/events/{event.pk}/")
    add_walk_in(phone, "Morn", "morn@quarks.example")
    assert not overflows_sideways(phone), "the player list scrolls sideways at 390 px"
    assert serious_violations(phone) == []
    phone.get_by_role("link", name="Enter the fleet of Morn").click()
    expect(phone.get_by_label("…or paste a Utopia link, a text export or a fleet file")).to_be_visible()
    assert serious_violations(phone) == []
    phone.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(utopia_text())
    phone.get_by_role("button", name="Submit fleet").click()
    expect(phone.get_by_text("Submitted: Morn's fleet.")).to_be_visible()
    assert not overflows_sideways(phone), "the walk-in's list page scrolls sideways at 390 px"
    assert serious_violations(phone) == []


def test_the_organizer_answers_a_walk_ins_doubtful_cards_on_a_phone(page, catalog):
    """At 390 px: the typed list names Jean-Luc Picard, printed six times; the report shows each printing with its
    set and cost, and one click on "Take Cap818" (the 2017 Starter Set's) submits the walk-in's list again with
    him; then James T. Kirk's answer keeps Picard's."""
    from tests.tournaments.test_walk_in_answers import captains, typed_list
    from tournaments.services import registration_add_walk_in

    organizer = OrganizerFactory(username="odo")
    event = EventFactory(organizer=organizer, name="Promenade Open", format="wizkids-2016")
    kasidy = registration_add_walk_in(event=event, name="Kasidy Yates", added_by=organizer)
    page.set_viewport_size({"width": 390, "height": 900})
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/players/{kasidy.pk}/list/")
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(typed_list())
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text("Submitted: Kasidy Yates's fleet.")).to_be_visible()
    printings = page.get_by_role("list", name="Cards “Captain: Jean-Luc Picard” may mean")
    expect(printings).to_contain_text("Cap818: captain, 6 SP, federation, 2017 Starter Set")
    expect(printings.get_by_role("listitem")).to_have_count(6)
    assert not overflows_sideways(page)
    printings.get_by_role("button", name="Take Cap818").click()
    expect(page.get_by_text("chosen by hand among 6 cards")).to_be_visible()
    expect(page.get_by_text("Submitted: Kasidy Yates's fleet.")).to_be_visible()
    page.get_by_role("list", name="Cards “Captain: James T. Kirk” may mean").get_by_role(
        "button", name="Take Cap809"
    ).click()
    expect(page.get_by_text("chosen by hand among 8 cards")).to_be_visible()
    assert captains(kasidy) == ["Cap818", "Cap809", "Cap051"]
    assert not overflows_sideways(page) and serious_violations(page) == []
    screenshot(page, "walk-in-doubtful-cards-answered-390")
