"""The fleet page tests' catalog (the factories' small one) and a saved fleet of ``player``."""

import pytest

from tests.fleets.factories import fleet_catalog, saved_fleet


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards, player):
    return saved_fleet(cards, owner=player)
