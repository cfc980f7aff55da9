"""A store's event night from first to last, in a real browser, using only the site (no admin).

A site administrator makes the organizer and the judge on the People page; the organizer
creates the event and appoints the judge by name; five players register and submit their
fleets themselves, two walk-ins are registered by name with the fleets they brought; round 1
is paired (a bye), its results typed in at the desk from the slips; a late entry joins and
plays from round 2; two players report different results, the judge sees both claims in full
and settles it; a player follows the pairings on a phone; and the printouts are checked as
pictures of the event's paper.
"""

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from reportlab.lib.pagesizes import A4

from accounts.permissions import is_judge, is_organizer
from tests.accounts.factories import PlayerFactory, UserFactory
from tests.e2e.conftest import log_in, overflows_sideways, screenshot
from tests.e2e.test_accessibility import serious_violations
from tests.pdf_layout import assert_printed_on, overlapping_words
from tests.tournaments.factories import fleet_for, legal_fleet_content, small_catalog
from tournaments.models import Event, EventStatus, Match, MatchSide, MatchStatus

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ("kira", "dax", "worf", "bashir", "obrien")


def grant_on_the_people_page(page, username: str, role: str) -> None:
    page.get_by_role("link", name="People").click()
    page.get_by_label("Find people").fill(username)
    page.get_by_role("button", name="Find").click()
    page.get_by_role("button", name=f"Make {username} {role}").click()
    expect(
        page.get_by_text(f"{username} is now an {role}." if role[0] in "AEIOU" else f"{username} is now a {role}.")
    ).to_be_visible()


def add_walk_in(page, name: str, email: str = "") -> None:
    page.get_by_label("…or a walk-in's name").fill(name)
    page.get_by_label("Walk-in's e-mail (optional)").fill(email)
    page.get_by_role("button", name="Add player").click()
    expect(page.get_by_text(f"{name} is registered.")).to_be_visible()


def enter_walk_in_fleet(page, name: str, fleet_file: str) -> None:
    page.get_by_role("link", name=f"Enter the fleet of {name}").click()
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(fleet_file)
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text(f"Submitted: {name}'s fleet.")).to_be_visible()
    page.get_by_role("link", name="Back to the event").click()


def submit_home_fleet(page) -> None:
    """From the event page, as a registered player: submit the fleet they built beforehand."""
    page.get_by_role("link", name="Submit fleet").click()
    page.get_by_label("Fleet").select_option(label="Home Fleet")
    page.get_by_role("button", name="Submit fleet").click()
    expect(page.get_by_text("Your fleet is submitted.")).to_be_visible()


def tables(event: Event, number: int) -> list[Match]:
    return list(Match.objects.filter(round__event=event, round__number=number, table__isnull=False).order_by("table"))


def names_at(match: Match) -> list[str]:
    return [side.registration.name for side in match.sides.order_by("seat").select_related("registration__player")]


def enter_at_the_desk(page, match: Match) -> None:
    """The organizer types in a slip: seat 1 won and destroyed the opponent's first ship."""
    winner = names_at(match)[0]
    entry = page.locator(f"#entry-{match.table}")
    entry.locator("summary").click()
    entry.get_by_label(f"{winner} won").check()
    entry.locator(f"input[name='table-{match.table}-lost_2'][value='s0']").check()
    expect(page.locator(f"#points-{match.table}")).to_contain_text(f"Fleet points: {winner} 60")
    entry.get_by_role("button", name=f"Save table {match.table}").click()
    expect(page.get_by_text(f"Table {match.table}: result saved.")).to_be_visible()


def report_on_the_match_page(page, event: Event, match: Match, player, winner: str) -> None:
    log_in(page, player)
    page.goto(f"/events/{event.pk}/matches/{match.pk}/")
    page.get_by_label(f"{winner} won").check()
    page.get_by_role("button", name="Report result").click()


def printout(page, path: str) -> bytes:
    response = page.request.get(path)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    return response.body()


