"""Events, registrations and submitted fleets for the tournaments tests.

Fleets are built on a tiny catalog made with the fleets factories (three ships,
three captains, three upgrades), so a test needs neither the real card files
nor the fleet builder; ``legal_fleet_content`` is a fleet of that catalog that
the 2016 format accepts.
"""

from datetime import timedelta

import factory
from django.utils import timezone

from fleets.services import fleet_create, fleet_update
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.fleets.factories import CaptainFactory, ShipFactory, UpgradeFactory
from tournaments.models import Event, Registration


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Battle of Sector {n:03d}")
    game = "attack-wing"
    format = "wizkids-2016"
    date = factory.LazyFunction(lambda: timezone.localdate() + timedelta(days=7))
    venue = "Quark's"
    organizer = factory.SubFactory(OrganizerFactory)
    # Attack Wing's own settings (its event settings form's fields), kept in ``game_settings``;
    # events of other games keep none unless a test gives ``game_settings`` itself.
    game_settings = factory.LazyAttribute(
        lambda event: (
            {
                "fleet_point_base": event.fleet_point_base,
                "bye_fleet_points": event.bye_fleet_points,
                "banned_resources": event.banned_resources,
                "resource_rule": event.resource_rule,
            }
            if event.game == "attack-wing"
            else {}
        )
    )

    class Params:
        fleet_point_base = 130
        bye_fleet_points = 60
        banned_resources = ""
        resource_rule = "table-2016"


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)


def small_catalog() -> dict[str, list[str]]:
    """Three ships (28 SP), captains (4 SP) and crew upgrades (3 SP): ids by kind."""
    return {
        "ships": [ShipFactory().source_id for _ in range(3)],
        "captains": [CaptainFactory().source_id for _ in range(3)],
        "upgrades": [UpgradeFactory().source_id for _ in range(3)],
    }


def legal_fleet_content(catalog: dict[str, list[str]]) -> dict:
    """3 ships of 28 + captain 4 + one crew 3 = 35 SP each, 105 SP in all."""
    return {
        "format": "wizkids-2016",
        "ships": [
            {"ship": ship, "captain": captain, "upgrades": [upgrade]}
            for ship, captain, upgrade in zip(catalog["ships"], catalog["captains"], catalog["upgrades"], strict=True)
        ],
    }


def illegal_fleet_content(catalog: dict[str, list[str]]) -> dict:
    """One ship only: the 2016 format asks for at least three."""
    return {"format": "wizkids-2016", "ships": [{"ship": catalog["ships"][0], "captain": catalog["captains"][0]}]}


def fleet_for(player, content: dict, name: str = "Home Fleet"):
    """A fleet of ``player`` saved through the fleets services (version 1 holds ``content``)."""
    fleet = fleet_create(owner=player, name=name, faction="federation")
    fleet_update(fleet=fleet, content=content, by=player)
    return fleet
