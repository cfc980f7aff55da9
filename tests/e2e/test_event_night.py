"""The event night at the desk, in a real browser: "Check in everyone", pairing that names who it
leaves out, a late entry who plays from the next round, and the steps that cannot be undone
(pairing again, finishing) asked before they are done, offered only when they can be done."""

import re

import pytest
from playwright.sync_api import expect

from games.attack_wing.results import Losses, MatchResult
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, screenshot, settled
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.models import EventStatus, Match, MatchSide
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    result_enter,
    result_report,
    round_pair_next,
)

pytestmark = pytest.mark.django_db(transaction=True)


def enter_results(event, number):
    for match in Match.objects.filter(round__event=event, round__number=number, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))


@pytest.mark.slow(reason="an evening at the desk: check-in, rounds, results, standings")
def test_an_event_night_at_the_desk(page):
    organizer = OrganizerFactory(username="quark")
    event = EventFactory(organizer=organizer, planned_rounds=2)
    catalog = small_catalog()
    for n in range(1, 4):
        player = PlayerFactory(username=f"captain{n}")
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
    registration_add(event=event, player=PlayerFactory(username="nolist"))
    late = PlayerFactory(username="latecomer")
    late_fleet = fleet_for(late, legal_fleet_content(catalog))

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Check in everyone").click()
    expect(page.get_by_text("3 players checked in.")).to_be_visible()
    expect(page.get_by_text("Not checked in, no list submitted yet: nolist.")).to_be_visible()
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()

    # Pairing leaves out the registered player who is not checked in: the organizer is asked first.
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Pair round 1 without them?")).to_be_visible()
    expect(page.locator("#absent-players")).to_have_text("nolist")
    page.get_by_role("button", name="Pair without them").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.get_by_text("1 result still missing")).to_be_visible()
    expect(page.get_by_role("button", name="Reopen for corrections")).to_have_count(0)

    # Pairing again is asked first.
    page.get_by_role("link", name="Pair again").click()
    expect(page.get_by_role("heading", name="Pair Round 1 again?")).to_be_visible()
    page.get_by_role("button", name="Pair Round 1 again").click()
    expect(page.get_by_text("Round 1 is paired again.")).to_be_visible()

    # A late entry, added at the desk, is checked in and plays from the next round.
    page.get_by_role("link", name="Overview").click()
    expect(page.locator("#next-step")).to_contain_text("still waits for 1 result")
    expect(page.get_by_role("button", name="Pair next round")).to_have_count(0)
    page.get_by_label("Username").fill("latecomer")
    page.get_by_role("button", name="Add late entry").click()
    expect(page.get_by_text("latecomer is a late entry, checked in")).to_be_visible()
    expect(page.locator("#players")).to_contain_text("4 checked in")
    late_entry = event.registrations.get(player=late)
    registration_submit_fleet(registration=late_entry, fleet=late_fleet)
    enter_results(event, 1)
    page.reload()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("button", name="Pair without them")).to_be_visible()  # nolist is still absent
    page.get_by_role("button", name="Pair without them").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    expect(page.locator("table.pairings")).to_contain_text("latecomer")
    assert MatchSide.objects.filter(round__number=2, registration=late_entry).exists()

    # After the last round: no more pairing, finishing offered and asked first.
    enter_results(event, 2)
    page.reload()
    expect(page.get_by_role("button", name="Reopen for corrections")).to_be_visible()
    expect(page.get_by_role("button", name="Pair next round")).to_have_count(0)
    page.get_by_role("link", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Finish the event?")).to_be_visible()
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    page.get_by_role("button", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()


def test_a_player_not_registered_is_told_how_to_ask_for_a_late_entry(page):
    organizer = OrganizerFactory(username="rom")
    event = EventFactory(organizer=organizer, status=EventStatus.RUNNING)
    visitor = PlayerFactory(username="nog")
    log_in(page, visitor)
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#late-entry-help")).to_contain_text("ask the organizer (rom)")
    expect(page.locator("#late-entry-help")).to_contain_text("nog")


def test_the_event_night_pages_fit_a_phone(phone):
    """The overview, the round desk, a match, the standings, the live pairings, the projector, the
    history, the event form and the fleet builder: nothing wider than a 390 px screen."""
    organizer = OrganizerFactory(username="ezri")
    event = EventFactory(organizer=organizer, name="Battle of the Badlands and the Briar Patch")
    catalog = small_catalog()
    for n in range(1, 6):
        player = PlayerFactory(username=f"commander_with_a_long_name_{n}")
        registration = registration_add(event=event, player=player, club="The Replimat Gaming Society")
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)
    round_1 = round_pair_next(event=event, by=organizer)
    match = round_1.matches.filter(table=1).get()
    seat_1 = match.sides.get(seat=1).registration.player
    result_report(match=match, by=seat_1, result=MatchResult(1, {2: Losses.of(ships=["s0"])}))
    for other in round_1.matches.filter(table__gt=1):
        result_enter(match=other, by=organizer, result=MatchResult(2))
    log_in(phone, organizer)
    fleet = fleet_for(organizer, legal_fleet_content(catalog), "Phone Fleet")
    for path in (
        f"/events/{event.pk}/",
        f"/events/{event.pk}/rounds/1/",
        f"/events/{event.pk}/matches/{match.pk}/",
        f"/events/{event.pk}/standings/",
        f"/events/{event.pk}/rounds/1/live/",
        f"/events/{event.pk}/rounds/1/projector/",
        f"/events/{event.pk}/history/",
        f"/events/{event.pk}/edit/",
        "/events/new/",
        f"/fleets/{fleet.pk}/",
    ):
        phone.goto(path)
        if path.endswith("/rounds/1/"):
            with phone.expect_response(re.compile(r"/preview/$")):  # opening it asks for the points beside it
                phone.locator("#entry-1 summary").click()  # the desk's form open
            settled(phone)
        screenshot(phone, f"phone-{path.strip('/').replace('/', '-')}")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} is {width} px wide at 390 px"


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_organizer_enters_results_from_the_slips_on_the_round_page(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="kira")
    event = EventFactory(organizer=organizer)
    catalog = small_catalog()
    for n in range(1, 5):
        player = PlayerFactory(username=f"pilot{n}")
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)
    round_1 = round_pair_next(event=event, by=organizer)
    table_1, table_2 = round_1.matches.order_by("table")
    one, two = (
        side.registration.player for side in table_1.sides.order_by("seat").select_related("registration__player")
    )
    result_report(match=table_1, by=one, result=MatchResult(1))
    result_report(match=table_1, by=two, result=MatchResult(2))  # the players disagree

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/rounds/1/")
    expect(page.locator("#round-state")).to_contain_text("2 results still missing, 1 table in conflict")
    expect(page.locator("#entry-1")).to_contain_text("Disputed")
    expect(page.locator("#points-1")).to_contain_text(f"Result: {two.username} won.")  # the latest report, open
    page.evaluate("window.stillThisPage = true")
    # Table 2 first (any order), from the keyboard: open its form, pick the winner, tick a lost ship, save.
    page.locator("#entry-2 summary").focus()
    page.keyboard.press("Enter")
    winner_2 = table_2.sides.get(seat=1).registration.player.username
    page.locator("#entry-2").get_by_label(f"{winner_2} won").check()
    expect(page.locator("#points-2")).to_contain_text(f"Result: {winner_2} won.")
    page.locator("#entry-2 input[name='table-2-lost_2'][value='s0']").check()
    expect(page.locator("#points-2")).to_contain_text(f"Fleet points: {winner_2} 60")  # scored while ticking
    page.locator("#entry-2 input[name='table-2-lost_2'][value='s0']").press("Enter")  # Enter saves the table
    expect(page.get_by_text("Table 2: result saved.")).to_be_visible()
    expect(page.locator("#round-state")).to_contain_text("1 result still missing")
    expect(page.locator("#table-2")).to_contain_text("win · 60 FP")
    assert page.evaluate("window.stillThisPage === true")  # htmx swapped the desk: no page load
    # Then the disputed table 1: a ship and a card on it ticked together are refused, the ticks kept.
    page.locator("#entry-1").get_by_label(f"{two.username} won").check()
    ship = page.locator("#entry-1 input[name='table-1-lost_1'][value='s0']")
    card = page.locator("#entry-1 input[name='table-1-lost_1'][value^='s0:']").first
    ship.check()
    card.check()
    expect(page.locator("#points-1")).to_contain_text("tick only the ship")
    page.locator("#entry-1").get_by_role("button", name="Save table 1").click()
    # The refused form comes back marked (the points beside it said the same before the save was sent).
    expect(page.locator("#entry-1 form.desk-refused")).to_contain_text("An upgrade is lost with its destroyed ship")
    expect(ship).to_be_checked()
    expect(card).to_be_checked()
    expect(page.locator("#entry-1").get_by_label(f"{two.username} won")).to_be_checked()
    settled(page)  # the desk htmx put back answers the next save with htmx
    card.uncheck()
    page.locator("#entry-1").get_by_role("button", name="Save table 1").click()
    expect(page.locator("#round-state")).to_contain_text("Every result of this round is in.")
    assert Match.objects.filter(round=round_1, status="confirmed").count() == 2
    assert page.evaluate("window.stillThisPage === true")
