"""A whole 8-player, 3-round event in a real browser, from creation to the final printouts.

Most fleets and the routine results are made through the services (fast); the
steps people do at an event -- creating it, registering, submitting a fleet (one
illegal try), checking in, starting, pairing, reporting and confirming a result,
a judge settling a conflict, dropping, finishing -- go through the pages.
"""

import csv
import io
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from games.attack_wing.results import Losses, MatchResult
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in
from tests.tournaments.factories import fleet_for, illegal_fleet_content, legal_fleet_content, small_catalog
from tournaments.models import Event, Match, MatchSide, MatchStatus
from tournaments.selectors import opponents_by_registration
from tournaments.services import (
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    result_confirm,
    result_report,
)

pytestmark = pytest.mark.django_db(transaction=True)


def report_and_confirm(match: Match, winner: int) -> None:
    """Both players agree on ``winner``, who destroyed the loser's first ship."""
    sides = {side.seat: side for side in match.sides.select_related("registration__player")}
    loser = 3 - winner
    result = MatchResult(winner, {loser: Losses.of(ships=["s0"])})
    result_report(match=match, by=sides[winner].registration.player, result=result)
    result_confirm(match=match, by=sides[loser].registration.player)


def open_matches(event: Event, number: int) -> list[Match]:
    return list(
        Match.objects.filter(round__event=event, round__number=number, table__isnull=False)
        .exclude(status=MatchStatus.CONFIRMED)
        .order_by("table")
    )


def seat_player(match: Match, seat: int):
    return match.sides.select_related("registration__player").get(seat=seat).registration.player


