"""Factories for the fleets app.

Card catalog: ``CardFactory`` and one factory per kind, with the fields a
fleet check looks at filled in plausibly; ``CardSetFactory`` for sets.
"""

from datetime import date
from types import SimpleNamespace

import factory

from fleets.models import Card, CardSet, Fleet
from fleets.services import fleet_update
from tests.accounts.factories import PlayerFactory

# --- Card catalog --------------------------------------------------------------------------------


class CardSetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CardSet

    source_id = factory.Sequence(lambda n: f"7{n:04d}")
    name = factory.Sequence(lambda n: f"Expansion Pack {n}")
    release_date = date(2014, 1, 1)


class CardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Card

    source_id = factory.Sequence(lambda n: f"X{n:04d}")
    source = "utopia"
    kind = "other"
    name = factory.Sequence(lambda n: f"Card {n}")
    factions = factory.LazyFunction(lambda: ["federation"])


class ShipFactory(CardFactory):
    source_id = factory.Sequence(lambda n: f"S{n:04d}")
    kind = "ship"
    name = factory.Sequence(lambda n: f"U.S.S. Test {n}")
    ship_class = "Galaxy Class"
    cost = 28
    hull = 5
    shields = 4
    attack = 4
    agility = 1
    slots = factory.LazyFunction(lambda: ["crew", "crew", "crew", "weapon", "weapon"])
    unique = True


class CaptainFactory(CardFactory):
    source_id = factory.Sequence(lambda n: f"Cap{n:04d}")
    kind = "captain"
    name = factory.Sequence(lambda n: f"Captain {n}")
    cost = 4
    skill = 6
    talent_slots = 1
    unique = True


class AdmiralFactory(CardFactory):
    source_id = factory.Sequence(lambda n: f"A{n:04d}")
    kind = "admiral"
    name = factory.Sequence(lambda n: f"Admiral {n}")
    cost = 3
    skill = 1
    talent_slots = 1
    unique = True


class UpgradeFactory(CardFactory):
    source_id = factory.Sequence(lambda n: f"C{n:04d}")
    kind = "upgrade"
    name = factory.Sequence(lambda n: f"Crew Member {n}")
    upgrade_type = "crew"
    cost = 3


class ResourceFactory(CardFactory):
    source_id = factory.Sequence(lambda n: f"R{n:04d}")
    kind = "resource"
    name = factory.Sequence(lambda n: f"Resource {n}")
    factions = factory.LazyFunction(list)
    cost = 5


def utopia_document() -> dict:
    """A small Utopia ``data.json`` as a dict: one card of each kind in two sets; tests bend it."""
    return {
        "sets": [
            {"type": "set", "id": "71120", "name": "Starter Set", "releaseDate": "2013-05-01"},
            {"type": "set", "id": "71121", "name": "U.S.S. Reliant", "releaseDate": "2013-06-01"},
        ],
        "ships": [
            {
                "type": "ship",
                "id": "S001",
                "set": ["71120"],
                "name": "U.S.S. Enterprise-D",
                "class": "Galaxy Class",
                "upgrades": ["crew", "crew", "crew", "weapon", "weapon"],
                "attack": 4,
                "agility": 1,
                "hull": 5,
                "shields": 4,
                "cost": 28,
                "text": "<b>ACTION:</b> Fire in any direction.",
                "unique": True,
                "factions": ["federation"],
                "squadron": False,
            }
        ],
        "captains": [
            {
                "type": "captain",
                "id": "Cap001",
                "set": ["71120"],
                "name": "Jean-Luc Picard",
                "unique": True,
                "text": "Perform a [evade] Action as a free Action.",
                "factions": ["federation"],
                "cost": 6,
                "skill": 9,
                "talents": 1,
            }
        ],
        "admirals": [],
        "upgrades": [
            {
                "type": "crew",
                "id": "C001",
                "set": ["71121"],
                "name": "Khan Singh",
                "cost": 5,
                "text": "Add 1 [weapon_text] <i>now</i>",
                "unique": True,
                "factions": ["federation", "independent"],
            }
        ],
        "resources": [
            {
                "type": "resource",
                "id": "R001",
                "set": ["71121"],
                "name": "Elite Attack Die",
                "text": "Once per round.",
                "cost": 5,
                "opBanned": True,
            }
        ],
    }


