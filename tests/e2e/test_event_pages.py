"""Event pages in a real browser under the site's CSP: they load without script errors, and the
round timer (static/js/round-timer.js) counts down and follows the staff's clock controls."""

import re

import pytest
from playwright.sync_api import expect

from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    round_clock_start,
    round_pair_next,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def running_event(organizer):
    event = EventFactory(organizer=organizer, round_minutes=50)
    catalog = small_catalog()
    for _ in range(3):
        player = PlayerFactory()
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)
    return event, round_pair_next(event=event, by=organizer)


def test_the_round_timer_counts_down_once_the_clock_starts(page, running_event):
    event, round_ = running_event
    page.goto(f"/events/{event.pk}/rounds/1/timer/")
    clock = page.locator("#round-timer-clock")
    expect(clock).to_have_text("Not started")
    round_clock_start(round_=round_)
    page.reload()
    expect(clock).to_have_text(re.compile(r"^(49|50):\d\d$"))


def test_staff_pages_load_without_errors(page, running_event, organizer):
    event, round_ = running_event
    log_in(page, organizer)
    match = round_.matches.filter(table__isnull=False).first()
    for path, heading in [
        (f"/events/{event.pk}/", event.name),
        (f"/events/{event.pk}/rounds/1/", "Round 1"),
        (f"/events/{event.pk}/matches/{match.pk}/", "Round 1, table 1"),
        (f"/events/{event.pk}/standings/", "Standings"),
        (f"/events/{event.pk}/fleets/", "Fleets"),
        (f"/events/{event.pk}/edit/", f"Edit {event.name}"),
        ("/events/", "Events"),
    ]:
        page.goto(path)
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
