"""One question, one answer, in the browser: a Top 4 event at a New York store, where the Swiss leader
lost a semifinal. The standings page, the standings PDF and the standings CSV it links to give the
same final order (the champion first), and the event's calendar entry opens at 19:00 New York time —
at desktop width and on a phone."""

import csv
import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar
from pypdf import PdfReader

from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in
from tests.security.world import enter_with_fleet
from tests.tournaments.factories import small_catalog
from tests.tournaments.top_cut import finish_round, new_york_top_4
from tournaments import selectors
from tournaments.services import event_finish, event_start, round_pair_next

pytestmark = pytest.mark.django_db(transaction=True)

NEW_YORK = ZoneInfo("America/New_York")


@pytest.fixture
def finished(db):
    """Eight players, two Swiss rounds won by seat 1, a top 4 won each time by seat 2, finished; with the
    name of the Swiss leader (who lost a semifinal)."""
    organizer = OrganizerFactory(username="sisko")
    event = new_york_top_4(organizer)
    catalog = small_catalog()
    for _ in range(8):
        enter_with_fleet(event, PlayerFactory(), catalog)
    event_start(event=event)
    for _ in range(2):
        finish_round(round_pair_next(event=event, by=organizer), 1)
    swiss_leader = selectors.event_standings(event).rows[0].name
    for _ in range(2):
        finish_round(round_pair_next(event=event, by=organizer), 2)
    event_finish(event=event)
    return organizer, event, swiss_leader


def pdf_order(page, href: str, names: list[str]) -> list[str]:
    response = page.request.get(href)
    assert response.headers["content-type"] == "application/pdf"
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(response.body())).pages)
    return sorted(names, key=text.index)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_standings_page_pdf_and_csv_give_one_final_order_and_the_calendar_the_stores_clock(page, finished, width):
    organizer, event, swiss_leader = finished
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/standings/")
    on_page = [item.split(" ", 1)[1].rsplit(" ", 1)[0] for item in page.locator("#cut-placing li").all_inner_texts()]
    assert on_page[0] != swiss_leader  # the leader lost a semifinal: the Swiss order alone would mislead

    pdf_href = page.get_by_role("link", name="Standings (PDF)").get_attribute("href")

    page.goto(f"/events/{event.pk}/")
    csv_href = page.get_by_role("link", name="Standings CSV").get_attribute("href")
    rows = list(csv.DictReader(io.StringIO(page.request.get(csv_href).text())))
    from_csv = [row["player"] for row in rows]
    assert from_csv[:4] == on_page
    assert pdf_order(page, pdf_href, from_csv) == from_csv

    ics_href = page.get_by_role("link", name="Add to your calendar (.ics)").get_attribute("href")
    (entry,) = Calendar.from_ical(page.request.get(ics_href).body()).walk("VEVENT")
    assert entry.decoded("dtstart") == datetime(2026, 12, 19, 19, 0, tzinfo=NEW_YORK)
