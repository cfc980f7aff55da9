"""Real catalogs, read once per test session, and a small fleet-building helper."""

from __future__ import annotations

import pytest

from rules.attack_wing import Fleet, FleetShip, read_catalog
from tests.conftest import SPACEDOCK_FILE, UTOPIA_FILE


def _read(path):
    return read_catalog(path.read_bytes())


@pytest.fixture(scope="session")
def utopia():
    return _read(UTOPIA_FILE)


@pytest.fixture(scope="session")
def spacedock():
    return _read(SPACEDOCK_FILE)


def ship(ship_id, captain=None, *upgrades, admiral=None, booster=False) -> FleetShip:
    return FleetShip(ship=ship_id, captain=captain, admiral=admiral, upgrades=tuple(upgrades), blind_booster=booster)


def fleet(*ships: FleetShip, resources=()) -> Fleet:
    return Fleet(ships=tuple(ships), resources=tuple(resources))


# A legal 130-point Federation fleet of Utopia cards (costs in comments), the base of most tests.
GALAXY = ship("S273", "Cap049", "T259", "W202", "C462", "C469")  # 22 + 6 + 4 + 6 + 3 + 3 = 44
PROMETHEUS = ship("S363", "Cap043", "T259", "T149", "W202", "C464", "C474")  # 24 + 5 + 4 + 4 + 6 + 2 + 2 = 47
AKIRA = ship("S341", "Cap051", "W202", "W159", "W158")  # 21 + 3 + 6 + 5 + 4 = 39


# The Officer Exchange Program (R015), points 2 and 3 as Utopia prints them: the steps they explain quote them.
EXCHANGE_WAIVER = (
    "2) You do not pay a faction penalty when assigning a Captain, Admiral or [crew] Upgrade of either of the chosen"
    " factions to a ship in your fleet of the other chosen faction."
)
EXCHANGE_REDUCTION = (
    "3) In addition, when assigning a Captain or Admiral card of one of the chosen factions to a ship in your fleet"
    " of the other chosen faction, the cost of that card is reduced by 1 SP (min 0)."
)
