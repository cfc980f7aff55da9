"""The permission matrix has a row for every URL of the configuration."""

from __future__ import annotations

from .harness import url_names
from .matrix import MATRIX


def test_every_url_has_a_row():
    assert url_names() == {row.name for row in MATRIX}
