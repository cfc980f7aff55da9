"""A Starship Command event through one round in a real browser: a fleet submitted, battles reported, standings.

Seed 002, "Victory – Winning the Game": a short game of 2 battles, won by the
player with the most value points; the points are the event's first tie-breaker
after match points.
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in
from tests.tournaments.deck_games import enter_with_decks, starship_command_fleet
from tournaments.models import Event, Match, MatchSide, MatchStatus
from tournaments.services import registration_check_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_starship_command_round_in_the_browser(page):
    organizer = OrganizerFactory(username="admiral")
    kirk, khan = PlayerFactory(username="kirk"), PlayerFactory(username="khan")
    fleet = starship_command_fleet(kirk, name="Saratoga group")

    log_in(page, organizer)
    page.goto("/events/new/")
    page.get_by_label("Name").fill("Mutara Nebula")
    page.get_by_label("Game and format").select_option("starship-command:short-battles")
    page.get_by_label("Date").fill((timezone.localdate() + timedelta(days=1)).isoformat())
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_text("2 battles, 150-point fleets")).to_be_visible()
    event = Event.objects.get(name="Mutara Nebula")

    log_in(page, kirk)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Register").click()
    page.get_by_role("link", name="Submit fleet").click()
    page.get_by_label("Fleet").select_option(label=f"Saratoga group (code {fleet.code})")
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text(f"Saratoga group (code {fleet.code})")).to_be_visible()
    registration_check_in(registration=event.registrations.get(player=kirk))
    enter_with_decks(event, khan)

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    match = Match.objects.get(round__event=event, table=1)
    first, second = (side.registration.player for side in match.sides.select_related("registration__player"))

    # The player at seat 1 reports both battles; the opponent confirms on the match page.
    log_in(page, first)
    page.goto(f"/events/{event.pk}/matches/{match.pk}/")
    page.get_by_label(f"Battle 1: {first.username}'s value points").fill("45")
    page.get_by_label(f"Battle 1: {second.username}'s value points").fill("30")
    page.get_by_label(f"Battle 2: {first.username}'s value points").fill("20")
    page.get_by_label(f"Battle 2: {second.username}'s value points").fill("50")
    page.get_by_role("button", name="Report result").click()
    expect(page.get_by_text(f"{second.username} won, 65–80 value points", exact=True)).to_be_visible()
    log_in(page, second)
    page.goto(f"/events/{event.pk}/matches/{match.pk}/")
    page.get_by_role("button", name="Confirm my opponent's report").click()
    expect(page.get_by_text("Result confirmed.")).to_be_visible()
    assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
    assert MatchSide.objects.get(match=match, registration__player=second).battle_points == 80

    page.get_by_role("link", name="Standings").click()
    standings = page.locator("table.standings")
    expect(standings.locator("thead")).to_contain_text("Battle points")
    expect(standings.locator("tbody tr").first).to_contain_text(second.username)
    expect(standings.locator("tbody tr").first).to_contain_text("80")
