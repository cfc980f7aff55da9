"""Fixtures every test folder shares: role users, the real card files Muster ships, the browser.

The card databases are the project's own (``fleets/card_data/``), so no test needs anything
beside the clone; nor do Space Dock's test squads, shipped in ``rules/attack_wing/spacedock_squads/``.
The rule documents stay in ``../shared``: the few tests that quote them skip
where it is absent, always with ``DOCUMENTS_ABSENT`` as the reason (CI allows no other skip).
"""

from pathlib import Path

import pytest
from django.core.cache import cache

from fleets.bundled_cards import bundled
from tests import database_reset, hypothesis_profiles  # noqa: F401 (registers and loads the Hypothesis profile)
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.time_budget import (  # noqa: F401 (hooks: the time budget of every test)
    pytest_collection_modifyitems,
    pytest_runtest_logreport,
    pytest_runtest_makereport,
    pytest_sessionfinish,
    pytest_terminal_summary,
)

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
SEEDS_DIR = SHARED / "seeds"
REFERENCE_DIR = SHARED / "reference"
DOCUMENTS_ABSENT = "the rule documents in ../shared are absent"
UTOPIA_FILE = bundled("utopia").path  # xz-compressed; every card reader takes it as it is
SPACEDOCK_FILE = bundled("spacedock").path
# Space Dock's own test squads, shipped as test data (Apache-2.0, see NOTICE there): every cost test runs in CI
SPACEDOCK_SQUADS = Path(__file__).resolve().parent / "rules" / "attack_wing" / "spacedock_squads"


database_reset.install()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database as ``migrate`` leaves it, kept so that each test on committed data leaves it so
    (``tests/database_reset.py``)."""
    with django_db_blocker.unblock():
        database_reset.capture()


@pytest.fixture(autouse=True)
def fresh_cache():
    """Every test starts and ends with an empty cache: rate limits count requests per address in
    it, and the live pairings keep a round's tables there for a few seconds."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def utopia_path() -> Path:
    """The real Utopia card database, as Muster ships it."""
    return UTOPIA_FILE


@pytest.fixture
def spacedock_path() -> Path:
    """The real Space Dock card database, as Muster ships it."""
    return SPACEDOCK_FILE


@pytest.fixture
def player(db):
    return PlayerFactory()


@pytest.fixture
def other_player(db):
    return PlayerFactory()


@pytest.fixture
def judge(db):
    return JudgeFactory()


@pytest.fixture
def organizer(db):
    return OrganizerFactory()
