"""Campaigns, their players and a small Starship Command catalog for the campaign tests.

The ships are made up, with stats shaped like the rulebook's examples ("29 points
for the Saratoga class heavy Cruiser", "a shield strength of 20").
"""

import factory

from games.starship_command.campaigns.ledger import BattleFate
from games.starship_command.campaigns.selectors import campaign_page
from games.starship_command.campaigns.services import (
    campaign_add_player,
    campaign_record_battle,
    campaign_record_purchase,
    campaign_record_repair,
    campaign_record_transfer,
)
from games.starship_command.models import Campaign
from rules.starship_command import Fate
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.fleets.decks.factories import StarshipCommandShipFactory

# name: (race, value, shields, structure, fighter squadrons)
SHIPS = {
    "Saratoga": ("confederation", 29, 20, 24, 0),
    "Valiant": ("confederation", 18, 8, 12, 0),
    "Repulse": ("confederation", 25, 15, 20, 0),
    "Hornet": ("confederation", 35, 15, 25, 2),
    "Lexington": ("confederation", 40, 20, 30, 0),
    "Kraken": ("shiltons", 30, 12, 20, 0),
    "Tiger": ("shiltons", 45, 25, 30, 0),
    "Lynx": ("shiltons", 16, 6, 10, 0),
    "Puma": ("shiltons", 22, 10, 14, 0),
    "Jaguar": ("shiltons", 35, 15, 20, 0),
    "Ocelot": ("shiltons", 28, 10, 16, 0),
}


def ship_catalog() -> dict:
    """The catalog rows of :data:`SHIPS`, by name."""
    return {
        name: StarshipCommandShipFactory(
            name=name,
            race=race,
            value=value,
            shields=shields,
            structure=structure,
            crippled=(shields + structure) // 2,
            fighter_capacity=fighters,
            ship_class="carrier" if fighters else "cruiser",
        )
        for name, (race, value, shields, structure, fighters) in SHIPS.items()
    }


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Rim Campaign {n}")
    organizer = factory.SubFactory(OrganizerFactory)
    battles = 3


def campaign_with(teams: dict[str, str], **fields):
    """A campaign whose players (new accounts, by username) command these races; returns it and its players."""
    campaign = CampaignFactory(**fields)
    players = {
        username: campaign_add_player(campaign=campaign, user=PlayerFactory(username=username), race=race)
        for username, race in teams.items()
    }
    return campaign, players


def fate(ship: str, owner: str, what: str, **details) -> dict:
    """A ship's fate in a battle, players by username: ``fate("Valiant", "ann", "destroyed", destroyed_by="cat")``."""
    return {"ship": ship, "owner": owner, "fate": what, **details}


class Desk:
    """Records entries through the services as the campaign's organizer, players and ships by name."""

    def __init__(self, campaign, players: dict, ships: dict):
        self.campaign, self.players, self.ships = campaign, players, ships

    def _record(self, service, **fields):
        return service(campaign=self.campaign, recorded_by=self.campaign.organizer, **fields)

    def buy(self, who: str, ship: str, **extra):
        return self._record(campaign_record_purchase, player=self.players[who], ship=self.ships[ship], **extra)

    def repair(self, who: str, ship: str, *, shields: int = 0, structure: int = 0):
        return self._record(
            campaign_record_repair, player=self.players[who], ship=ship, shields=shields, structure=structure
        )

    def give(self, ship: str, giver: str, receiver: str):
        return self._record(
            campaign_record_transfer, ship=ship, giver=self.players[giver], receiver=self.players[receiver]
        )

    def battle(self, *fates: dict, **extra):
        return self._record(campaign_record_battle, fates=[self.battle_fate(**spec) for spec in fates], **extra)

    def battle_fate(self, *, ship, owner, fate, destroyed_by=None, captured_by=None, **details) -> BattleFate:
        return BattleFate(
            ship=ship,
            owner=self.players[owner],
            fate=Fate(fate),
            destroyed_by=self.players.get(destroyed_by),
            captured_by=self.players.get(captured_by),
            **details,
        )

    def page(self):
        return campaign_page(self.campaign)

    def balances(self) -> dict[str, int]:
        return {sheet.player.user.username: sheet.bank for sheet in self.page().sheets}
