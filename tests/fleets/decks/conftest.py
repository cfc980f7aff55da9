"""Catalog cards the deck tests share: a small Terran Wing Commander catalog, ships and units."""

import pytest

from .factories import SpearpointUnitFactory, StarshipCommandShipFactory, wing_commander_card


@pytest.fixture
def arrow(db):
    """Seed 001: "an Arrow has a Mustering Cost of 2"."""
    return wing_commander_card("Arrow", mustering_cost=2)


@pytest.fixture
def capture_pilot(db):
    return wing_commander_card("Capture Pilot", card_type="luck", mustering_cost=0)


@pytest.fixture
def darket(db):
    return wing_commander_card("Darket", side="kilrathi", mustering_cost=1)


@pytest.fixture
def saratoga(db):
    """Seed 002: "29 points for the Saratoga class heavy Cruiser"; "a shield strength of 20"."""
    return StarshipCommandShipFactory(name="Saratoga", value=29, shields=20, structure=24, crippled=32)


@pytest.fixture
def sherman(db):
    return SpearpointUnitFactory(name="M4 Sherman", unit_type="vehicle", cost=12, crew="tank-crew")


@pytest.fixture
def rifle_squad(db):
    return SpearpointUnitFactory(name="Rifle Squad", cost=6)
