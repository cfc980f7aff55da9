"""The live pairings page on a phone: the player's own table and opponent on top, the round clock,
every table, and it refreshes itself (htmx polling) when the round changes."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways
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


@pytest.mark.slow(reason="waits for the page to refresh itself (every 20 s) and show the clock the staff started")
def test_a_player_follows_the_live_pairings_on_a_phone(phone):
    organizer = OrganizerFactory(username="bashir")
    event = EventFactory(organizer=organizer, round_minutes=50)
    catalog = small_catalog()
    players = []
    for n in range(1, 6):
        player = PlayerFactory(username=f"ensign_with_a_rather_long_name_{n}")
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
        players.append(player)
    event_start(event=event)
    round_1 = round_pair_next(event=event, by=organizer)
    me = round_1.matches.get(table=1).sides.get(seat=1).registration.player
    opponent = round_1.matches.get(table=1).sides.get(seat=2).registration.player

    log_in(phone, me)
    phone.goto(f"/events/{event.pk}/rounds/1/live/")
    expect(phone.locator("#live-mine")).to_contain_text(f"{me.username}: table 1")
    expect(phone.locator("#live-mine")).to_contain_text(opponent.username)
    expect(phone.locator("#live-tables li")).to_have_count(3)
    expect(phone.locator("#live-clock")).to_have_text("The round clock has not started.")
    assert not overflows_sideways(phone)

    # The staff start the clock: the page picks it up by itself.
    round_clock_start(round_=round_1)
    cache.clear()
    phone.evaluate("window.stillThisPage = true")
    expect(phone.locator("#live-clock")).to_contain_text("minutes left", timeout=30_000)
    assert phone.evaluate("window.stillThisPage === true")


def test_the_live_pairings_are_public(page):
    event = EventFactory()
    for _ in range(2):
        player = PlayerFactory()
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(
            registration=registration, fleet=fleet_for(player, legal_fleet_content(small_catalog()))
        )
        registration_check_in(registration=registration)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    page.goto(f"/events/{event.pk}/rounds/1/live/")
    expect(page.locator("#live-tables li")).to_have_count(1)
    expect(page.locator("#live-mine")).to_have_count(0)


def paired_event(players: int, prefix: str):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, name="The Neutral Zone Open")
    catalog = small_catalog()
    for n in range(players):
        player = PlayerFactory(username=f"{prefix}_{n:02d}")
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)
    round_pair_next(event=event, by=organizer)
    return event


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_projector_lists_players_by_name_and_scrolls_a_long_list_by_itself(page, width):
    event = paired_event(24, "lieutenant_commander")
    cache.clear()
    page.set_viewport_size({"width": width, "height": 720})
    page.goto(f"/events/{event.pk}/rounds/1/live/")
    page.get_by_role("link", name="Projector view").click()
    expect(page.locator("#projector-seats tbody tr")).to_have_count(24)
    names = page.locator("#projector-seats tbody tr td:first-child").all_inner_texts()
    assert names == sorted(names)
    expect(page.locator("#live-clock")).to_have_text("The round clock has not started.")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert float(page.locator("#projector-seats").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 19
    expect(page.locator("nav.navbar")).to_be_hidden()
    # No one touches it: the list scrolls down by itself.
    for _ in range(30):
        if page.evaluate("window.scrollY") > 40:
            break
        page.wait_for_timeout(500)
    assert page.evaluate("window.scrollY") > 40
