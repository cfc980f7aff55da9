"""Fixtures of the fleets tests: the real Utopia catalog, in the database for each module that asks."""

from collections.abc import Iterator
from functools import cache

import pytest
from django.db import transaction

from rules.attack_wing import read_catalog
from tests.conftest import UTOPIA_FILE
from tests.snapshots import load_real_catalog


@pytest.fixture(scope="module")
def real_catalog(utopia_file, django_db_setup, django_db_blocker) -> Iterator:
    """The real Utopia catalog as ``import_catalog`` stores it, present for the module and rolled back after
    it (imported once per test process, copied in for each later module: :mod:`tests.snapshots`); its records."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_real_catalog(origin="a card file")
        yield shipped_records()
        transaction.set_rollback(True)


@cache
def shipped_records():
    """The shipped Utopia file as the card reader reads it; read once per test process (a fresh read gives
    equal records, and no test changes them)."""
    return read_catalog(UTOPIA_FILE.read_bytes())


@pytest.fixture(scope="module")
def utopia_file():
    """The real Utopia card database Muster ships, for a module-wide fixture."""
    return UTOPIA_FILE
