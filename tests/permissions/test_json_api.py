"""The permission matrix: the JSON API, asked with each role's Bearer token."""

from __future__ import annotations

import json

import pytest

from .harness import ask, assert_row_as_the_matrix_says
from .matrix import API_ROWS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("row", API_ROWS, ids=[f"{row.name} {row.method}" for row in API_ROWS])
def test_each_role_gets_what_the_matrix_says(world, row):
    assert_row_as_the_matrix_says(world, row)


def test_the_json_api_rows_are_asked_with_json(world):
    """The API rows' empty body is valid JSON, so a 400/422 there is the schema's answer, not a parse error."""
    row = next(row for row in API_ROWS if row.name == "api:fleet_create")
    response, _ = ask(world, "player", row)
    assert response.status_code == 422
    assert "name" in json.dumps(response.json())
