"""Hostile and malformed input: whatever arrives, the site answers with a refusal, never a crash.

Hypothesis sends fleet files (to the import service, the import page and the
API), list files (to ``check_fleet``, ``check_deck`` and ``check_list``), bodies
to the public check ``POST /api/staw/validate``, and junk to every form view of
the permission matrix as a user allowed to use it. Each must answer without a
server error or a traceback, and a refusal must leave the database as it was.
Every example runs in a savepoint rolled back afterwards, so examples never see
each other's writes.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib import messages
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import transaction
from django.forms import BaseForm
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fleets.models import Fleet
from fleets.services import FleetError, fleet_import
from tests.permissions.harness import Row, allowed_role, client_for, database_state, row_url
from tests.permissions.matrix import MATRIX
from tests.security.hostile import DECK_KEYS, FLEET_KEYS, as_bytes, fleet_files, form_posts, json_values
from tests.security.world import World, world_in_transaction

pytestmark = pytest.mark.django_db

# A savepoint per example keeps examples apart, so a function-scoped fixture (the test's own
# transaction) is safe to share; the budget keeps the whole file to a few seconds.
examples = settings(
    max_examples=12,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
few_examples = settings(examples, max_examples=4)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


def card_ids(world: World) -> list[str]:
    return [card_id for ids in world.catalog.values() for card_id in ids]


@contextmanager
def rolled_back() -> Iterator[None]:
    """A savepoint whose writes are undone when it closes."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def assert_clean_answer(response) -> None:
    assert response.status_code < 500, response.status_code
    assert b"Traceback" not in response.content
    assert b'File "/' not in response.content


# --- Fleet files ----------------------------------------------------------------------------------


def test_the_fleet_import_service_refuses_what_it_cannot_read(world):
    owner = world.users["player"]

    @examples
    @given(data=as_bytes(fleet_files(card_ids(world))))
    def check(data):
        with rolled_back():
            fleets = Fleet.objects.count()
            try:
                fleet_import(owner=owner, data=data)
            except FleetError as refused:
                assert refused.message
                assert Fleet.objects.count() == fleets

    check()


def test_the_import_page_refuses_what_it_cannot_read(world):
    before = database_state()  # every example is rolled back, so each starts from this state

    @examples
    @given(data=as_bytes(fleet_files(card_ids(world))), upload=st.booleans())
    def check(data, upload):
        client, _ = client_for(world, "player", Row("fleets:import", "POST", dict, ()))
        post = {"file": SimpleUploadedFile("fleet.json", data)} if upload else {"text": data.decode(errors="replace")}
        with rolled_back():
            response = client.post(reverse("fleets:import"), post)
            assert_clean_answer(response)
            if response.status_code != 302:
                assert database_state() == before

    check()


def test_the_api_import_refuses_what_it_cannot_read(world):
    @examples
    @given(data=as_bytes(fleet_files(card_ids(world))))
    def check(data):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {world.tokens['player']}"}
        with rolled_back():
            fleets = Fleet.objects.count()
            response = Client().post("/api/fleets/import", data, content_type="application/json", **headers)
            assert_clean_answer(response)
            assert response.status_code in (201, 400)
            if response.status_code == 400:
                assert response.json()["detail"] and Fleet.objects.count() == fleets

    check()


def test_the_public_check_refuses_what_it_cannot_read(world):
    @examples
    @given(data=as_bytes(fleet_files(card_ids(world))), fmt=st.one_of(st.none(), st.text(max_size=20)))
    def check(data, fmt):
        cache.clear()
        url = "/api/staw/validate" + ("" if fmt is None else "?" + f"format={fmt}&on={fmt}")
        response = Client().post(url, data, content_type="application/json")
        assert_clean_answer(response)
        assert response.status_code in (200, 400, 422)

    check()


# --- The list-check commands ----------------------------------------------------------------------


def run_command(name: str, path: Path, *args: str) -> int:
    """The command's exit status; anything but 0, 1 (illegal) or 2 (bad input) is a crash."""
    try:
        call_command(name, str(path), *args, stdout=StringIO(), stderr=StringIO())
    except SystemExit as exit_:
        return exit_.code
    except CommandError as error:
        return error.returncode
    return 0


@pytest.mark.parametrize(
    ("command", "args", "keys"),
    [
        ("check_fleet", (), FLEET_KEYS),
        ("check_deck", (), DECK_KEYS),
        ("check_list", ("--game", "starship-command"), DECK_KEYS),
        ("check_list", ("--game", "spearpoint"), DECK_KEYS),
    ],
    ids=["check_fleet", "check_deck", "check_list starship-command", "check_list spearpoint"],
)
def test_the_check_commands_answer_0_1_or_2(world, command, args, keys):
    documents = fleet_files(card_ids(world)) if command == "check_fleet" else json_values(keys)

    @examples
    @given(data=as_bytes(documents))
    def check(data):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "list.json"
            path.write_bytes(data)
            assert run_command(command, path, *args) in (0, 1, 2)

    check()


