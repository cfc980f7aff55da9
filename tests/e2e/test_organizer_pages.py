"""The pages of what organizers expect from Longshanks, Best Coast Pairings and Cryodex, each at desktop
width and on a 390 px phone, axe-checked and no wider than the screen: check-in with the room's QR code,
the waitlist of a full event, Best Sportsmanship votes and the awards.

The events are set up through the services; what a person clicks is clicked on the pages.
"""

import pytest
from playwright.sync_api import expect

from games.attack_wing.results import MatchResult
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways, screenshot
from tests.e2e.test_accessibility import serious_violations
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.models import Award, SportsmanshipVote
from tournaments.services import (
    event_finish,
    event_start,
    registration_add,
    registration_check_in,
    registration_sign_up,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])


def checked(page, name: str, width: int) -> None:
    """The page as shown now: no serious axe violation, nothing wider than the screen."""
    screenshot(page, f"{name}-{width}")
    assert serious_violations(page) == [], name
    assert not overflows_sideways(page), f"{name} is wider than {width} px"


def entered(event, names, catalog):
    """Players registered with their fleets submitted (not checked in)."""
    registrations = []
    for name in names:
        player = PlayerFactory(username=name)
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registrations.append(registration)
    return registrations


@WIDTHS
def test_the_desk_opens_check_in_shows_the_qr_code_and_a_player_checks_in(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="sisko")
    event = EventFactory(organizer=organizer)
    jake, nog = entered(event, ["jake", "nog"], small_catalog())

    log_in(page, jake.player)
    page.goto(f"/events/{event.pk}/")
    expect(page.get_by_role("button", name="Check me in")).to_have_count(0)  # not open yet

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Open check-in").click()
    expect(page.get_by_text("Check-in is open.")).to_be_visible()
    qr = page.get_by_role("img", name="QR code of this event's page, to check in")
    expect(qr).to_be_visible()
    page.wait_for_function("image => image.complete && image.naturalWidth > 0", arg=qr.element_handle())
    response = page.request.get(f"/events/{event.pk}/check-in/qr.svg")
    assert response.headers["content-type"] == "image/svg+xml"
    checked(page, "check-in-desk", width)

    log_in(page, jake.player)
    page.goto(f"/events/{event.pk}/#check-in")
    checked(page, "check-in-player", width)
    page.get_by_role("button", name="Check me in").click()
    expect(page.get_by_text("You are checked in. Good luck!")).to_be_visible()
    expect(page.get_by_text("You are registered and checked in.")).to_be_visible()
    checked(page, "checked-in-player", width)
    jake.refresh_from_db()
    nog.refresh_from_db()
    assert jake.checked_in and not nog.checked_in

    # The organizer closes check-in: nog, still out, is offered no button; the desk checks him in.
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Close check-in").click()
    expect(page.get_by_text("Check-in is closed.")).to_be_visible()
    expect(page.get_by_role("button", name="Open check-in")).to_be_visible()
    log_in(page, nog.player)
    page.goto(f"/events/{event.pk}/")
    expect(page.get_by_text("You are registered.")).to_be_visible()
    expect(page.get_by_role("button", name="Check me in")).to_have_count(0)


@WIDTHS
def test_a_player_drops_themselves_between_rounds_and_the_desk_is_told(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="martok")
    event = EventFactory(organizer=organizer, planned_rounds=2)
    registrations = entered(event, ["worf", "alexander", "kurn", "gowron"], small_catalog())
    for registration in registrations:
        registration_check_in(registration=registration)
    event_start(event=event)
    round_1 = round_pair_next(event=event, by=organizer)
    worf = registrations[0]

    log_in(page, worf.player)
    page.goto(f"/events/{event.pk}/")
    expect(page.get_by_text("Drop from the event…")).to_have_count(0)  # not while his table plays
    for match in round_1.matches.all():
        result_enter(match=match, by=organizer, result=MatchResult(1))
    page.reload()
    page.get_by_text("Drop from the event…").click()
    checked(page, "self-drop-confirm", width)
    page.get_by_role("button", name="Drop me from the event").click()
    expect(page.get_by_text("worf has dropped.")).to_be_visible()

    log_in(page, organizer)
    for path in (f"/events/{event.pk}/rounds/1/", f"/events/{event.pk}/"):
        page.goto(path)
        expect(page.locator("#self-drops")).to_contain_text("Dropped themselves since Round 1 was paired: worf.")
        checked(page, "self-drop-desk" + path.replace("/", "-"), width)
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    expect(page.locator("table.pairings")).not_to_contain_text("worf")
    expect(page.locator("#self-drops")).to_have_count(0)


@WIDTHS
def test_a_player_joins_the_waitlist_and_the_organizer_registers_them_by_hand(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="kasidy")
    event = EventFactory(organizer=organizer, player_cap=2, name="Capped Night")
    for name in ("odo", "kira"):
        registration_sign_up(event=event, player=PlayerFactory(username=name))
    quark = PlayerFactory(username="quark")

    log_in(page, quark)
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#event-full")).to_contain_text("The event is full (2 players)")
    checked(page, "waitlist-join", width)
    page.get_by_role("button", name="Join the waitlist").click()
    expect(page.locator("#my-waitlist-place")).to_contain_text("You are number 1 on the waitlist")
    checked(page, "waitlist-place", width)

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#waitlist")).to_contain_text("(1 waiting)")
    checked(page, "waitlist-desk", width)
    page.get_by_role("button", name="Register quark from the waitlist").click()
    expect(page.get_by_text("quark is registered.")).to_be_visible()
    expect(page.locator("#waitlist")).to_have_count(0)
    assert event.registrations.count() == 3 and not event.waitlist.exists()  # over the cap, by hand


@WIDTHS
def test_players_vote_for_best_sportsmanship_and_the_organizer_names_the_award(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="ross")
    event = EventFactory(organizer=organizer, planned_rounds=1)
    registrations = entered(event, ["garak", "bashir", "ezri", "worf"], small_catalog())
    for registration in registrations:
        registration_check_in(registration=registration)
    event_start(event=event)
    for match in round_pair_next(event=event, by=organizer).matches.all():
        result_enter(match=match, by=organizer, result=MatchResult(1))
    event_finish(event=event)
    garak, bashir, *_ = registrations

    log_in(page, garak.player)
    page.goto(f"/events/{event.pk}/")
    ballot = page.get_by_label("Best Sportsmanship: your one secret vote")
    assert "garak" not in ballot.locator("option").all_inner_texts()  # never for oneself
    checked(page, "vote-form", width)
    ballot.select_option(label="bashir")
    page.get_by_role("button", name="Vote").click()
    expect(page.get_by_text("Your vote is in. Thank you!")).to_be_visible()
    expect(page.get_by_role("button", name="Vote")).to_have_count(0)  # one vote
    assert SportsmanshipVote.objects.get(voter=garak).choice == bashir

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#sportsmanship-count")).to_have_text("Best Sportsmanship votes: bashir 1.")
    page.get_by_label("Award").fill("Best Sportsmanship")
    page.get_by_label("Winner").select_option(label="bashir")
    page.get_by_role("button", name="Save award").click()
    expect(page.get_by_text("Award saved.")).to_be_visible()
    expect(page.locator("#awards")).to_contain_text("Best Sportsmanship: bashir")
    checked(page, "awards-desk", width)
    assert Award.objects.get(event=event).winner == bashir

    page.context.clear_cookies()  # anyone sees the award, nobody the votes
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#awards")).to_contain_text("Best Sportsmanship: bashir")
    expect(page.locator("#sportsmanship-count")).to_have_count(0)
    checked(page, "awards-public", width)
