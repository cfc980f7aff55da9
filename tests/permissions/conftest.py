"""The world every module of the permission matrix asks about, built once for the package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.security.world import World, world_in_transaction


@pytest.fixture(scope="package")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world
