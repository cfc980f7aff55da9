"""axe-core on every kind of page, at desktop and phone width: no serious or critical violation.

The pages are those of ``make run``'s demo data (every game), seen by the demo organizer,
who sees the most controls, and by an anonymous visitor for the public pages.
"""

from io import StringIO

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from fleets.models import Deck, Fleet
from games.starship_command.models import Campaign
from tests.accounts.factories import PASSWORD
from tests.e2e.conftest import data_migrations, log_in
from tournaments.models import Event, Match, Registration

pytestmark = pytest.mark.django_db(transaction=True)

SERIOUS = {"serious", "critical"}


@pytest.fixture
def demo(utopia_path):
    data_migrations()  # an earlier browser test may have emptied what the migrations load
    call_command("seed_demo", "--cards", str(utopia_path), stdout=StringIO())
    organizer = User.objects.get(username="organizer")
    organizer.set_password(PASSWORD)
    organizer.save()
    return organizer


def page_types(organizer) -> dict[str, str]:
    finished = Event.objects.filter(status="finished").first()
    match = Match.objects.filter(round__event=finished, table__isnull=False).first()
    fleet = Fleet.objects.exclude(versions=None).first()
    submitted = Registration.objects.exclude(fleet_version=None).select_related("fleet_version").first().fleet_version
    deck = Deck.objects.filter(owner__username="player").first() or Deck.objects.first()
    return {
        "home": "/",
        "event list": reverse("tournaments:list"),
        "event": reverse("tournaments:event", args=[finished.pk]),
        "round": reverse("tournaments:round", args=[finished.pk, 1]),
        "match": reverse("tournaments:match", args=[finished.pk, match.pk]),
        "standings": reverse("tournaments:standings", args=[finished.pk]),
        "event lists": reverse("tournaments:fleets", args=[finished.pk]),
        "history": reverse("tournaments:history", args=[finished.pk]),
        "new event": reverse("tournaments:create"),
        "fleet": reverse("fleets:detail", args=[fleet.pk]),
        "fleet history": reverse("fleets:history", args=[fleet.pk]),
        "verify a sheet": reverse("fleets:verify", args=[submitted.pk, submitted.code]),
        "verify by code": reverse("fleets:verify_code"),
        "my fleets": reverse("fleets:list"),
        "decks": reverse("fleets:decks:list"),
        "deck builder": reverse("fleets:decks:builder", args=[deck.pk]) if deck.owner == organizer else "",
        "campaigns": reverse("tournaments:campaigns:list"),
        "campaign": reverse("tournaments:campaigns:detail", args=[Campaign.objects.first().pk]),
    }


def serious_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s)"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_no_page_type_has_a_serious_accessibility_violation(page, demo, width):
    page.set_viewport_size({"width": width, "height": 900})
    found = {}
    page.goto("/accounts/login/")
    if problems := serious_violations(page):
        found["log in"] = problems
    log_in(page, demo)
    for name, url in page_types(demo).items():
        if not url:
            continue
        page.goto(url)
        page.wait_for_load_state()
        if problems := serious_violations(page):
            found[name] = problems
    assert found == {}


def test_the_check_finds_a_serious_violation_when_there_is_one(page, live_server):
    """The check above can fail: an image without a text alternative is a critical violation."""
    page.goto("/")
    page.set_content('<html lang="en"><body><main><img src="/static/favicon.ico"></main></body></html>')
    assert any(problem.startswith("image-alt (critical)") for problem in serious_violations(page))
