"""axe-core on every kind of page, at desktop and phone width: no serious or critical violation.

The pages are those of ``make run``'s demo data (every game), seen by the demo organizer,
who sees the most controls (its Attack Wing event is started so the round desk shows the result
forms with each fleet's ships and cards), by an anonymous visitor for log-in and sign-up, by the
demo player for the deck pages and by a superuser for the People page. A page that refuses
the visitor fails the test rather than being checked as an error page.
"""

from io import StringIO

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from fleets.models import Deck, Fleet
from fleets.services import fleet_share_version
from games.starship_command.models import Campaign
from tests.accounts.factories import PASSWORD
from tests.e2e.conftest import log_in
from tests.snapshots import restore_world
from tournaments.models import Event, Match, Registration
from tournaments.services import event_start, registration_check_in, round_pair_next

pytestmark = pytest.mark.django_db(transaction=True)

SERIOUS = {"serious", "critical"}


@pytest.fixture
def demo(utopia_path):
    restore_world(
        "demo, cards from the shipped file",
        lambda: call_command("seed_demo", "--cards", str(utopia_path), stdout=StringIO()),
    )
    organizer = User.objects.get(username="organizer")
    organizer.set_password(PASSWORD)
    organizer.save()
    return organizer


def page_types(organizer) -> dict[str, str]:
    """One page of each kind, the round desk and the event form included (a running event's latest
    round shows the staff's result forms)."""
    finished = Event.objects.filter(status="finished").first()
    running = Event.objects.filter(status="running").first()
    fleets_event = started_attack_wing_event(organizer)
    open_event = Event.objects.filter(organizer=organizer).exclude(status="finished").first()
    match = Match.objects.filter(round__event=finished, table__isnull=False).first()
    fleet = Fleet.objects.exclude(versions=None).first()
    version = fleet.current_version
    submitted = fleets_event.registrations.first()
    deck_entry = Registration.objects.filter(decks__isnull=False).first()
    return {
        "home": "/",
        "event list": reverse("tournaments:list"),
        "event": reverse("tournaments:event", args=[finished.pk]),
        "round": reverse("tournaments:round", args=[finished.pk, 1]),
        "round desk": reverse("tournaments:round", args=[running.pk, running.rounds.count()]),
        "round desk with fleets": reverse("tournaments:round", args=[fleets_event.pk, 1]),
        "live pairings": reverse("tournaments:live", args=[finished.pk, 1]),
        "projector": reverse("tournaments:projector", args=[finished.pk, 1]),
        "round timer": reverse("tournaments:timer", args=[finished.pk, 1]),
        "match": reverse("tournaments:match", args=[finished.pk, match.pk]),
        "standings": reverse("tournaments:standings", args=[finished.pk]),
        "event lists": reverse("tournaments:fleets", args=[finished.pk]),
        "event fleet": reverse("tournaments:fleet", args=[fleets_event.pk, submitted.pk]),
        "event decks": reverse("tournaments:decks", args=[deck_entry.event_id, deck_entry.pk]),
        "history": reverse("tournaments:history", args=[finished.pk]),
        "new event": reverse("tournaments:create"),
        "printouts settings": reverse("printouts"),
        "edit event": reverse("tournaments:edit", args=[open_event.pk]),
        "fleet": reverse("fleets:detail", args=[fleet.pk]),
        "fleet history": reverse("fleets:history", args=[fleet.pk]),
        "verify a sheet": reverse("fleets:verify", args=[submitted.fleet_version_id, submitted.fleet_version.code]),
        "verify by code": reverse("fleets:verify_code"),
        "my fleets": reverse("fleets:list"),
        "verify": reverse("fleets:verify", args=[version.pk, version.code]),
        "shared fleet": reverse("fleets:shared", args=[fleet_share_version(version=version).token]),
        "check": reverse("check"),
        "campaigns": reverse("tournaments:campaigns:list"),
        "campaign": reverse("tournaments:campaigns:detail", args=[Campaign.objects.first().pk]),
    }


def started_attack_wing_event(organizer) -> Event:
    """The demo's Attack Wing event, its players checked in and round 1 paired: the desk's result
    forms with their fleets' ships and cards."""
    event = Event.objects.get(organizer=organizer, game="attack-wing", status="registration")
    for registration in event.registrations.all():
        registration_check_in(registration=registration)
    event_start(event=event)
    round_pair_next(event=event, by=organizer)
    return event


# Every running animation or transition jumps to its end; one that never ends (a spinner) is left alone.
FINISH_TRANSITIONS = """
document.getAnimations().forEach((animation) => {
  if (animation.effect && animation.effect.getComputedTiming().endTime !== Infinity) animation.finish();
});
"""


def serious_violations(page) -> list[str]:
    """Each serious or critical violation with the elements it was found on (their CSS selectors), on the page at
    rest: a transition still running (a button just clicked fading into its hover colour) is finished first, so
    axe never measures a colour halfway."""
    page.evaluate(FINISH_TRANSITIONS)
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[node['target'] for node in v['nodes']]}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


def check_pages(page, pages: dict[str, str], found: dict) -> None:
    """Open each page (it must answer, not refuse) and note its serious violations in ``found``."""
    for name, url in pages.items():
        response = page.goto(url)
        assert response.ok, f"{name} ({url}) answered {response.status}"
        page.wait_for_load_state()
        if problems := serious_violations(page):
            found[name] = problems


def log_in_as(page, user):
    page.context.clear_cookies()
    user.set_password(PASSWORD)
    user.save()
    log_in(page, user)


@pytest.mark.slow(reason="axe checks one page of every kind, the desk and the forms among them")
@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_no_page_type_has_a_serious_accessibility_violation(page, demo, width):
    page.set_viewport_size({"width": width, "height": 900})
    found = {}
    check_pages(page, {"log in": reverse("login"), "sign up": reverse("sign_up")}, found)
    log_in(page, demo)
    check_pages(page, page_types(demo), found)
    player = User.objects.get(username="player")  # the deck pages are the Player role's
    log_in_as(page, player)
    deck = Deck.objects.filter(owner=player).first()
    check_pages(
        page,
        {"decks": reverse("fleets:decks:list"), "deck builder": reverse("fleets:decks:builder", args=[deck.pk])},
        found,
    )
    demo.is_superuser = True  # the People page is the superuser's
    log_in_as(page, demo)
    check_pages(page, {"people": reverse("people")}, found)
    assert found == {}


def test_the_check_finds_a_serious_violation_when_there_is_one(page, live_server):
    """The check above can fail: an image without a text alternative is a critical violation."""
    page.goto("/")
    page.set_content('<html lang="en"><body><main><img src="/static/favicon.ico"></main></body></html>')
    assert any(problem.startswith("image-alt (critical)") for problem in serious_violations(page))