@pytest.mark.slow(reason="eight players' evening through the site, rounds, reports and a phone")
def test_an_eight_player_event_night_runs_through_the_site(page, browser, live_server):
    admin = UserFactory(username="admiral", is_superuser=True, is_staff=True)
    quark, odo = PlayerFactory(username="quark"), PlayerFactory(username="odo")
    players = [PlayerFactory(username=name) for name in PLAYERS]
    nog = PlayerFactory(username="nog")
    catalog = small_catalog()
    for player in [*players, nog]:
        fleet_for(player, legal_fleet_content(catalog))
    brought = json.dumps(legal_fleet_content(catalog))  # the fleet file the walk-ins hand over

    # Roles, on the People page.
    log_in(page, admin)
    grant_on_the_people_page(page, "quark", "Organizer")
    grant_on_the_people_page(page, "odo", "Judge")
    assert is_organizer(type(quark).objects.get(pk=quark.pk)) and is_judge(type(odo).objects.get(pk=odo.pk))

    # The organizer creates the event and appoints the judge by name.
    log_in(page, quark)
    page.goto("/events/new/")
    page.get_by_label("Name").fill("Promenade Thursday")
    page.get_by_label("Game and format").select_option("attack-wing:wizkids-2016")
    page.get_by_label("Date").fill((timezone.localdate() + timedelta(days=1)).isoformat())
    page.get_by_label("Number of Swiss rounds").fill("2")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Promenade Thursday")).to_be_visible()
    event = Event.objects.get(name="Promenade Thursday")
    page.get_by_label("Appoint a judge (account name)").fill("odo")
    page.get_by_role("button", name="Appoint judge").click()
    expect(page.get_by_text("odo is a judge of this event.")).to_be_visible()

    # Five players register and submit their fleets themselves.
    for player in players:
        log_in(page, player)
        page.goto(f"/events/{event.pk}/")
        page.get_by_role("button", name="Register").click()
        submit_home_fleet(page)

    # Two walk-ins, registered by name with the fleets they brought; everyone checked in; start.
    log_in(page, quark)
    page.goto(f"/events/{event.pk}/")
    add_walk_in(page, "Morn", "morn@quarks.example")
    add_walk_in(page, "Leeta")
    enter_walk_in_fleet(page, "Morn", brought)
    enter_walk_in_fleet(page, "Leeta", brought)
    page.get_by_role("button", name="Check in everyone").click()
    expect(page.get_by_text("7 players checked in.")).to_be_visible()
    page.get_by_role("link", name="Start event").click()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.get_by_text("3 results still missing")).to_be_visible()

    # The round's printouts, as pictures of the event's paper with no word over another.
    for kind in ("pairings-by-table", "pairings-by-name", "match-slips"):
        pdf = printout(page, f"/events/{event.pk}/rounds/1/{kind}.pdf")
        assert_printed_on(pdf, A4)
        assert overlapping_words(pdf) == []

    # Round 1's results, typed in at the desk from the slips, in any order.
    for match in reversed(tables(event, 1)):
        enter_at_the_desk(page, match)
    expect(page.locator("#round-state")).to_contain_text("Every result of this round is in.")

    # A late entry: added at the desk (checked in), submits a fleet, plays from round 2.
    page.get_by_role("link", name="Overview").click()
    page.get_by_label("Username").fill("nog")
    page.get_by_role("button", name="Add late entry").click()
    expect(page.get_by_text("nog is a late entry, checked in")).to_be_visible()
    log_in(page, nog)
    page.goto(f"/events/{event.pk}/")
    submit_home_fleet(page)
    log_in(page, quark)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    expect(page.locator("table.pairings")).to_contain_text("nog")
    round_2 = tables(event, 2)
    assert len(round_2) == 4 and not Match.objects.filter(round__number=2, table__isnull=True).exists()

    # A player follows the pairings on a phone: their own table on top.
    disputed = next(m for m in round_2 if all(n in PLAYERS or n == "nog" for n in names_at(m)))
    one, two = (side.registration.player for side in disputed.sides.order_by("seat"))
    phone = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True)
    on_phone = phone.new_page()
    log_in(on_phone, one)
    on_phone.goto(f"/events/{event.pk}/rounds/2/live/")
    expect(on_phone.locator("#live-mine")).to_contain_text(f"table {disputed.table}")
    expect(on_phone.locator("#live-mine")).to_contain_text(two.username)
    expect(on_phone.locator("#live-tables li")).to_have_count(4)
    assert not overflows_sideways(on_phone)
    assert serious_violations(on_phone) == []
    screenshot(on_phone, "event-night-live-on-a-phone")
    phone.close()

    # The two players at that table report different results.
    report_on_the_match_page(page, event, disputed, one, one.username)
    expect(page.get_by_text("Awaiting confirmation")).to_be_visible()
    report_on_the_match_page(page, event, disputed, two, two.username)
    expect(page.get_by_text("The players' reports differ")).to_be_visible()

    # The organizer types in the other tables; the disputed one stays marked for the judge.
    log_in(page, quark)
    page.goto(f"/events/{event.pk}/rounds/2/")
    expect(page.locator(f"#entry-{disputed.table}")).to_contain_text("Disputed")
    for match in round_2:
        if match != disputed:
            enter_at_the_desk(page, match)
    expect(page.locator("#round-state")).to_contain_text("1 table in conflict")

    # The judge sees both claims in full and settles it.
    log_in(page, odo)
    page.goto(f"/events/{event.pk}/matches/{disputed.pk}/")
    expect(page.locator("#report-1")).to_contain_text(f"{one.username} won")
    expect(page.locator("#report-2")).to_contain_text(f"{two.username} won")
    expect(page.locator("#report-1 .claim-details")).to_contain_text("Fleet points")
    expect(page.get_by_role("heading", name="Resolve the result")).to_be_visible()
    page.get_by_label(f"{one.username} won").check()
    page.get_by_role("button", name="Save result").click()
    disputed.refresh_from_db()
    assert disputed.status == MatchStatus.CONFIRMED
    assert disputed.changes.filter(action="resolved", changed_by=odo).exists()

    # The organizer finishes the event; the final standings name everyone, walk-ins included.
    log_in(page, quark)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("link", name="Finish the event").click()
    page.get_by_role("button", name="Finish the event").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    standings = page.locator("table tbody")
    for name in (*PLAYERS, "nog", "Morn", "Leeta"):
        expect(standings).to_contain_text(name)
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED
    assert MatchSide.objects.filter(match__round__event=event, registration__player=nog).count() == 1
    pdf = printout(page, f"/events/{event.pk}/standings.pdf")
    assert_printed_on(pdf, A4)
    assert overlapping_words(pdf) == []
