"""The builder's resource in a real browser, with the real Utopia catalog (the judge-grade STAW issue, item 8).

The builder says which date it judges the fleet on (resource retirement, seed 003
Resources 4): the next event the fleet is submitted to, else today; the resource
choice marks the resources retired on that date; the Officer Exchange Program
(R015: "Prior to building your fleet, choose two different Factions") asks for its
two factions, which the fleet keeps and the sheet prints. Desktop and phone width.
"""

import re

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from fleets.models import Fleet
from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in
from tests.fleets.factories import FleetFactory


@pytest.fixture
def catalog(utopia_path, transactional_db):
    call_command("import_cards", str(utopia_path), verbosity=0)


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_builder_judges_retirement_on_its_date_and_takes_the_exchange_programs_factions(page, catalog, width):
    page.set_viewport_size({"width": width, "height": 900})
    player = PlayerFactory()
    fleet = FleetFactory(owner=player, name="Exchange Fleet")
    log_in(page, player)
    page.goto(f"/fleets/{fleet.pk}/")
    page.wait_for_load_state()
    expect(page.get_by_text(re.compile(r"Resources judged on .*\(today\)"))).to_be_visible()
    today = timezone.localdate()
    expect(page.get_by_text(f"Resources judged on {today.day} {today:%B %Y}")).to_be_visible()

    choice = page.get_by_label("Choose the fleet's resource")
    labels = choice.locator("option").all_inner_texts()
    officer_exchange = next(label for label in labels if label.startswith("Officer Exchange Program"))
    assert officer_exchange.endswith("retired on this date")  # retired long before 2026 (its table row)
    choice.select_option(label=officer_exchange)
    factions = page.get_by_role("group", name=re.compile("Its two factions"))
    expect(factions).to_be_visible()
    factions.get_by_label("Federation", exact=True).check()
    factions.get_by_label("Klingon", exact=True).check()
    page.get_by_role("button", name="Save the resource's choices").click()
    expect(page.get_by_text("(factions: Federation, Klingon)")).to_be_visible()

    resources = Fleet.objects.get(pk=fleet.pk).draft["resources"]
    assert resources == [{"id": "R015", "factions": ["federation", "klingon"]}]
    width_of_page = page.evaluate("document.documentElement.scrollWidth")
    assert width_of_page <= width
