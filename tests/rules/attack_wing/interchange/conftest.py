"""A small card database the tests write themselves, and the samples folder.

The samples (``samples/``) are fleets as the real Utopia builder wrote them (its share link,
text export with and without set names, and Tabletop Simulator list; see samples/README.md),
plus Space Dock squads of the same fleets written for these tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.attack_wing import read_catalog

SAMPLES = Path(__file__).resolve().parent / "samples"


def _ship(card_id, name, ship_class, cost, slots, faction="federation", unique=True, **stats):
    return {
        "type": "ship",
        "id": card_id,
        "set": ["71120"],
        "name": name,
        "class": ship_class,
        "upgrades": list(slots),
        "attack": stats.get("attack", 3),
        "agility": 1,
        "hull": stats.get("hull", 4),
        "shields": 3,
        "cost": cost,
        "unique": unique,
        "factions": [faction],
    }


def _captain(card_id, name, skill, cost, talents=0, faction="federation", set_id="71120"):
    return {
        "type": "captain",
        "id": card_id,
        "set": [set_id],
        "name": name,
        "skill": skill,
        "talents": talents,
        "cost": cost,
        "unique": True,
        "factions": [faction],
    }


def _upgrade(card_id, name, kind, cost, faction="federation", unique=False, set_id="71120"):
    return {
        "type": kind,
        "id": card_id,
        "set": [set_id],
        "name": name,
        "cost": cost,
        "unique": unique,
        "factions": [faction],
    }


MINI_UTOPIA = {
    "sets": [
        {"type": "set", "id": "71120", "name": "Starter Set", "releaseDate": "2013-08-01"},
        {"type": "set", "id": "71121", "name": "U.S.S. Reliant Expansion", "releaseDate": "2013-09-01"},
        {"type": "set", "id": "OP2", "name": "Fleet Captain Resource", "releaseDate": "2014-06-01"},
        {"type": "set", "id": "OP3", "name": "Officer Cards Resource", "releaseDate": "2014-09-01"},
    ],
    "ships": [
        _ship("S001", "U.S.S. Enterprise-D", "Galaxy Class", 28, ["crew", "crew", "crew", "weapon", "weapon"]),
        _ship("S002", "Federation Starship", "Galaxy Class", 26, ["crew", "crew", "crew", "weapon"], unique=False),
        _ship("S003", "Federation Starship", "Miranda Class", 20, ["crew", "weapon", "tech"], unique=False),
        _ship("S004", "I.K.S. Negh'var", "Negh'var Class", 28, ["crew", "crew", "weapon", "tech"], "klingon"),
    ],
    "captains": [
        _captain("Cap001", "Jean-Luc Picard", 9, 6, talents=1),
        _captain("Cap002", "William T. Riker", 6, 3, talents=1),
        _captain("Cap003", "Martok", 8, 5, talents=1, faction="klingon"),
        _captain("Cap004", "Federation Captain", 1, 0),
    ],
    "admirals": [
        {
            "type": "admiral",
            "id": "A001",
            "set": ["71121"],
            "name": "Alynna Nechayev",
            "skill": 1,
            "talents": 1,
            "cost": 4,
            "unique": True,
            "factions": ["federation"],
        },
    ],
    "upgrades": [
        _upgrade("C001", "Data", "crew", 5, unique=True),
        _upgrade("C002", "Tactical Officer", "crew", 3),
        _upgrade("C003", "Tactical Officer", "crew", 3, faction="klingon", set_id="71121"),
        _upgrade("W001", "Photon Torpedoes", "weapon", 5),
        _upgrade("W002", "Photon Torpedoes", "weapon", 5, set_id="71121"),
        _upgrade("T001", "Sensor Array", "tech", 2),
        _upgrade("E001", "Make It So", "talent", 4, unique=True),
    ],
    "resources": [
        {"type": "resource", "id": "R001", "set": ["71120"], "name": "Emergency Power", "cost": 3},
        {"type": "resource", "id": "R010", "set": ["OP2"], "name": "Fleet Captain", "cost": 5},
        {"type": "resource", "id": "R011", "set": ["OP3"], "name": "Officer Cards", "cost": 0},
    ],
    "others": [
        {
            "type": "fleet-captain",
            "id": "R010a",
            "set": ["OP2"],
            "name": "Federation",
            "cost": 5,
            "factions": ["federation"],
            "skill": 1,
            "techAdd": 1,
            "weaponAdd": 1,
            "upgradeSlots": [],
        },
        {
            "type": "officer",
            "id": "R011c",
            "set": ["OP3"],
            "name": "Operations Officer",
            "cost": 2,
            "upgradeSlots": [{"type": ["crew"], "source": "Crew to be assigned as Operations Officer"}],
        },
    ],
}


@pytest.fixture(scope="session")
def mini():
    """A Utopia-shaped card database of a dozen cards, written by the tests."""
    return read_catalog(json.dumps(MINI_UTOPIA).encode())


@pytest.fixture(scope="session")
def samples():
    return SAMPLES
