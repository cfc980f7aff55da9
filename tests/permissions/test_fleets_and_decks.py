"""The permission matrix: fleets, their sheets and exports, API tokens, and the deck games' decks and catalogs."""

from __future__ import annotations

import pytest

from .harness import assert_row_as_the_matrix_says
from .matrix import DECK_ROWS, FLEET_ROWS

pytestmark = pytest.mark.django_db

ROWS = FLEET_ROWS + DECK_ROWS


@pytest.mark.parametrize("row", ROWS, ids=[f"{row.name} {row.method}" for row in ROWS])
def test_each_role_gets_what_the_matrix_says(world, row):
    assert_row_as_the_matrix_says(world, row)
