"""htmx under the strict Content Security Policy: the pages that use it log no console error.

htmx would inject a <style> for its request indicators, which ``style-src 'self'`` refuses; the
``htmx-config`` meta of base.html turns that off and static/css/muster.css holds the rules. The
last test takes the meta out of a page to show this test would see the refusal.
"""

import pytest
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in
from tests.fleets.factories import FleetFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.models import Match
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    round_pair_next,
)

pytestmark = pytest.mark.django_db(transaction=True)


def running_event():
    organizer = OrganizerFactory(username="sisko")
    event = EventFactory(organizer=organizer)
    catalog = small_catalog()
    for n in range(4):
        player = PlayerFactory(username=f"crew{n}")
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)
    round_pair_next(event=event, by=organizer)
    return event


def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_pages_with_htmx_log_no_console_error(page, width):
    event = running_event()
    page.set_viewport_size({"width": width, "height": 900})
    errors = console_errors(page)
    log_in(page, event.organizer)
    page.goto(f"/events/{event.pk}/rounds/1/")
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    page.locator("#entry-1 summary").click()
    page.locator("#entry-1 input[name='table-1-winner']").first.check()  # an htmx request: the points
    expect(page.locator("#points-1")).to_contain_text("Result:")
    for path in ("live", "projector"):
        page.goto(f"/events/{event.pk}/rounds/1/{path}/")
        expect(page.locator("#live-clock")).to_be_visible()
    fleet = FleetFactory(owner=event.organizer)
    page.goto(f"/fleets/{fleet.pk}/")
    page.get_by_label("Ship name").fill("U.S.S.")  # the builder searches as one types (htmx)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.querySelectorAll('style').length") == 0
    assert errors == []


def test_the_desk_works_without_javascript(browser, live_server):
    """Without script the desk's form posts the whole page: a refusal comes back with the ticks kept."""
    event = running_event()
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, event.organizer)
    page.goto(f"/events/{event.pk}/rounds/1/")
    page.locator("#entry-1 summary").click()
    ship = page.locator("#entry-1 input[name='table-1-lost_2'][value='s0']")
    card = page.locator("#entry-1 input[name='table-1-lost_2'][value^='s0:']").first
    page.locator("#entry-1 input[name='table-1-winner']").first.check()
    ship.check()
    card.check()
    page.locator("#entry-1").get_by_role("button", name="Save table 1").click()
    expect(page.locator("#entry-1")).to_contain_text("An upgrade is lost with its destroyed ship")
    expect(ship).to_be_checked()
    expect(card).to_be_checked()
    card.uncheck()
    page.locator("#entry-1").get_by_role("button", name="Save table 1").click()
    expect(page.get_by_text("Table 1: result saved.")).to_be_visible()
    assert Match.objects.get(round__event=event, table=1).status == "confirmed"
    context.close()


def test_without_the_htmx_config_the_console_shows_the_refused_style(browser, live_server):
    event = running_event()
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    errors = console_errors(page)

    def without_meta(route):
        response = route.fetch()
        body = response.text().replace('<meta name="htmx-config"', '<meta name="not-htmx-config"')
        route.fulfill(response=response, body=body)

    page.route("**/rounds/1/live/", without_meta)
    page.goto(f"/events/{event.pk}/rounds/1/live/")
    expect(page.locator("#live-clock")).to_be_visible()
    page.wait_for_timeout(500)
    assert any("Content Security Policy" in error for error in errors), errors
    context.close()
