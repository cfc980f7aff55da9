"""What organizers expect from Longshanks, Best Coast Pairings and Cryodex, one whole evening in a real
browser: the organizer at the desk at desktop width, every player on a 390 px phone, each page axe-checked.

A 16-player capped event fills and three more join its waitlist; one registered player withdraws and
the first in line is registered and mailed; the players check themselves in on their phones once the
desk opens check-in (the desk shows the room a QR code of the event page); round 1 is paired and every
player with pairing notices on has exactly one mail naming their table and opponent; a Top 8 is cut,
played and named round by round to its champion; the players cast their secret Best Sportsmanship votes
and the organizer names the winner, shown on the event page.

The fleets are saved and submitted beforehand through the fleets services (their pages have browser tests
of their own), except the promoted player's, submitted on the phone. Mail is the locmem outbox: the live
server runs in a thread of this process and the background jobs run at once when the request commits.
"""

import re
from collections import Counter
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in, overflows_sideways, screenshot
from tests.e2e.test_accessibility import serious_violations
from tests.e2e.test_event_night_end_to_end import enter_at_the_desk, names_at, tables
from tests.tournaments.factories import fleet_for, legal_fleet_content, small_catalog
from tournaments.models import Event, EventStatus, SportsmanshipVote, Stage
from tournaments.services import registration_submit_fleet

pytestmark = pytest.mark.django_db(transaction=True)

CAP = 16
WAITING = 3


