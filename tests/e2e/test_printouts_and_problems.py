"""The pages this part of the site changed, in a real browser at phone width (390 px): the Printouts
settings, the event form's paper, and a fleet's problems in words with card names."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.selectors import print_identity
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways
from tests.fleets.factories import saved_fleet
from tests.snapshots import load_real_catalog
from tests.tournaments.factories import EventFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_sets_a_printed_name_and_the_email_on_a_phone(phone):
    player = PlayerFactory()
    log_in(phone, player)
    phone.goto(reverse("printouts"))
    assert not overflows_sideways(phone)
    expect(phone.get_by_label("Print my e-mail address on my fleet and deck sheets")).not_to_be_checked()
    phone.get_by_label("Name on printouts").fill("Kira Nerys")
    phone.get_by_label("Print my e-mail address on my fleet and deck sheets").check()
    phone.get_by_role("button", name="Save").click()
    expect(phone.get_by_text("Your printout settings are saved.")).to_be_visible()
    assert print_identity(player).name == "Kira Nerys" and print_identity(player).email == player.email
    assert not overflows_sideways(phone)


def test_the_organizer_picks_the_event_paper_on_a_phone(phone):
    event = EventFactory(organizer=OrganizerFactory(), paper_size="A4")
    log_in(phone, event.organizer)
    phone.goto(reverse("tournaments:edit", args=[event.pk]))
    paper = phone.get_by_label("Paper")
    expect(paper).to_have_value("A4")
    paper.select_option("Letter")
    assert not overflows_sideways(phone)
    phone.get_by_role("button", name=re.compile("Save")).click()
    phone.wait_for_url(re.compile(rf".*/events/{event.pk}/$"))
    event.refresh_from_db()
    assert event.paper_size == "Letter"


def test_a_fleet_problems_name_their_cards_on_a_phone(phone, utopia_path):
    """Seed 003: two unique cards of one name (William T. Riker, Cap051 and Cap655) is DUPLICATE_UNIQUE."""
    load_real_catalog(origin=str(utopia_path))  # imported once per test process, then copied
    fleet = saved_fleet(
        None,
        content={
            "format": "wizkids-2016",
            "ships": [
                {"ship": "S273", "captain": "Cap049"},
                {"ship": "S363", "captain": "Cap655"},
                {"ship": "S341", "captain": "Cap051"},
            ],
        },
    )
    log_in(phone, fleet.owner)
    phone.goto(reverse("fleets:detail", args=[fleet.pk]))
    problems = phone.locator("#fleet-problems .violation")
    expect(problems.first).to_be_visible()
    unique = problems.filter(has_text="DUPLICATE_UNIQUE")
    expect(unique).to_contain_text("William T. Riker")
    expect(unique).not_to_contain_text("Cap051")
    expect(unique.locator("small.violation-code")).to_have_text("DUPLICATE_UNIQUE")
    badge = phone.get_by_text(re.compile(r"Not legal: \d+ problems?")).first
    count = int(re.search(r"(\d+)", badge.inner_text()).group(1))
    expect(problems).to_have_count(count)
    summary = phone.locator("#fleet-problems").bounding_box()
    assert summary["x"] >= 0 and summary["x"] + summary["width"] <= 390  # the sentences wrap on the phone
