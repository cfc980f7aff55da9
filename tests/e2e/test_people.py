"""The People page in a real browser: a site administrator finds a player and makes them an organizer."""

import pytest
from playwright.sync_api import expect

from accounts.permissions import is_organizer
from tests.accounts.factories import PlayerFactory, UserFactory
from tests.e2e.conftest import log_in

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
