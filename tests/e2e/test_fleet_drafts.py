"""Drafts and typed codes in a real browser, with the real Utopia catalog.

A player edits a saved fleet: the builder says the changes are unsaved, Discard
brings the saved list back, Save version makes version 2 and the history lists
the versions only. A judge of an event types a sheet's code by hand, at desktop
and phone width, and compares the list on screen with the sheet.
"""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from fleets.services import fleet_create
from tests.accounts.factories import JudgeFactory, PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways, settled
from tests.e2e.test_fleet_builder import FLEET
from tests.snapshots import load_real_catalog
from tests.tournaments.factories import EventFactory
from tournaments.services import registration_add, registration_submit_fleet

# The builder test's three Federation ships with their captains and first upgrades: 114 SP, legal.
CONTENT = {
    "format": "wizkids-2016",
    "ships": [
        {"ship": ship, "captain": captain, "upgrades": [upgrade for _, upgrade, _ in upgrades]}
        for ship, (captain, _), upgrades in FLEET
    ],
}


@pytest.fixture
def catalog(utopia_path, transactional_db):
    """What ``import_cards`` makes of the shipped Utopia file (imported once per test process, then copied)."""
    load_real_catalog(origin=str(utopia_path))
    cache.clear()  # the typed-code form counts per address


def test_edits_stay_a_draft_until_saved_and_discard_brings_the_version_back(page, catalog):
    player = PlayerFactory()
    fleet = fleet_create(owner=player, name="Draft Fleet", faction="federation", content=CONTENT)
    log_in(page, player)
    page.goto(f"/fleets/{fleet.pk}/")
    page.wait_for_load_state()
    status = page.get_by_test_id("draft-status")
    expect(status).to_have_text("All changes are saved in version 1.")
    ship_1 = page.locator("#ship-1")

    ship_1.get_by_role("button", name="Remove Jean-Luc Picard from ship 1").click()
    expect(status).to_contain_text("Unsaved changes since version 1.")
    settled(page)
    asked = []
    page.once("dialog", lambda dialog: asked.append(dialog.message) or dialog.accept())
    page.get_by_role("button", name="Discard draft").click()
    expect(status).to_have_text("All changes are saved in version 1.")
    assert asked == ["Discard the unsaved changes and go back to version 1?"]
    expect(ship_1.locator("tbody")).to_contain_text("Jean-Luc Picard")
    settled(page)

    ship_1.get_by_role("button", name="Remove Jean-Luc Picard from ship 1").click()
    settled(page)
    ship_1.get_by_role("button", name="Remove Deanna Troi from ship 1").click()
    expect(ship_1.locator("tbody")).not_to_contain_text("Deanna Troi")
    settled(page)
    expect(status).to_contain_text("Unsaved changes since version 1.")
    assert fleet.versions.count() == 1  # two edits, no version
    page.get_by_role("button", name="Save version").click()
    expect(status).to_have_text("All changes are saved in version 2.")

    page.get_by_role("link", name="History").click()
    rows = page.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("v2")


def judge_types_the_code(page, catalog) -> None:
    """A judge of an event with hidden lists, before it starts, types a submitted sheet's code."""
    owner = PlayerFactory(username="sheet_owner")
    event = EventFactory(name="Typed Code Open", lists_public=False)
    event.judges.add(judge := JudgeFactory())
    fleet = fleet_create(owner=owner, name="Paper Fleet", faction="federation", content=CONTENT)
    version = registration_submit_fleet(
        registration=registration_add(event=event, player=owner), fleet=fleet
    ).fleet_version
    assert version.total == 114
    log_in(page, judge)
    page.goto(f"/events/{event.pk}/fleets/")
    page.get_by_role("link", name="Verify a sheet by its code").click()

    code = page.get_by_label("Verification code")
    code.fill("AB-1")
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_text("A verification code has 8 characters")).to_be_visible()
    code = page.get_by_label("Verification code")
    code.fill(f"{version.code[:4].lower()} {version.code[4:].lower()}")  # as read aloud, in two halves
    page.get_by_role("button", name="Verify").click()

    expect(page.get_by_text(f"matches version 1 of a fleet by {owner.username}")).to_be_visible()
    expect(page.get_by_text("Typed Code Open: this is the version submitted.")).to_be_visible()
    listing = page.get_by_test_id("verified-list")
    expect(listing.get_by_role("heading", name="The list: “Paper Fleet”, version 1")).to_be_visible()
    expect(listing.get_by_test_id("fleet-total")).to_have_text(str(version.total))
    for card in ("Jean-Luc Picard", "James T. Kirk", "William T. Riker", "Quantum Torpedoes"):
        expect(listing.get_by_text(card).first).to_be_visible()
    assert not overflows_sideways(page)


def test_a_judge_verifies_a_sheet_by_its_typed_code_on_a_desktop(page, catalog):
    judge_types_the_code(page, catalog)


def test_a_judge_verifies_a_sheet_by_its_typed_code_on_a_phone(phone, catalog):
    judge_types_the_code(phone, catalog)
