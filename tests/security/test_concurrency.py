"""Two people acting at the same moment, on the real database with real threads.

Each test makes the two calls overlap for certain (see :mod:`tests.security.concurrency`):
the first is stopped in the middle of its transaction, the second starts, and
the first goes on once the second waits for the first one's row lock. Two
organizers pairing the same round at once is
``tests/tournaments/test_round_services.py::test_two_organizers_pairing_at_once_make_one_round``.
The last test holds a card import's transaction open and reads pages meanwhile.

PostgreSQL only: SQLite has no row locks (a writer takes the whole database),
and the in-memory SQLite test database cannot be shared between threads.
"""

from __future__ import annotations

import json
import threading

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse

import fleets.services
import tournaments.services.results
from fleets.catalog_import import import_catalog
from fleets.models import Card
from fleets.services import fleet_update
from games.attack_wing.results import MatchResult
from tests.fleets.factories import utopia_document
from tests.security.concurrency import DEADLINE, Hold, Run, race
from tests.security.world import World, build_world
from tests.tournaments.factories import illegal_fleet_content, legal_fleet_content
from tournaments.errors import FleetRefused
from tournaments.models import MatchStatus, Registration, ResultChange, ResultReport
from tournaments.services import registration_add, registration_submit_fleet, result_report

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite has no row locks and its in-memory test database is not shared by threads",
    ),
]


@pytest.fixture
def world():
    return build_world()


def seats(world) -> dict[int, object]:
    return {side.seat: side.registration.player for side in world.match.sides.select_related("registration__player")}


@pytest.mark.parametrize(
    ("winners", "status"),
    [((1, 2), MatchStatus.DISPUTED), ((1, 1), MatchStatus.CONFIRMED)],
    ids=["different results are a conflict", "the same result is confirmed"],
)
def test_two_players_reporting_at_once_lose_nothing(world, monkeypatch, winners, status):
    """The match row is locked while a report is written: the second report sees the first one."""
    players = seats(world)
    hold = Hold(monkeypatch, tournaments.services.results, "record_change")
    outcome = race(
        lambda: result_report(match=world.match, by=players[1], result=MatchResult(winners[0])),
        lambda: result_report(match=world.match, by=players[2], result=MatchResult(winners[1])),
        hold,
    )
    outcome.first.value(), outcome.second.value()
    assert outcome.second_waited
    world.match.refresh_from_db()
    assert world.match.status == status
    reports = {report.seat: report.result["winner"] for report in ResultReport.objects.filter(match=world.match)}
    assert reports == {1: winners[0], 2: winners[1]}
    assert ResultChange.objects.filter(match=world.match).count() == 2


@pytest.fixture
def entry(world):
    """``player`` registered in the event still taking registrations, with an unlocked legal fleet."""
    registration = registration_add(event=world.other_event, player=world.users["player"])
    return registration, world.spare_fleet


def test_an_edit_made_while_the_fleet_is_submitted_waits_and_the_checked_version_is_kept(world, entry, monkeypatch):
    registration, fleet = entry
    checked = fleet.current_version
    hold = Hold(monkeypatch, fleets.services, "validate_fleet")  # the submission's check, fleet row locked
    outcome = race(
        lambda: registration_submit_fleet(registration=registration, fleet=fleet),
        lambda: fleet_update(fleet=fleet, content=illegal_fleet_content(world.catalog), by=fleet.owner),
        hold,
    )
    outcome.first.value(), outcome.second.value()
    assert outcome.second_waited
    registration.refresh_from_db()
    assert registration.fleet_version == checked and checked.legal
    assert fleet.current_version.number == checked.number + 1 and not fleet.current_version.legal


def test_a_submission_made_while_the_fleet_is_edited_checks_the_edited_list(world, entry, monkeypatch):
    registration, fleet = entry
    hold = Hold(monkeypatch, fleets.services, "validate_fleet")  # the edit's check, fleet row locked
    outcome = race(
        lambda: fleet_update(fleet=fleet, content=illegal_fleet_content(world.catalog), by=fleet.owner),
        lambda: registration_submit_fleet(registration=registration, fleet=fleet),
        hold,
    )
    outcome.first.value()
    assert outcome.second_waited
    assert isinstance(outcome.second.error, FleetRefused)
    assert Registration.objects.get(pk=registration.pk).fleet_version is None


def test_a_legal_edit_made_during_a_submission_is_not_what_was_submitted(world, entry, monkeypatch):
    """The submitted version is the one the engine checked, whichever saved first."""
    registration, fleet = entry
    checked = fleet.current_version
    content = legal_fleet_content(world.catalog)
    content["ships"][0]["upgrades"] = []  # still legal, another list
    hold = Hold(monkeypatch, fleets.services, "validate_fleet")
    outcome = race(
        lambda: registration_submit_fleet(registration=registration, fleet=fleet),
        lambda: fleet_update(fleet=fleet, content=content, by=fleet.owner),
        hold,
    )
    outcome.first.value(), outcome.second.value()
    assert outcome.second_waited
    registration.refresh_from_db()
    assert registration.fleet_version == checked
    assert fleet.current_version != checked and fleet.current_version.legal


# --- Reading while a card import runs -------------------------------------------------------------


def test_pages_are_served_while_a_card_import_holds_its_transaction_open(world):
    """Readers never wait for the import: they see the catalog as it was until it commits."""
    reached, release = threading.Event(), threading.Event()

    def progress(done: int, total: int) -> None:
        """Called inside the import's transaction after each batch: the first call holds it open."""
        if not reached.is_set():
            reached.set()
            release.wait(DEADLINE)

    document = json.dumps(utopia_document()).encode()
    importer, reader = Run(lambda: import_catalog(data=document, progress=progress)), Run(lambda: read_pages(world))
    threading.Thread(target=importer).start()
    try:
        assert reached.wait(DEADLINE), "the import never started writing"
        threading.Thread(target=reader).start()
        assert reader.done.wait(DEADLINE), "reading a page waited for the card import"
    finally:
        release.set()
        assert importer.done.wait(DEADLINE)
    importer.value()
    answers = reader.value()
    assert {page: status for page, (status, _) in answers.items()} == dict.fromkeys(PAGES, 200)
    assert "Enterprise-D" not in answers["card search"][1]  # the import was not committed yet
    assert Card.objects.filter(source_id="S001").exists()  # and it was, once let go


PAGES = ("home", "events", "event", "fleet builder", "card search", "fleet check")


def read_pages(world: World) -> dict[str, tuple[int, str]]:
    """Each page of ``PAGES`` as ``player`` reads it: its status and body."""
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions["player"]
    fleet_file = json.dumps(world.fleet.current_version.content)
    requests = {
        "home": lambda: client.get("/"),
        "events": lambda: client.get(reverse("tournaments:list")),
        "event": lambda: client.get(reverse("tournaments:event", args=[world.event.pk])),
        "fleet builder": lambda: client.get(reverse("fleets:detail", args=[world.fleet.pk])),
        "card search": lambda: client.get("/api/cards?q=Enterprise"),
        "fleet check": lambda: client.post("/api/staw/validate", fleet_file, content_type="application/json"),
    }
    answers = {}
    for page in PAGES:
        response = requests[page]()
        answers[page] = (response.status_code, response.content.decode())
    return answers