# --- Every form of the site -----------------------------------------------------------------------

FORM_ROWS = [row for row in MATRIX if row.unsafe]


def refused(response) -> bool:
    """Whether the answer says no: an error status, an error message, or a form shown back with errors."""
    if response.status_code >= 400:
        return True
    queued = getattr(getattr(response.wsgi_request, "_messages", None), "_queued_messages", [])
    if any(message.level >= messages.ERROR for message in queued):
        return True
    contexts = response.context if isinstance(response.context, list) else [response.context]
    values = [value for context in contexts if context is not None for value in context.flatten().values()]
    return any(isinstance(value, BaseForm) and value.errors for value in values) or any(
        context is not None and context.get(key) for context in contexts for key in ("error", "refusal", "errors")
    )


@pytest.mark.parametrize("row", FORM_ROWS, ids=[f"{row.name} {row.method}" for row in FORM_ROWS])
def test_every_form_survives_junk(world, row):
    role = allowed_role(row)
    url = row_url(world, row)
    before = database_state()  # every example is rolled back, so each starts from this state

    @few_examples
    @given(post=form_posts, upload=st.one_of(st.none(), st.binary(max_size=300)), htmx=st.booleans())
    def check(post, upload, htmx):
        cache.clear()
        client, headers = client_for(world, role, row)
        if htmx:
            headers["HTTP_HX_REQUEST"] = "true"
        with rolled_back():
            if row.name.startswith("api:"):
                send = getattr(client, row.method.lower())
                response = send(url, post, content_type="application/json", **headers)
            else:
                if upload is not None:
                    post = {**post, "file": SimpleUploadedFile("list.json", upload)}
                response = client.post(url, post, **headers)
            assert_clean_answer(response)
            if refused(response):
                assert database_state() == before

    check()


def test_a_refusal_is_told_apart_from_a_success(world):
    """The check above can fail: an empty form is a refusal, a good one is not."""
    row = next(row for row in MATRIX if row.name == "fleets:create" and row.method == "POST")
    client, _ = client_for(world, "player", row)
    with rolled_back():
        assert refused(client.post(row_url(world, row), {"name": ""}))
        good = {"name": "Valid", "faction": "federation", "format_key": "wizkids-2016"}
        assert not refused(client.post(row_url(world, row), good))


# --- Size limits ------------------------------------------------------------------------------------

TWO_MIB = 2 * 1024 * 1024


def test_the_body_limit_is_one_mebibyte():
    assert django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 1024 * 1024


@pytest.mark.parametrize(
    ("role", "url", "expected"),
    [
        ("anonymous", "/accounts/sign-up/", 400),
        ("player", "/fleets/import/", 400),
        ("player", "/fleets/new/", 400),
        ("anonymous", "/api/staw/validate", 413),
        ("player", "/api/fleets/import", 413),
        ("player", "/api/fleets", 413),
    ],
)
def test_a_body_over_the_limit_is_refused_cleanly(world, role, url, expected):
    client = Client(raise_request_exception=False)
    headers = {}
    if role != "anonymous":
        if url.startswith("/api/"):
            headers["HTTP_AUTHORIZATION"] = f"Bearer {world.tokens[role]}"
        else:
            client.cookies[django_settings.SESSION_COOKIE_NAME] = world.sessions[role]
    before = database_state()
    if url.startswith("/api/"):
        body = json.dumps({"name": "x", "ships": [{"ship": "S"}] * (TWO_MIB // 12)})
        response = client.post(url, body, content_type="application/json", **headers)
        assert "larger than" in response.json()["detail"]
    else:
        response = client.post(url, {"name": "x", "text": "x" * TWO_MIB}, **headers)
    assert response.status_code == expected
    assert_clean_answer(response)
    assert database_state() == before


def test_too_many_form_fields_are_refused_cleanly(world):
    client = Client(raise_request_exception=False)
    client.cookies[django_settings.SESSION_COOKIE_NAME] = world.sessions["player"]
    response = client.post(
        "/fleets/new/", {f"field{n}": "x" for n in range(django_settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    )
    assert response.status_code == 400
    assert_clean_answer(response)


@pytest.mark.parametrize(
    ("url", "form", "limit_kib"),
    [
        ("/fleets/import/", {}, 256),
        ("/fleets/decks/import/", {"game": "wing-commander"}, 256),
    ],
)
def test_an_uploaded_file_over_its_limit_is_refused_and_nothing_is_kept(world, url, form, limit_kib):
    """Files do not count towards the body limit; each form caps its own upload."""
    client = Client()
    client.cookies[django_settings.SESSION_COOKIE_NAME] = world.sessions["player"]
    upload = SimpleUploadedFile("big.json", b"[" + b" " * (limit_kib * 1024) + b"]")
    before = database_state()
    response = client.post(url, {**form, "file": upload})
    assert response.status_code == 200
    assert f"{limit_kib} K" in response.text  # the form says what the limit is
    assert database_state() == before