SPACEDOCK_XML = """<?xml version="1.0" encoding="UTF-8"?>
<Data version="2018-01-03">
  <Ships>
    <Ship>
      <Title>U.S.S. Enterprise-D</Title><Unique>Y</Unique><ShipClass>Galaxy Class</ShipClass>
      <Faction>Federation</Faction><Attack>4</Attack><Agility>1</Agility><Hull>5</Hull><Shield>4</Shield>
      <Ability>Fire in any direction.</Ability><Cost>28</Cost><Weapon>2</Weapon><Crew>3</Crew>
      <Id>1001</Id><Set>71120</Set>
    </Ship>
  </Ships>
  <Captains>
    <Captain>
      <Title>Jean-Luc Picard</Title><Unique>Y</Unique><Skill>9</Skill><Talent>1</Talent>
      <Type>Captain</Type><Faction>Federation</Faction><Cost>6</Cost><Id>2001</Id><Set>71120</Set>
    </Captain>
  </Captains>
  <Sets>
    <Set id="71120" overallSetName="Starter Set" releaseDate="2013-05-01">Starter Set</Set>
  </Sets>
</Data>
"""


# --- Fleets --------------------------------------------------------------------------------------


class FleetFactory(factory.django.DjangoModelFactory):
    """An empty fleet (no version yet); ``saved_fleet`` gives it a list."""

    class Meta:
        model = Fleet

    owner = factory.SubFactory(PlayerFactory)
    name = factory.Sequence(lambda n: f"Task Force {n}")
    faction = "federation"
    format_key = "wizkids-2016"


def fleet_catalog() -> SimpleNamespace:
    """A small catalog for fleet tests; card ids by role.

    Federation: three 20 SP ships (crew, crew, weapon, weapon, tech), a 40 SP heavy ship,
    captains of 3 SP, an admiral of 3 SP, crew 3 SP, weapon 5 SP, tech 4 SP.
    Klingon: a captain and a crew of 3 SP (a faction penalty on Federation ships).
    A 5 SP resource.
    """
    bar = ["crew", "crew", "weapon", "weapon", "tech"]
    return SimpleNamespace(
        ships=[ShipFactory(cost=20, slots=bar, ship_class=f"Class {n}").source_id for n in range(3)],
        heavy=ShipFactory(cost=40, slots=bar, name="U.S.S. Heavy With A Rather Long Registry Name").source_id,
        captains=[CaptainFactory(cost=3).source_id for _ in range(4)],
        admiral=AdmiralFactory(cost=3).source_id,
        crew=UpgradeFactory(cost=3, unique=False).source_id,
        weapon=UpgradeFactory(cost=5, upgrade_type="weapon", unique=False, name="Photon Torpedoes").source_id,
        tech=UpgradeFactory(cost=4, upgrade_type="tech", unique=False, name="Sensor Array").source_id,
        klingon_captain=CaptainFactory(cost=3, factions=["klingon"], name="Kurn").source_id,
        klingon_crew=UpgradeFactory(cost=3, factions=["klingon"], unique=False, name="Klingon Crew").source_id,
        resource=ResourceFactory(cost=5).source_id,
    )


def legal_content(cards: SimpleNamespace) -> dict:
    """Three Federation ships, each 20 + captain 3 + crew 3 = 26 SP: 78 SP, legal in the 2016 format."""
    return {
        "format": "wizkids-2016",
        "ships": [
            {"ship": ship, "captain": captain, "upgrades": [cards.crew]}
            for ship, captain in zip(cards.ships, cards.captains, strict=False)
        ],
    }


def saved_fleet(cards: SimpleNamespace, content: dict | None = None, **fields) -> Fleet:
    """A fleet whose version 1 holds ``content`` (default: ``legal_content``), saved by its owner."""
    fleet = FleetFactory(**fields)
    fleet_update(fleet=fleet, content=content or legal_content(cards), by=fleet.owner)
    fleet.refresh_from_db()
    return fleet
