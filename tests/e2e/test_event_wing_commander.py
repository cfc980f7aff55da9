"""A 4-player, 2-round Wing Commander event in a real browser: two decks per player, sides at every table.

Decks are built through the services (the deck builder has its own browser
test); creating the event, registering with a club, submitting decks (one
illegal try), checking in, starting, pairing, reporting, confirming and
entering results by how the game ended, and the standings go through the pages.
Seed 001, setup step 1: "One player plays with the Terran deck. The other
player plays with the Kilrathi deck."
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.wing_commander.events import WingCommanderResult
from rules.wing_commander import KILRATHI, TERRAN, Ending
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in
from tests.tournaments.deck_games import wing_commander_deck, wing_commander_decks
from tournaments.models import Event, Match, MatchSide, MatchStatus
from tournaments.services import (
    registration_add,
    registration_check_in,
    registration_submit_decks,
    result_enter,
)

pytestmark = pytest.mark.django_db(transaction=True)


def tables(event: Event, number: int) -> list[Match]:
    return list(Match.objects.filter(round__event=event, round__number=number, table__isnull=False).order_by("table"))


def seated(match: Match) -> dict[str, object]:
    """The players of a table by the side they play."""
    return {side.side: side.registration.player for side in match.sides.select_related("registration__player")}


def sides_played(event: Event, number: int) -> dict[int, str]:
    return dict(
        MatchSide.objects.filter(round__event=event, round__number=number).values_list("registration__player", "side")
    )


def test_a_wing_commander_event_with_sides_in_the_browser(page):
    organizer, judge = OrganizerFactory(username="tolwyn"), JudgeFactory(username="eisen")
    players = [PlayerFactory(username=name) for name in ("blair", "maniac", "hobbes", "angel")]
    decks = {player.pk: wing_commander_decks(player) for player in players}
    half = wing_commander_deck(players[0], TERRAN, cards=30, name="Half a deck")

    # The organizer creates the event.
    log_in(page, organizer)
    page.goto("/events/new/")
    page.get_by_label("Name").fill("Battle of Vega")
    page.get_by_label("Game and format").select_option("wing-commander:tournament")
    page.get_by_label("Date").fill((timezone.localdate() + timedelta(days=1)).isoformat())
    page.get_by_label("Number of Swiss rounds").fill("2")
    page.get_by_label("Judges").select_option(label=judge.username)
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Battle of Vega")).to_be_visible()
    expect(page.get_by_text("Match points, then strength of schedule")).to_be_visible()
    event = Event.objects.get(name="Battle of Vega")

    # Blair registers with a club and tries a 30-card Terran deck first: refused with the violation.
    blair = players[0]
    log_in(page, blair)
    page.goto(f"/events/{event.pk}/")
    page.get_by_label("Club or store").fill("Tiger's Claw")
    page.get_by_role("button", name="Register").click()
    page.get_by_role("link", name="Submit decks").click()
    page.get_by_label("Terran deck").select_option(label=f"Half a deck (code {half.code})")
    page.get_by_role("button", name="Submit decks").click()
    expect(page.locator(".violation").first).to_contain_text("The play deck has 30 cards")
    page.get_by_label("Terran deck").select_option(label=f"Terran deck (code {decks[blair.pk][TERRAN].code})")
    page.get_by_role("button", name="Submit decks").click()
    expect(page.get_by_text("Submitted: your decks")).to_be_visible()
    expect(page.get_by_text(decks[blair.pk][KILRATHI].code)).to_be_visible()

    # The others register through the services; Maniac is Blair's clubmate.
    for player, club in zip(players[1:], ("Tiger's Claw", "Victory", "Concordia"), strict=True):
        registration = registration_add(event=event, player=player, club=club)
        registration_submit_decks(registration=registration, decks=decks[player.pk])
        registration_check_in(registration=registration)

    # The organizer checks Blair in, starts the event and pairs round 1: clubmates apart, sides shown.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name=f"Check in {blair.username}").click()
    expect(page.get_by_text("4 checked in")).to_be_visible()
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.locator("table.pairings")).to_contain_text("Terran")
    expect(page.locator("table.pairings")).to_contain_text("Kilrathi")
    first, second = tables(event, 1)
    assert {blair, players[1]} not in [set(seated(match).values()) for match in (first, second)]
    assert all(set(seated(match)) == {TERRAN, KILRATHI} for match in (first, second))

    # Table 1: the Terran destroys the Kilrathi carrier; the Kilrathi player confirms.
    terran, kilrathi = seated(first)[TERRAN], seated(first)[KILRATHI]
    log_in(page, terran)
    page.goto(f"/events/{event.pk}/matches/{first.pk}/")
    page.get_by_label(f"Carrier destroyed by {terran.username} (Terran)").check()
    page.get_by_role("button", name="Report result").click()
    expect(page.get_by_text("Awaiting confirmation")).to_be_visible()
    log_in(page, kilrathi)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("link", name="your match").click()
    expect(page.get_by_text(f"{terran.username} (Terran) destroyed the Kilrathi carrier", exact=True)).to_be_visible()
    page.get_by_role("button", name="Confirm my opponent's report").click()
    expect(page.get_by_text("Result confirmed.")).to_be_visible()

    # Table 2: the judge enters the Kilrathi win (the Terran's Power Points at 0).
    log_in(page, judge)
    page.goto(f"/events/{event.pk}/rounds/1/")
    page.get_by_role("link", name="Match page, table 2").click()
    page.get_by_label(f"Power Points at 0 for {seated(second)[TERRAN].username} (Terran)").check()
    page.get_by_role("button", name="Save result").click()
    expect(page.get_by_text("Result saved.")).to_be_visible()
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == second.status == MatchStatus.CONFIRMED

    # Round 2 pairs table 1's Terran winner with table 2's Kilrathi winner: every player switches sides.
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    round_1, round_2 = sides_played(event, 1), sides_played(event, 2)
    assert all(round_2[player] != side for player, side in round_1.items())
    top = tables(event, 2)[0]
    assert set(seated(top).values()) == {terran, seated(second)[KILRATHI]}

    # Round 2's results come in through the services: a draw at table 1, a carrier lost at table 2.
    last_first, last_second = tables(event, 2)
    result_enter(match=last_first, by=judge, result=WingCommanderResult(Ending.BOTH_POWER_POINTS))
    result_enter(match=last_second, by=judge, result=WingCommanderResult(Ending.CARRIER_DESTROYED, TERRAN))

    # The standings rank without fleet points; the organizer finishes the event.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("link", name="Finish event").click()
    page.get_by_role("button", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    standings = page.locator("table.standings")
    expect(standings.locator("thead")).to_contain_text("Strength of schedule")
    expect(standings.locator("thead")).not_to_contain_text("Fleet points")
    expect(standings.locator("tbody tr")).to_have_count(4)
    leaders = {terran.username, seated(second)[KILRATHI].username}
    for row in standings.locator("tbody tr").all()[:2]:
        expect(row).to_contain_text("1-1-0")
        assert row.locator("td").nth(1).inner_text() in leaders
