"""Catalog cards of the three deck games, shaped like the rule documents' examples."""

import factory

from games.spearpoint.models import SpearpointUnit
from games.starship_command.models import StarshipCommandShip
from games.wing_commander.models import WingCommanderCard


class WingCommanderCardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = WingCommanderCard

    name = factory.Sequence(lambda n: f"Fighter {n}")
    side = "terran"
    card_type = "fighter"
    mustering_cost = 2
    medal_cost = 0


def wing_commander_card(name: str, **values) -> WingCommanderCard:
    """The card ``name`` with these values; the manual's cards are already in the catalog (data migration)."""
    defaults = {"side": "terran", "card_type": "fighter", "mustering_cost": 2, "medal_cost": 0, **values}
    return WingCommanderCard.objects.update_or_create(name=name, defaults=defaults)[0]


class StarshipCommandShipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = StarshipCommandShip

    name = factory.Sequence(lambda n: f"Cruiser {n}")
    race = "confederation"
    ship_class = "cruiser"
    value = 20
    shields = 10
    structure = 15
    crippled = 12
    weapons = factory.LazyFunction(lambda: ["phaser-1", "plasma"])

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        """A ship named like the rulebook's sample (the Saratoga, loaded by a migration) takes these values."""
        name = kwargs.pop("name")
        return model_class.objects.update_or_create(name=name, defaults=kwargs)[0]


class SpearpointUnitFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SpearpointUnit

    name = factory.Sequence(lambda n: f"Rifle Squad {n}")
    side = "american"
    unit_type = "infantry"
    cost = 6