class Phones:
    """One 390 px phone per player, logged in once, kept for the evening; console errors collected."""

    def __init__(self, browser, base_url: str):
        self.browser, self.base_url = browser, base_url
        self.pages: dict[str, object] = {}
        self.errors: list[str] = []

    def of(self, player):
        if player.username not in self.pages:
            context = self.browser.new_context(
                base_url=self.base_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
            phone = context.new_page()
            phone.on("pageerror", lambda exc: self.errors.append(str(exc)))
            log_in(phone, player)
            self.pages[player.username] = phone
        return self.pages[player.username]

    def close(self):
        for phone in self.pages.values():
            phone.context.close()


@pytest.fixture
def phones(browser, live_server):
    kept = Phones(browser, live_server.url)
    yield kept
    kept.close()
    assert not kept.errors, f"a phone's page raised: {kept.errors}"


def fits_and_passes_axe(page, name: str) -> None:
    screenshot(page, name)
    assert not overflows_sideways(page), f"{name} is wider than the screen"
    violations = serious_violations(page)
    assert violations == [], f"{name}: {violations}"


def create_capped_event(page) -> Event:
    page.goto("/events/new/")
    page.get_by_label("Event name").fill("Promenade Open")
    page.get_by_label("Game and format").select_option("attack-wing:wizkids-2016")
    page.get_by_label("Date").fill((timezone.localdate() + timedelta(days=1)).isoformat())
    page.get_by_label("Number of Swiss rounds").fill("1")
    page.get_by_label("Top cut after the Swiss rounds").select_option(label="Top 8")
    page.get_by_label("Most players (optional)").fill(str(CAP))
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Promenade Open")).to_be_visible()
    return Event.objects.get(name="Promenade Open")


def pairing_mails(round_name: str) -> list:
    return [message for message in mail.outbox if f", {round_name}: " in message.subject]


@pytest.mark.slow(reason="nineteen phones and the desk through a whole capped evening with a Top 8")
def test_a_capped_evening_with_waitlist_self_check_in_notices_a_top_8_and_votes(page, phones):
    organizer = OrganizerFactory(username="quark")
    players = [PlayerFactory(username=f"player{n:02d}") for n in range(1, CAP + WAITING + 1)]
    catalog = small_catalog()
    for player in players:
        fleet_for(player, legal_fleet_content(catalog))
    field, waiting = players[:CAP], players[CAP:]
    log_in(page, organizer)
    event = create_capped_event(page)

    # The event fills; the next three join the waitlist in the order they ask.
    for player in field:
        phone = phones.of(player)
        phone.goto(f"/events/{event.pk}/")
        phone.get_by_role("button", name="Register", exact=True).click()
        expect(phone.get_by_text("You are registered. Now submit your list.")).to_be_visible()
        registration_submit_fleet(registration=event.registrations.get(player=player), fleet=player.fleets.get())
    for place, player in enumerate(waiting, start=1):
        phone = phones.of(player)
        phone.goto(f"/events/{event.pk}/")
        expect(phone.locator("#event-full")).to_contain_text(f"The event is full ({CAP} players)")
        phone.get_by_role("button", name="Join the waitlist").click()
        expect(phone.locator("#my-waitlist-place")).to_contain_text(f"You are number {place} on the waitlist")
    fits_and_passes_axe(phones.of(waiting[-1]), "evening-waitlist-place-phone")
    page.reload()
    expect(page.locator("#waitlist")).to_contain_text(f"({WAITING} waiting)")
    expect(page.locator("ol.waitlist li")).to_have_count(WAITING)
    expect(page.locator("ol.waitlist li")).to_contain_text([player.username for player in waiting])  # in order
    fits_and_passes_axe(page, "evening-full-event-desk")

    # One withdraws: the first in line has the place and a mail; the others move up in order.
    leaving, first, *still_waiting = field[3], waiting[0], *waiting[1:]
    mail.outbox.clear()
    phone = phones.of(leaving)
    phone.goto(f"/events/{event.pk}/")
    phone.get_by_role("button", name="Withdraw").click()
    expect(phone.get_by_text("You have withdrawn.")).to_be_visible()
    assert [(m.to, m.subject) for m in mail.outbox] == [([first.email], "You have a place at Promenade Open")]
    assert f"/events/{event.pk}/" in mail.outbox[0].body
    field = [player for player in field if player != leaving] + [first]
    for place, player in enumerate(still_waiting, start=1):
        phones.of(player).reload()
        expect(phones.of(player).locator("#my-waitlist-place")).to_contain_text(f"You are number {place} on")
    # The promoted player submits their fleet on the phone.
    phone = phones.of(first)
    phone.goto(f"/events/{event.pk}/")
    phone.get_by_role("link", name="Submit fleet").click()
    phone.get_by_label("Fleet").select_option(label="Home Fleet")
    phone.get_by_role("button", name="Submit fleet").click()
    expect(phone.get_by_text("Your fleet is submitted.")).to_be_visible()

    # Two players turn their pairing notices off in their account.
    quiet = field[:2]
    for player in quiet:
        phone = phones.of(player)
        phone.goto("/accounts/notices/")
        phone.get_by_label("When a round is paired: my table and opponent").uncheck()
        phone.get_by_role("button", name="Save").click()
        expect(phone.get_by_text("Your notice settings are saved.")).to_be_visible()
    fits_and_passes_axe(phones.of(quiet[-1]), "evening-notices-phone")

    # The desk opens check-in and shows the room the QR code of the event page.
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#players")).to_contain_text(f"{CAP} registered, 0 checked in")
    page.get_by_role("button", name="Open check-in").click()
    expect(page.get_by_text("Check-in is open.")).to_be_visible()
    qr = page.get_by_role("img", name="QR code of this event's page, to check in")
    expect(qr).to_be_visible()
    page.wait_for_function("image => image.complete && image.naturalWidth > 0", arg=qr.element_handle())
    fits_and_passes_axe(page, "evening-check-in-desk")

    # The players check themselves in on their phones.
    for player in field:
        phone = phones.of(player)
        phone.goto(f"/events/{event.pk}/")
        phone.get_by_role("button", name="Check me in").click()
        expect(phone.get_by_text("You are checked in. Good luck!")).to_be_visible()
        expect(phone.get_by_role("button", name="Check me in")).to_have_count(0)
    fits_and_passes_axe(phones.of(field[-1]), "evening-checked-in-phone")
    page.reload()
    expect(page.locator("#players")).to_contain_text(f"{CAP} registered, {CAP} checked in")

    # Start, and round 1 is paired: one mail each to those who kept pairing notices on.
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()
    mail.outbox.clear()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    round_1 = tables(event, 1)
    assert len(round_1) == CAP // 2
    mails = pairing_mails("Round 1")
    assert Counter(address for message in mails for address in message.to) == Counter(
        player.email for player in field if player not in quiet
    )
    for match in round_1:
        one, two = (side.registration.player for side in match.sides.order_by("seat"))
        for player, opponent in ((one, two), (two, one)):
            if player in quiet:
                continue
            (message,) = [m for m in mails if m.to == [player.email]]
            assert f"table {match.table} against {opponent.username}" in message.body
    fits_and_passes_axe(page, "evening-round-1-desk")
    for match in round_1:
        enter_at_the_desk(page, match)

    # The Top 8: each round paired from the overview, named by the players it starts, to the final.
    for name, size in (("Quarterfinal", 4), ("Semifinal", 2), ("Final", 1)):
        page.get_by_role("link", name="Overview").click()
        page.get_by_role("button", name="Pair next round").click()
        expect(page.get_by_role("heading", name=name)).to_be_visible()
        page.wait_for_load_state()  # htmx started on the new desk before its forms are opened
        cut = event.rounds.order_by("number").last()
        assert (cut.stage, cut.name) == (Stage.CUT, name)
        cut_tables = tables(event, cut.number)
        assert len(cut_tables) == size
        if name == "Quarterfinal":
            fits_and_passes_axe(page, "evening-quarterfinal-desk")
        for match in cut_tables:
            enter_at_the_desk(page, match)
    champion = names_at(cut_tables[0])[0]
    page.get_by_role("link", name="Overview").click()
    page.get_by_role("link", name="Finish the event").first.click()
    page.get_by_role("button", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Top cut")).to_be_visible()
    for name in ("Quarterfinal", "Semifinal", "Final"):
        expect(page.locator("#cut-bracket").get_by_role("heading", name=name, exact=True)).to_be_visible()
    expect(page.locator("#cut-placing li").first).to_have_text(re.compile(rf"^1\. {champion} 4-0-0"))
    expect(page.locator("#cut-placing li")).to_have_count(8)
    fits_and_passes_axe(page, "evening-final-placing")
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED

    # Best Sportsmanship: every player votes once, in secret, never for themselves.
    favourite = field[5]
    voters = [player for player in field if player != favourite]
    for player in voters:
        phone = phones.of(player)
        phone.goto(f"/events/{event.pk}/")
        phone.get_by_label("Best Sportsmanship: your one secret vote").select_option(label=favourite.username)
        phone.get_by_role("button", name="Vote").click()
        expect(phone.get_by_text("Your vote is in. Thank you!")).to_be_visible()
        expect(phone.get_by_role("button", name="Vote")).to_have_count(0)  # one vote each
    fits_and_passes_axe(phones.of(voters[-1]), "evening-voted-phone")
    phone = phones.of(favourite)
    phone.goto(f"/events/{event.pk}/")
    choices = phone.get_by_label("Best Sportsmanship: your one secret vote").locator("option")
    assert favourite.username not in choices.all_inner_texts()
    phone.get_by_label("Best Sportsmanship: your one secret vote").select_option(label=field[0].username)
    phone.get_by_role("button", name="Vote").click()
    assert SportsmanshipVote.objects.filter(voter__event=event).count() == CAP

    # The organizer sees only the counts, and names the winner: shown on the event page to everyone.
    page.goto(f"/events/{event.pk}/")
    expect(page.locator("#sportsmanship-count")).to_contain_text(f"{favourite.username} {CAP - 1}")
    page.get_by_label("Award").fill("Best Sportsmanship")
    page.get_by_label("Winner").select_option(label=favourite.username)
    page.get_by_role("button", name="Save award").click()
    expect(page.get_by_text("Award saved.")).to_be_visible()
    fits_and_passes_axe(page, "evening-awards-desk")
    phone = phones.of(waiting[-1])  # never played: sees the award, casts no vote
    phone.goto(f"/events/{event.pk}/")
    expect(phone.locator("#awards")).to_contain_text(f"Best Sportsmanship: {favourite.username}")
    expect(phone.get_by_role("button", name="Vote")).to_have_count(0)
    fits_and_passes_axe(phone, "evening-awards-phone")
