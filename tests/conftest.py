"""Fixtures every test folder shares: role users, the real card files, the browser."""

from pathlib import Path

import pytest
from django.core.cache import cache

from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
CARDS_DIR = SHARED / "cards" / "staw"
UTOPIA_FILE = CARDS_DIR / "utopia-data.json"
SPACEDOCK_FILE = CARDS_DIR / "spacedock-data.xml"
SEEDS_DIR = SHARED / "seeds"


@pytest.fixture(autouse=True)
def fresh_cache():
    """Every test starts and ends with an empty cache: rate limits count requests per address in
    it, and the live pairings keep a round's tables there for a few seconds."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def utopia_path() -> Path:
    """The real Utopia card database; skipped only where ../shared is absent (CI has it)."""
    if not UTOPIA_FILE.exists():
        pytest.skip(f"real card data not found at {UTOPIA_FILE} (../shared is absent)")
    return UTOPIA_FILE


@pytest.fixture
def spacedock_path() -> Path:
    if not SPACEDOCK_FILE.exists():
        pytest.skip(f"real card data not found at {SPACEDOCK_FILE} (../shared is absent)")
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
