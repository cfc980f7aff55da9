"""Fixtures for the campaign tests: the catalog and a campaign of two teams."""

import pytest

from tests.tournaments.campaigns.factories import Desk, campaign_with, ship_catalog

# Two teams: ann and bob command the Confederation together; cat commands the Shiltons alone.
TEAMS = {"ann": "confederation", "bob": "confederation", "cat": "shiltons"}


@pytest.fixture
def ships(db):
    return ship_catalog()


@pytest.fixture
def two_teams(ships):
    """The campaign and its players by username."""
    return campaign_with(TEAMS)


@pytest.fixture
def desk(two_teams, ships):
    return Desk(*two_teams, ships)
