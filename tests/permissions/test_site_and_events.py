"""The permission matrix: the site and accounts, stores, events and Starship Command campaigns."""

from __future__ import annotations

import pytest

from .harness import OK, ask, assert_row_as_the_matrix_says, database_state, outcome
from .matrix import CAMPAIGN_ROWS, EVENT_ROWS, SITE_ROWS, STORE_ROWS

pytestmark = pytest.mark.django_db

ROWS = SITE_ROWS + STORE_ROWS + EVENT_ROWS + CAMPAIGN_ROWS


@pytest.mark.parametrize("row", ROWS, ids=[f"{row.name} {row.method} {row.kwargs.__name__}" for row in ROWS])
def test_each_role_gets_what_the_matrix_says(world, row):
    assert_row_as_the_matrix_says(world, row)


def test_a_refused_request_that_changes_nothing_is_told_apart(world):
    """The matrix's "nothing changed" check can fail: an allowed drop changes the database."""
    drop = next(row for row in EVENT_ROWS if row.name == "tournaments:drop")
    response, unchanged = ask(world, "organizer", drop, before=database_state())
    assert outcome(response) == OK and not unchanged
