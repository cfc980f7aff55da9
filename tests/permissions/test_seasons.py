"""The permission matrix: seasons, player records (hidden ones stay hidden) and the meta, on the site and the API."""

from __future__ import annotations

import pytest

from .harness import assert_row_as_the_matrix_says
from .season_rows import SEASON_ROWS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "row", SEASON_ROWS, ids=[f"{row.name} {row.method} {row.kwargs.__name__}" for row in SEASON_ROWS]
)
def test_each_role_gets_what_the_matrix_says(world, row):
    assert_row_as_the_matrix_says(world, row)
