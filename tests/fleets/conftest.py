"""Fixtures of the fleets tests: the real Utopia catalog, imported once per module."""

from collections.abc import Iterator

import pytest
from django.db import transaction

from fleets.catalog_import import import_catalog
from rules.attack_wing import read_catalog
from tests.conftest import UTOPIA_FILE


@pytest.fixture(scope="module")
def real_catalog(utopia_file, django_db_setup, django_db_blocker) -> Iterator:
    """The real Utopia catalog, imported once for the module and rolled back after it; its records."""
    data = utopia_file.read_bytes()
    with django_db_blocker.unblock(), transaction.atomic():
        import_catalog(data=data)
        yield read_catalog(data)
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def utopia_file():
    """The real Utopia card database Muster ships, for a module-wide fixture."""
    return UTOPIA_FILE
