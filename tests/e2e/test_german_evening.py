"""A German store's evening in German, in a real browser: no English word outside card names, card text and
the names people typed (docs/translation.md).

The store in Berlin prints in German. Its organizer reads English until he picks "Deutsch" in the language
menu; a player's browser asks for German (``Accept-Language``) and she registers on her phone. The organizer
starts the event, pairs round 1, types both slips in at the desk, pairs round 2 and reads the standings; the
pairings, the slips, the standings and a Fleet Build Sheet come out of the printers in German on A4, no two
words drawn over each other. Every page and every printout is read for words only the site's English uses
(tests/translation_scan.py); no German page is wider than the screen, and axe finds nothing serious on any.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from reportlab.lib.pagesizes import A4

from stores.services import store_create
from tests.accounts.factories import PASSWORD, OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways, screenshot
from tests.e2e.test_accessibility import serious_violations
from tests.e2e.test_event_night_end_to_end import printout
from tests.pdf_layout import overlapping_words, page_sizes, words_by_page
from tests.tournaments.conftest import entered
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tests.translation_scan import data_pattern, english_only_words, english_words, visible_text
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


class Reader:
    """Reads each page and printout for English words, the evening's names and the cards' words left out."""

    def __init__(self):
        self.english = english_only_words()
        self.data = data_pattern()
        self.found: dict[str, list[str]] = {}

    def page(self, page, name: str) -> None:
        screenshot(page, f"german-{name}")
        assert not overflows_sideways(page), f"{name}: the German page is wider than the screen"
        assert serious_violations(page) == [], f"{name}: axe finds serious violations in German"
        self._left(name, visible_text(page.content()))

    def pdf(self, content: bytes, name: str) -> None:
        assert all(size == pytest.approx(A4, abs=0.5) for size in page_sizes(content)), f"{name}: not on A4"
        assert overlapping_words(content) == [], f"{name}: words drawn over each other"
        words = [word.text for page_words in words_by_page(content) for word in page_words]
        self._left(name, [" ".join(words)])

    def _left(self, name: str, texts: list[str]) -> None:
        left = english_words(texts, self.data, self.english)
        if left:
            self.found[name] = sorted(set(left))


def berlin_evening():
    organizer = OrganizerFactory(username="quark")
    store = store_create(
        name="Spielwiese",
        town="Berlin",
        timezone="Europe/Berlin",
        language="de",
        first_organizer=organizer,
        by=organizer,
    )
    event = EventFactory(name="Berliner Abend", organizer=organizer, store=store, planned_rounds=2, venue="Spielwiese")
    catalog = small_catalog()
    for username in ("kira", "odo", "nog"):
        entered(event, PlayerFactory(username=username), catalog=catalog)
    late = PlayerFactory(username="ezri")
    fleet_for(late, legal_fleet_content(catalog), name="Ezris Flotte")
    return organizer, store, event, late


@pytest.mark.slow(reason="a whole evening in German at desktop and phone width, each page and printout read")
def test_a_german_store_runs_its_evening_in_german(browser, live_server, page):
    organizer, _store, event, late = berlin_evening()

    # The player's phone asks for German; she registers and submits her list.
    phone_context = browser.new_context(
        base_url=live_server.url, locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    phone = phone_context.new_page()
    phone.goto("/accounts/login/")
    reader = Reader()
    reader.page(phone, "login")
    phone.locator("input[name=username]").fill(late.username)
    phone.locator("input[name=password]").fill(PASSWORD)
    phone.locator("form button[type=submit]").last.click()
    phone.goto(f"/events/{event.pk}/")
    reader.page(phone, "event-before-registering")
    phone.locator(f"form[action='/events/{event.pk}/register/'] button[type=submit]").click()
    expect(phone.locator(f"form[action='/events/{event.pk}/withdraw/']")).to_be_visible()
    reader.page(phone, "registered")
    phone.goto(f"/events/{event.pk}/fleet/")
    reader.page(phone, "submit-fleet")
    phone.locator("form[method=post] button[type=submit]").last.click()
    phone.wait_for_url(re.compile(rf"/events/{event.pk}/$"))  # the event page the submission leads back to
    reader.page(phone, "fleet-submitted")

    # The organizer reads English until he chooses German in the menu.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.wait_for_load_state()
    reader.page(page, "event-page-organizer")
    page.locator(f"a[href='/events/{event.pk}/start/']").click()
    page.wait_for_url(f"**/events/{event.pk}/start/")
    reader.page(page, "start-confirm")
    page.locator("main form[method=post] button[type=submit]").click()
    expect(page.locator(f"a[href='/events/{event.pk}/start/']")).to_have_count(0)
    registration = Event.objects.get(pk=event.pk).registrations.get(player=late)
    page.locator(f"form[action='/events/{event.pk}/players/{registration.pk}/check-in/'] button").click()
    expect(page.locator(f"form[action='/events/{event.pk}/players/{registration.pk}/check-in/']")).to_have_count(0)
    for number in (1, 2):
        page.goto(f"/events/{event.pk}/")
        with page.expect_navigation():
            page.locator(f"form[action='/events/{event.pk}/rounds/pair/'] button[type=submit]").first.click()
        expect(page).to_have_url(re.compile(f"/events/{event.pk}/rounds/{number}/$"))
        reader.page(page, f"desk-round-{number}")
        for table in (1, 2):
            entry = page.locator(f"#entry-{table}")
            entry.locator("summary").click()
            entry.locator(f"input[name='table-{table}-winner'][value='1']").check()
            entry.locator("button[type=submit]").click()
            expect(page.locator(f"#entry-{table}")).to_have_count(0)
        reader.page(page, f"desk-round-{number}-done")
        for kind in ("pairings-by-table", "pairings-by-name", "match-slips"):
            reader.pdf(printout(page, f"/events/{event.pk}/rounds/{number}/{kind}.pdf"), f"{kind}-{number}")

    page.goto(f"/events/{event.pk}/standings/")
    reader.page(page, "standings")
    reader.pdf(printout(page, f"/events/{event.pk}/standings.pdf"), "standings.pdf")
    reader.pdf(printout(page, f"/events/{event.pk}/fleets/{registration.pk}/sheet.pdf"), "fleet-sheet")
    phone.goto(f"/events/{event.pk}/standings/")
    reader.page(phone, "standings-phone")
    phone_context.close()

    assert reader.found == {}, f"English words on German pages and printouts: {reader.found}"
