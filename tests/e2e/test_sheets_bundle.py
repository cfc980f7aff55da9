"""The fleets page's "every Fleet Build Sheet" button in a real browser under the site's CSP: the script
(static/js/fleet-sheets.js) starts the background job, shows its progress and then saves the PDF."""

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.accounts.factories import PlayerFactory
from tests.e2e.conftest import log_in
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.services import registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event_with_fleets(organizer):
    event = EventFactory(organizer=organizer)
    catalog = small_catalog()
    for _ in range(3):
        player = PlayerFactory()
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
    return event


def test_the_staff_watch_the_sheets_being_made_then_get_one_pdf(page, event_with_fleets, organizer):
    log_in(page, organizer)
    page.goto(f"/events/{event_with_fleets.pk}/fleets/")
    status = page.locator("#fleet-sheets-status")
    button = page.get_by_role("button", name="Every Fleet Build Sheet (one PDF)")
    expect(status).to_be_hidden()
    with page.expect_download() as download:
        button.click()
    expect(status).to_be_visible()
    expect(button).to_be_enabled()  # ready for another go once the job is done
    expect(page.locator("#fleet-sheets-message")).to_contain_text("3 sheets are ready.")
    expect(page.locator("#fleet-sheets-progress")).to_have_js_property("position", 1)
    assert download.value.suggested_filename == f"event-{event_with_fleets.pk}-fleet-sheets.pdf"
    assert len(PdfReader(download.value.path()).pages) == 3
