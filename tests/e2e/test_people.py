"""The People page in a real browser: a site administrator finds a player and makes them an organizer."""

import pytest
from playwright.sync_api import expect

from accounts.permissions import is_organizer
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory, UserFactory
from tests.e2e.conftest import log_in
from tests.tournaments.factories import EventFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_administrator_makes_a_player_an_organizer(page):
    admin = UserFactory(username="admiral", is_superuser=True, is_staff=True)
    worf = PlayerFactory(username="worf", email="worf@example.org")
    PlayerFactory(username="dax")
    log_in(page, admin)
    page.get_by_role("link", name="People").click()
    page.get_by_label("Find people").fill("wor")
    page.get_by_role("button", name="Find").click()
    expect(page.locator("table.people tbody tr")).to_have_count(1)
    page.get_by_role("button", name="Make worf Organizer").click()
    expect(page.get_by_text("worf is now an Organizer.")).to_be_visible()
    expect(page.get_by_role("button", name="Take Organizer from worf")).to_be_visible()
    assert is_organizer(type(worf).objects.get(pk=worf.pk))


def test_an_organizer_appoints_a_judge_by_username(page):
    organizer = OrganizerFactory(username="sisko")
    JudgeFactory(username="odo")
    event = EventFactory(organizer=organizer)
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_label("Appoint a judge (account name)").fill("odo")
    page.get_by_role("button", name="Appoint judge").click()
    expect(page.get_by_text("odo is a judge of this event.")).to_be_visible()
    expect(page.locator("#judges")).to_contain_text("odo")
    page.get_by_role("link", name="Result history").click()
    expect(page.locator("#staff-history")).to_contain_text("odo")
    expect(page.locator("#staff-history")).to_contain_text("appointed judge")
    expect(page.locator("#staff-history")).to_contain_text("sisko")
