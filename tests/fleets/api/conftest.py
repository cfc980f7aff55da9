"""The JSON API tests' catalog, a saved fleet of ``player``, its owner's and a stranger's clients; fresh rate limits."""

import pytest
from django.test import Client

from tests.fleets.factories import fleet_catalog, saved_fleet


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards, player):
    return saved_fleet(cards, owner=player)


@pytest.fixture
def owner(client, player):
    client.force_login(player)
    return client


@pytest.fixture
def stranger(other_player):
    client = Client()
    client.force_login(other_player)
    return client