@pytest.mark.slow(reason="a whole event, registration to final standings, through the pages")
def test_a_full_event_in_the_browser(page):
    organizer, judge = OrganizerFactory(username="sisko"), JudgeFactory(username="odo")
    players = [PlayerFactory(username=f"captain{n}") for n in range(1, 9)]
    catalog = small_catalog()
    fleets = {player.pk: fleet_for(player, legal_fleet_content(catalog)) for player in players}
    fleet_for(players[0], illegal_fleet_content(catalog), name="Lone Raider")

    # The organizer creates the event.
    log_in(page, organizer)
    page.goto("/events/new/")
    page.get_by_label("Name").fill("Battle of Wolf 359")
    page.get_by_label("Game and format").select_option("attack-wing:wizkids-2016")
    page.get_by_label("Date").fill((timezone.localdate() + timedelta(days=1)).isoformat())
    page.get_by_label("Number of Swiss rounds").fill("3")
    page.get_by_label("Judges").select_option(label=judge.username)
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Battle of Wolf 359")).to_be_visible()
    event = Event.objects.get(name="Battle of Wolf 359")
    assert event.organizer == organizer and list(event.judges.all()) == [judge]
    assert event.game_settings["fleet_point_base"] == 130

    # A player registers and tries an illegal fleet first: refused with the violation shown.
    first = players[0]
    log_in(page, first)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Register").click()
    page.get_by_role("link", name="Submit fleet").click()
    page.get_by_label("Fleet").select_option(label="Lone Raider")
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text("This fleet is not legal for the event")).to_be_visible()
    expect(page.locator(".violation").first).to_be_visible()
    page.get_by_label("Fleet").select_option(label="Home Fleet")
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text("Your fleet is submitted.")).to_be_visible()

    for player in players[1:]:
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleets[player.pk])
    for registration in event.registrations.exclude(player=first):
        registration_check_in(registration=registration)

    # The organizer checks the last player in, starts the event and pairs round 1.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name=f"Check in {first.username}").click()
    expect(page.get_by_text("8 checked in")).to_be_visible()
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()
    expect(page.get_by_text("The event has started")).to_be_visible()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()

    # Table 1: one player reports in the browser, the opponent confirms there.
    table_1 = open_matches(event, 1)[0]
    winner, loser = seat_player(table_1, 1), seat_player(table_1, 2)
    log_in(page, winner)
    page.goto(f"/events/{event.pk}/matches/{table_1.pk}/")
    expect(page.get_by_text("still counts as surviving").first).to_be_visible()
    page.get_by_label(f"{winner.username} won").check()
    page.locator("input[name=lost_2][value=s0]").check()
    page.get_by_role("button", name="Report result").click()
    expect(page.get_by_text("Awaiting confirmation")).to_be_visible()
    log_in(page, loser)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("link", name="your match").click()
    # The whole claim is shown before it is confirmed: the winner, the ship lost, both players' fleet points.
    claim = page.locator("#report-1 .claim-details")
    expect(claim).to_contain_text(f"{loser.username}'s fleet: ")
    expect(claim).to_contain_text("destroyed (35 SP with its cards)")
    expect(claim).to_contain_text(f"Fleet points: {winner.username} 60")
    page.get_by_role("button", name="Verify my opponent's build").click()
    page.get_by_role("button", name="Confirm my opponent's report").click()
    expect(page.get_by_text("Result confirmed.")).to_be_visible()
    # 130 minus the two surviving ships of 35 SP each.
    assert MatchSide.objects.get(match=table_1, seat=1).fleet_points == 60
    for match in open_matches(event, 1):
        report_and_confirm(match, winner=1)

    # Round 2: the players at table 1 disagree; the judge settles it.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    disputed, *others = open_matches(event, 2)
    one, two = seat_player(disputed, 1), seat_player(disputed, 2)
    result_report(match=disputed, by=one, result=MatchResult(1))
    result_report(match=disputed, by=two, result=MatchResult(2))
    for match in others:
        report_and_confirm(match, winner=2)
    log_in(page, judge)
    page.goto(f"/events/{event.pk}/rounds/2/")
    expect(page.locator("#table-1")).to_contain_text("Conflict: judge needed")
    page.get_by_role("link", name="Match page, table 1").click()
    page.get_by_label(f"{two.username} won").check()
    page.get_by_role("button", name="Save result").click()
    expect(page.get_by_text("Result saved.")).to_be_visible()
    assert disputed.changes.filter(action="resolved", changed_by=judge).exists()

    # A player drops after round 2.
    dropper = players[7]
    log_in(page, dropper)
    page.goto(f"/events/{event.pk}/")
    page.get_by_text("Drop from the event…").click()  # asked first
    page.get_by_role("button", name="Drop me from the event").click()
    expect(page.get_by_text(f"{dropper.username} has dropped.")).to_be_visible()

    # Round 3: seven players left, so one bye, and nobody meets an opponent again.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    expect(page.locator("#table-bye")).to_be_visible()
    round_3 = MatchSide.objects.filter(round__event=event, round__number=3)
    assert round_3.count() == 7 and not round_3.filter(registration__player=dropper).exists()
    met_before = opponents_by_registration(event, before_round=3)
    for match in Match.objects.filter(round__number=3, round__event=event, table__isnull=False):
        a, b = match.sides.values_list("registration_id", flat=True)
        assert b not in met_before[a]
    for match in open_matches(event, 3):
        report_and_confirm(match, winner=1)

    page.get_by_role("link", name="Overview").click()
    page.get_by_role("link", name="Finish event").click()
    page.get_by_role("button", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(8)
    expect(page.locator("table.standings")).to_contain_text(f"{dropper.username} (dropped)")

    # Match slips of round 3: one slip per table with both players' names.
    slips = page.request.get(f"/events/{event.pk}/rounds/3/match-slips.pdf")
    assert slips.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(slips.body())).pages)
    for match in Match.objects.filter(round__number=3, round__event=event, table__isnull=False):
        assert f"table {match.table}" in text
        for side in match.sides.select_related("registration__player"):
            assert side.registration.player.username in text

    # The CSV export has every seat of every round, the bye included.
    export = page.request.get(f"/events/{event.pk}/export.csv")
    table = list(csv.DictReader(io.StringIO(export.text())))
    assert len(table) == 8 + 8 + 7
    bye = [row for row in table if row["table"] == "bye"]
    assert len(bye) == 1 and bye[0]["outcome"] == "win" and bye[0]["fleet_points"] == "60"
    assert {row["player"] for row in table if row["round"] == "1"} == {p.username for p in players}
    assert re.search(r"dropped", export.text())
