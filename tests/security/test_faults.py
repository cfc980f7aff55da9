"""Faults: a database error half-way through a request writes nothing and shows the friendly
error page. (A long card import not stopping the site from serving pages is
``tests/security/test_concurrency.py::test_pages_are_served_while_a_card_import_holds_its_transaction_open``.)"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import DatabaseError
from django.test import Client
from django.urls import reverse

import fleets.services
import tournaments.services.registrations
import tournaments.services.results
import tournaments.services.rounds
from fleets.forms import ImportConfirmForm
from tests.permissions.harness import database_state
from tests.security.world import World, world_in_transaction
from tournaments.services import registration_add

FRIENDLY = "Something went wrong on our side"


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


def signed_in(world: World, role: str) -> Client:
    client = Client(raise_request_exception=False)  # what a visitor sees, not the test's traceback
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


def fail_after_writing(monkeypatch, owner, name: str) -> None:
    """``owner.name`` does its work, then the database fails: the step after a write, mid-transaction."""
    original = getattr(owner, name)

    def fails(*args, **kwargs):
        original(*args, **kwargs)
        raise DatabaseError("the database went away")

    monkeypatch.setattr(owner, name, fails)


def report_a_result(world: World) -> tuple[str, str, dict]:
    return "player", reverse("tournaments:match", args=[world.event.pk, world.match.pk]), {"winner": "1"}


def submit_a_fleet(world: World) -> tuple[str, str, dict]:
    registration_add(event=world.other_event, player=world.users["player"])
    return "player", reverse("tournaments:submit_fleet", args=[world.other_event.pk]), {"fleet": world.spare_fleet.pk}


def import_a_fleet(world: World) -> tuple[str, str, dict]:
    """The confirm step of the import page (its preview writes nothing)."""
    data = json.dumps(world.spare_fleet.current_version.content).encode()
    return (
        "player",
        reverse("fleets:import"),
        {"confirm": "1", "source": ImportConfirmForm.sign(data=data, fmt="", squad=0)},
    )


def pair_again(world: World) -> tuple[str, str, dict]:
    return "organizer", reverse("tournaments:repair", args=[world.event.pk, 1]), {}


# What fails after writing, and the request (role, URL, form; set up in the world first) that gets there.
FAULTS = {
    "a reported result": ((tournaments.services.results, "record_change"), report_a_result),
    "a submitted fleet": ((tournaments.services.registrations, "record_submission"), submit_a_fleet),
    "an imported fleet": ((fleets.services, "_append_version"), import_a_fleet),
    "a re-paired round": ((tournaments.services.rounds, "pair_into"), pair_again),
}


@pytest.mark.django_db
@pytest.mark.parametrize("fault", FAULTS)
def test_a_database_error_half_way_writes_nothing_and_shows_the_friendly_page(world, monkeypatch, fault):
    (owner, name), request = FAULTS[fault]
    role, url, form = request(world)
    before = database_state()
    fail_after_writing(monkeypatch, owner, name)
    response = signed_in(world, role).post(url, form)
    assert response.status_code == 500
    assert FRIENDLY in response.text
    assert "Traceback" not in response.text and "DatabaseError" not in response.text
    assert database_state() == before


@pytest.mark.django_db
def test_without_the_fault_the_same_request_writes(world):
    """The requests above do write when nothing fails, so "nothing was written" means something."""
    role, url, form = report_a_result(world)
    before = database_state()
    assert signed_in(world, role).post(url, form).status_code == 302
    assert database_state() != before
