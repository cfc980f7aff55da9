"""Every integer input of the site, fed numbers that are not numbers: no 500, nothing changed.

Issue 24, item 4: ``?version=²`` gave 500 on every fleet export and the sheet
(``str.isdigit()`` accepts superscripts), a deck text's ``budget: ²`` gave 500, and a
25-digit judge id on the event form gave 500 on SQLite (``OverflowError``). Integers are
now read in one place, :func:`rules.inputs.integers.read_int` (and the form fields of
:mod:`accounts.number_fields` built on it).

Hypothesis feeds Unicode digits of every script, superscripts, signs, spaces, values
just past each column's range and far past it, and more digits than ``int()`` reads, to:
every integer of the URL configuration (each URL's integer arguments, one at a time,
with the others those of the permission matrix's world), the ``?version=`` of every
fleet page that takes it, every field of every form of the site (the names read off the
form's own page), and the deck text's numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fleets.decks.deck_kind import DeckContentError, get_kind
from fleets.decks.text_format import parse_text
from rules.inputs.integers import MAX_ID, read_int
from tests.permissions.harness import BAD, OK, PREFERRED, Row, client_for, database_state, no_args
from tests.permissions.matrix import MATRIX
from tests.security.world import World, world_in_transaction

pytestmark = pytest.mark.django_db

# A few examples whatever the profile: the test runs once per number input, each example a request.
examples = settings(
    max_examples=10,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

UNICODE_DIGITS = st.characters(categories=("Nd", "No"))  # every script's digits, superscripts, fractions
NOT_NUMBERS = st.one_of(
    st.text(UNICODE_DIGITS, min_size=1, max_size=8),
    st.integers(min_value=2**31 - 2, max_value=10**40).map(str),  # past a 32-bit column, a 64-bit one
    st.integers(max_value=-1).map(str),
    st.from_regex(r"[+\- ]?[0-9_ ]{1,30}[ ]?", fullmatch=True),
    st.sampled_from(["²", "٣", "1e3", "0x10", "1_000", " 7", "9" * 25, "9" * 5000, ""]),
)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


@contextmanager
def rolled_back():
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def asker(row: Row) -> str:
    """Who asks the row: a role it lets through (the furthest a value gets), else the superuser."""
    return next((role for role in PREFERRED if row.expected()[role] in (OK, BAD)), "superuser")


def assert_no_server_error(response) -> None:
    assert response.status_code < 500, response.content[:300]


# --- The one reader -----------------------------------------------------------------------------------


@given(number=st.integers(min_value=0, max_value=MAX_ID))
def test_every_number_in_range_reads_back(number):
    assert read_int(str(number)) == number
    assert read_int("00" + str(number)) == number


@given(text=NOT_NUMBERS)
@example("²")
@example("٣")
def test_anything_but_ascii_digits_in_range_is_no_number(text):
    number = read_int(text, high=2**31 - 1)
    if number is not None:
        assert re.fullmatch(r"[0-9]+", text) and 0 <= int(text) < 2**31


def test_the_range_is_the_callers():
    assert read_int("5", low=1, high=5) == 5
    assert read_int("0", low=1, high=5) is None and read_int("6", low=1, high=5) is None


# --- The URL configuration -----------------------------------------------------------------------------

PLACEHOLDER = 987_654_321_987


def integer_urls(world: World) -> list[tuple[Row, str, str]]:
    """(row, its URL with one integer argument replaced by the placeholder, that argument's name)."""
    urls = []
    for row in MATRIX:
        kwargs = row.kwargs(world)
        for name, value in kwargs.items():
            if isinstance(value, int):
                urls.append((row, reverse(row.name, kwargs={**kwargs, name: PLACEHOLDER}), name))
    return urls


def test_the_url_configuration_has_integer_arguments(world):
    """The test below asks something: events, rounds, matches, fleets, decks, cards, tokens, campaigns."""
    assert len({row.name for row, _, _ in integer_urls(world)}) > 60


@pytest.mark.slow(reason="every integer URL of the site asked per example, the database compared before and after")
@examples
@given(value=NOT_NUMBERS)
@example("9" * 25)
@example(str(2**63))
def test_every_integer_of_the_url_configuration(world, value):
    urls = integer_urls(world)  # may write what a URL names (a share link's token) the first time
    before = database_state()  # every request is rolled back, so each starts from this state
    for row, url, _ in urls:
        cache.clear()
        client, headers = client_for(world, asker(row), row)
        with rolled_back():
            response = getattr(client, row.method.lower())(
                url.replace(str(PLACEHOLDER), quote(value, safe="")), **headers
            )
            assert_no_server_error(response)
            if row.unsafe and response.status_code >= 400:
                assert database_state() == before


VERSIONED = (
    "fleets:sheet",
    "fleets:export_json",
    "fleets:export_text",
    "fleets:export_utopia_link",
    "fleets:export_utopia_text",
)


@examples
@given(value=NOT_NUMBERS)
@example("²")
def test_the_version_of_every_fleet_page(world, value):
    for name in VERSIONED:
        client, headers = client_for(world, "player", Row(name, "GET", no_args, ()))
        response = client.get(reverse(name, args=[world.fleet.pk]), {"version": value}, **headers)
        assert_no_server_error(response)
        assert response.status_code in (200, 404)


def test_a_superscript_version_is_no_such_version(world):
    for name in VERSIONED:
        client, _ = client_for(world, "player", Row(name, "GET", no_args, ()))
        assert client.get(reverse(name, args=[world.fleet.pk]), {"version": "²"}).status_code == 404


# --- Every form ------------------------------------------------------------------------------------------

FIELD_NAME = re.compile(r'<(?:input|select|textarea)[^>]*\sname="([^"]+)"')
SKIPPED_FIELDS = {"csrfmiddlewaretoken"}
FORM_ROWS = [
    row
    for row in MATRIX
    if row.method == "POST"
    and not row.name.startswith("api:")
    and any(other.name == row.name and other.method == "GET" for other in MATRIX)
]


def form_fields(world: World, row: Row) -> list[str]:
    client, headers = client_for(world, asker(row), row)
    page = client.get(reverse(row.name, kwargs=row.kwargs(world)), **headers).content.decode()
    return sorted(set(FIELD_NAME.findall(page)) - SKIPPED_FIELDS)


def test_the_forms_have_fields(world):
    """The test below fills something: the event form has its judges, and Attack Wing's fleet-point base."""
    edit = next(row for row in FORM_ROWS if row.name == "tournaments:edit")
    assert {"judges", "attack-wing-fleet_point_base"} <= set(form_fields(world, edit))


@pytest.mark.parametrize("row", FORM_ROWS, ids=[row.name for row in FORM_ROWS])
def test_every_field_of_every_form(world, row):
    fields = form_fields(world, row)
    url = reverse(row.name, kwargs=row.kwargs(world))

    @examples
    @given(value=NOT_NUMBERS)
    @example("9" * 25)
    @example("²")
    def check(value):
        cache.clear()
        client, headers = client_for(world, asker(row), row)
        with rolled_back():
            assert_no_server_error(client.post(url, dict.fromkeys(fields, value), **headers))

    check()


def test_a_25_digit_judge_id_is_refused_on_the_event_form(world):
    row = next(row for row in FORM_ROWS if row.name == "tournaments:edit")
    client, headers = client_for(world, asker(row), row)
    response = client.post(reverse(row.name, kwargs=row.kwargs(world)), {"judges": "9" * 25, "name": "Renamed"})
    assert response.status_code == 200 and "judges" in response.context["form"].errors
    world.event.refresh_from_db()
    assert world.event.name == "Hidden Lists Open"


# --- The deck text --------------------------------------------------------------------------------------


@given(value=NOT_NUMBERS)
@example("²")
def test_a_deck_texts_numbers_are_read_alike(value):
    kind = get_kind("starship-command")
    text = f"{kind.side_key}: {kind.sides[0]}\nbudget: {value}\n"
    number = read_int(value.strip(), high=99_999)
    try:
        content = parse_text(kind, text)
    except DeckContentError as refused:
        assert number is None and "budget must be a whole number" in str(refused)
    else:
        assert content["budget"] == number
