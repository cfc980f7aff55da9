"""The late-entry evening in a real browser: a walk-in added in round 1 with no list is paired in
round 2, and his table's result is saved at the desk like any other, so round 2 completes (his
unknown fleet scores as an empty one, seed 003 "Fleet Points")."""

import pytest
from playwright.sync_api import expect

from games.attack_wing.results import MatchResult
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, screenshot
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.models import Match, MatchSide, MatchStatus
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    result_enter,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow(reason="two rounds of an evening with a late entry")
@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_a_late_entry_without_a_list_completes_round_2(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="sisko")
    event = EventFactory(organizer=organizer, planned_rounds=2)
    catalog = small_catalog()
    for n in range(1, 6):
        player = PlayerFactory(username=f"ensign{n}")
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    page.get_by_role("link", name="Overview").click()
    page.get_by_label("…or a walk-in's name").fill("Vic Fontaine")
    page.get_by_role("button", name="Add late entry").click()
    expect(page.get_by_text("Vic Fontaine is a late entry, checked in")).to_be_visible()
    for match in Match.objects.filter(round__event=event, round__number=1, table__isnull=False):
        result_enter(match=match, by=organizer, result=MatchResult(1))
    page.reload()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    expect(page.get_by_text("Paired without a fleet: Vic Fontaine.")).to_be_visible()
    late = event.registrations.exclude(player__username__startswith="ensign").get()
    table = MatchSide.objects.select_related("match").get(round__number=2, registration=late).match
    for other in Match.objects.filter(round__event=event, round__number=2, table__isnull=False).exclude(pk=table.pk):
        result_enter(match=other, by=organizer, result=MatchResult(2))
    page.reload()
    expect(page.locator("#round-state")).to_contain_text("1 result still missing")

    entry = page.locator(f"#entry-{table.table}")
    entry.locator("summary").click()
    entry.get_by_label("Vic Fontaine won").check()
    expect(page.locator(f"#points-{table.table}")).to_contain_text("Result: Vic Fontaine won.")
    entry.get_by_role("button", name=f"Save table {table.table}").click()
    expect(page.get_by_text(f"Table {table.table}: result saved.")).to_be_visible()
    expect(page.locator("#round-state")).to_contain_text("Every result of this round is in")
    screenshot(page, f"late-entry-round-2-{width}")
    table.refresh_from_db()
    assert table.status == MatchStatus.CONFIRMED
    assert page.evaluate("document.documentElement.scrollWidth") <= width
