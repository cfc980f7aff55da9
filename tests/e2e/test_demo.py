"""What ``make run`` serves: the demo data of ``seed_demo`` seen through a real browser."""

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.attack_wing.demo import DEMO_EVENT_NAME
from tests.accounts.factories import PASSWORD
from tests.e2e.conftest import log_in
from tests.snapshots import restore_world

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def demo(utopia_path):
    """The demo data exactly as ``make run`` loads it, with a known password for the organizer."""
    restore_world(
        "demo, cards from the shipped file",
        lambda: call_command("seed_demo", "--cards", str(utopia_path), stdout=StringIO()),
    )
    organizer = User.objects.get(username="organizer")
    organizer.set_password(PASSWORD)
    organizer.save()
    return organizer


def test_home_log_in_and_demo_event(page, demo):
    page.goto("/")
    expect(page.get_by_role("link", name=DEMO_EVENT_NAME)).to_be_visible()
    log_in(page, demo)
    page.get_by_role("link", name=DEMO_EVENT_NAME).click()
    expect(page.get_by_role("heading", name=DEMO_EVENT_NAME)).to_be_visible()
    expect(page.get_by_role("cell", name="player2", exact=True)).to_be_visible()
