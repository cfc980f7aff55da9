"""NUL and other control characters in every text input: a clear refusal, never a server error.

On PostgreSQL a NUL in a text or JSON column is a ``DataError`` (HTTP 500) unless the
site refuses it first; other control and direction characters garble pages, sheets
and exports. ``rules.inputs.text_input.text_problem`` is the one check; this file proves every
way in uses it: each form of the URL configuration (the rows of the permission matrix,
their field names read from the page the form is on) and each string parameter and
body property of the API's OpenAPI schema. CI runs it on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.api import api
from tests.permissions.harness import allowed_role, client_for, database_state, row_url
from tests.permissions.matrix import MATRIX
from tests.security.hostile import FORM_FIELDS
from tests.security.test_hostile_input import assert_clean_answer, refused, rolled_back
from tests.security.world import World, world_in_transaction

pytestmark = pytest.mark.django_db

CONTROL = st.one_of(
    st.sampled_from(["a\x00b", "\x00", "club\x1b[31m", "\u202eevil", "x\x7fy", "tab\there", "\x85next"]),
    st.text(alphabet=st.characters(categories=["Cc"]), min_size=1, max_size=3).map(lambda s: f"a{s}b"),
)
# A few examples whatever the profile: the test runs once per form field of the site, each example a request.
examples = settings(
    max_examples=3,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FIELD_NAME = re.compile(r'<(?:input|textarea|select)\b[^>]*\bname="([^"]+)"')
NOT_TEXT = {"csrfmiddlewaretoken"}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


def page_fields(world: World, row, role: str) -> list[str]:
    """The field names of the form the row posts to, read from its page (GET on the same URL), else the
    names every form of the site uses."""
    client, headers = client_for(world, role, row)
    page = client.get(row_url(world, row), **headers)
    names = [name for name in FIELD_NAME.findall(page.content.decode(errors="replace")) if name not in NOT_TEXT]
    return names or FORM_FIELDS


FORM_ROWS = [row for row in MATRIX if row.unsafe and not row.name.startswith("api:")]


@pytest.mark.parametrize("row", FORM_ROWS, ids=[f"{row.name} {row.method}" for row in FORM_ROWS])
def test_every_form_field_refuses_control_characters(world, row):
    role = allowed_role(row)
    fields = page_fields(world, row, role)
    before = database_state()  # every example is rolled back, so each starts from this state

    @examples
    @given(value=CONTROL, field=st.sampled_from(fields))
    def check(value, field):
        cache.clear()
        client, headers = client_for(world, role, row)
        with rolled_back():
            response = client.post(row_url(world, row), dict.fromkeys({field, *fields[:12]}, value), **headers)
            assert_clean_answer(response)
            if refused(response):
                assert database_state() == before

    check()


def api_string_inputs() -> list[tuple[str, str, str, str]]:
    """(method, path, where, name) of every string query parameter and JSON body property of the API."""
    schema = api.get_openapi_schema()
    components = schema.get("components", {}).get("schemas", {})
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and _is_string(parameter.get("schema", {})):
                    found.append((method.upper(), path, "query", parameter["name"]))
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            ref = body.get("$ref", "").rsplit("/", 1)[-1]
            for name, prop in components.get(ref, {}).get("properties", {}).items():
                if _is_string(prop):
                    found.append((method.upper(), path, "body", name))
    return found


def _is_string(schema: dict) -> bool:
    return schema.get("type") == "string" or any(option.get("type") == "string" for option in schema.get("anyOf", []))


API_INPUTS = api_string_inputs()


def test_the_api_has_string_inputs_to_try():
    """The list below is read from the schema; it must not be empty by mistake."""
    assert ("GET", "/api/cards", "query", "q") in API_INPUTS
    assert ("POST", "/api/fleets", "body", "name") in API_INPUTS


@pytest.mark.parametrize(("method", "path", "where", "name"), API_INPUTS, ids=[" ".join(i) for i in API_INPUTS])
def test_every_api_string_refuses_control_characters(world, method, path, where, name):
    url = path.replace("{fleet_id}", str(world.spare_fleet.pk))
    headers = {"HTTP_AUTHORIZATION": f"Bearer {world.tokens['player']}"}
    before = database_state()  # every example is rolled back, so each starts from this state

    @examples
    @given(value=CONTROL)
    def check(value):
        cache.clear()
        client = Client()
        with rolled_back():
            if where == "query":
                response = getattr(client, method.lower())(url, {name: value}, **headers)
            else:
                body = {"name": "Task Force", name: value}
                response = getattr(client, method.lower())(url, body, content_type="application/json", **headers)
            assert_clean_answer(response)
            if response.status_code >= 400:
                assert database_state() == before

    check()
