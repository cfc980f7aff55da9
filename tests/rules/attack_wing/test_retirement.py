"""Seed 003, Resources rule 4: every row of the retirement table meets exactly one resource per database."""

from __future__ import annotations

from datetime import date

import pytest

from rules.attack_wing.catalog import RESOURCE
from rules.attack_wing.retirement import RETIREMENT_TABLE, add_months, resource_key, retirement_for

ROWS = [row[0] for row in RETIREMENT_TABLE]


def _matches(catalog, table_name):
    return [
        c for c in catalog.cards.values() if c.kind == RESOURCE and resource_key(c.name) == resource_key(table_name)
    ]


@pytest.mark.parametrize("table_name", ROWS)
def test_row_matches_one_utopia_resource(utopia, table_name):
    assert len(_matches(utopia, table_name)) == 1


@pytest.mark.parametrize("table_name", ROWS)
def test_row_matches_one_spacedock_resource(spacedock, table_name):
    assert len(_matches(spacedock, table_name)) == 1


@pytest.mark.parametrize(("table_name", "released", "retired"), RETIREMENT_TABLE)
def test_every_row_retires_18_months_after_release(table_name, released, retired):
    """The derived rule for resources outside the table is the table's own pattern."""
    assert add_months(date(*released, 1), 18) == date(*retired, 1)


@pytest.mark.parametrize(
    ("catalog_name", "table_name"),
    [
        ("Emergency Power", "Emergency Power Resource"),
        ("Fleet Captain", "Fleet Captain Cards"),
        ("Master Strategist Tokens (MST)", "Master Strategist Tokens"),
        ("TACTICS", "Tactics"),
        ("Reinforcements Sideboard", "Reinforcement Sideboard"),
        ("Emergency Force Field", "Emergency Force Fields"),
    ],
)
def test_names_that_differ_still_match(catalog_name, table_name):
    assert retirement_for(catalog_name, None, 18).table_name == table_name


def test_unknown_resource_without_release_date_has_no_retirement():
    assert retirement_for("Brand New Thing", None, 18) is None
    derived = retirement_for("Brand New Thing", date(2016, 8, 29), 18)
    assert derived.derived and derived.retired_on == date(2018, 2, 1)
