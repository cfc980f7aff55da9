"""The builder's resource in a real browser, with the real Utopia catalog (the judge-grade STAW issue, item 8).

The builder says which date it judges the fleet on (resource retirement, seed 003
Resources 4): the next event the fleet is submitted to, else today; the resource
choice marks the resources retired on that date; the Officer Exchange Program
(R015: "Prior to building your fleet, choose two different Factions") asks for its
two factions, which the fleet keeps and the sheet prints. The player may say which date the list is for;
every change made in the builder keeps judging it on that date. Desktop and phone width.
"""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from fleets.models import Fleet, Resource
from fleets.services import fleet_update
from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in, settled
from tests.e2e.test_accessibility import serious_violations
from tests.e2e.test_fleet_builder import add_ship
from tests.fleets.factories import FleetFactory
from tests.snapshots import load_real_catalog
from tests.tournaments.factories import EventFactory
from tournaments.services import registration_add


@pytest.fixture
def catalog(utopia_path, transactional_db):
    """What ``import_cards`` makes of the shipped Utopia file (imported once per test process, then copied)."""
    load_real_catalog(origin=str(utopia_path))


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


def fleet_with_command_tokens(player) -> Fleet:
    """An empty fleet with Command Tokens, retired by the 2016 table on 1 April 2015."""
    fleet = FleetFactory(owner=player, name="Tokens Fleet")
    tokens = Resource.objects.get(name="Command Tokens").source_id
    fleet_update(fleet=fleet, content={"format": "wizkids-2016", "ships": [], "resources": [tokens]}, by=player)
    return fleet


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_date_chosen_for_the_list_stays_after_a_card_is_added(page, catalog, width):
    """Command Tokens retired on 1 April 2015 (the 2016 table): refused today, legal for a list
    played on 14 March 2015, and still legal once a ship is added through the type-ahead."""
    page.set_viewport_size({"width": width, "height": 900})
    player = PlayerFactory()
    fleet = fleet_with_command_tokens(player)
    log_in(page, player)
    page.goto(f"/fleets/{fleet.pk}/")
    retired = page.locator(".violation-code", has_text="RESOURCE_RETIRED")
    expect(retired.first).to_be_visible()  # in the fleet's problems and beside the resource

    page.get_by_label("Date of the event this list is for").fill("2015-03-14")
    page.get_by_role("button", name="Judge resources on that date").click()
    chosen = page.get_by_text("Resources judged on 14 March 2015 (the date you chose)")
    expect(chosen).to_be_visible()
    expect(retired).to_have_count(0)
    page.wait_for_load_state()  # the date came by a whole page load: htmx started on the new page

    add_ship(page, "S273", 1)
    expect(chosen).to_be_visible()
    expect(retired).to_have_count(0)
    assert Fleet.objects.get(pk=fleet.pk).draft["ships"][0]["ship"] == "S273"
    page.get_by_role("button", name="Remove ship 1").click()
    expect(page.get_by_text("No ships yet.")).to_be_visible()
    settled(page)
    expect(chosen).to_be_visible()
    expect(retired).to_have_count(0)
    assert not serious_violations(page), serious_violations(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_event_chosen_for_the_list_decides_and_stays_after_a_card_is_added(page, catalog, width):
    """The player's Community Night retires no resource (its organizer's setting): chosen in the builder,
    Command Tokens is legal for it, and stays legal once a ship is added."""
    page.set_viewport_size({"width": width, "height": 900})
    player = PlayerFactory()
    fleet = fleet_with_command_tokens(player)
    event = EventFactory(name="Community Night", resource_rule="none")
    registration_add(event=event, player=player)
    log_in(page, player)
    page.goto(f"/fleets/{fleet.pk}/")
    retired = page.locator(".violation-code", has_text="RESOURCE_RETIRED")
    expect(retired.first).to_be_visible()

    which = page.get_by_label("Event this list is for", exact=True)
    which.select_option(label=f"Community Night, {event.date.day} {event.date:%B %Y}")
    page.get_by_role("button", name="Judge for that event").click()
    chosen = page.get_by_text("No resource retired: Community Night, the event you chose, retires no resource")
    expect(chosen).to_be_visible()
    expect(retired).to_have_count(0)
    assert not serious_violations(page), serious_violations(page)

    add_ship(page, "S273", 1)
    expect(chosen).to_be_visible()
    expect(retired).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
