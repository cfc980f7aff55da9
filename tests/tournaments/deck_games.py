"""Events of the deck games and the decks players register with, built through the services.

An event plays the format of its game's samples, and ``enter_with_decks`` enters a player with
the legal decks the samples make (``games/<game>/samples.py``). The decks below are built from
catalog cards with the fleets deck services, so each is the
very file a player would submit: ``wing_commander_decks`` gives a legal Terran
deck of 40 Arrows and a legal Kilrathi deck of 40 Darkets (seed 001, play deck
restriction 1: "at least 40 cards"); ``starship_command_fleet`` three 20-point
ships of one race; ``spearpoint_reserves`` a reserves deck of 6-point units
with a starting hand of four.
"""

from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from tests.accounts.factories import PlayerFactory
from tests.fleets.decks.factories import SpearpointUnitFactory, StarshipCommandShipFactory, wing_commander_card
from tests.games.samples import samples_of
from tests.tournaments.factories import EventFactory
from tournaments.services import registration_add, registration_check_in, registration_submit_decks


def deck_event(game: str, **fields):
    """An event of ``game`` in the format its samples play (the fleet-point base is 0: these games have none)."""
    return EventFactory(game=game, format=fields.pop("format", samples_of(game).format), **fields)


def wing_commander_deck(player, side: str, cards: int = 40, name: str = ""):
    card = wing_commander_card("Arrow") if side == "terran" else wing_commander_card("Darket", side="kilrathi")
    deck = deck_create(owner=player, game="wing-commander", name=name or f"{side.title()} deck", side=side)
    return deck_add_card(deck=deck, card=card, count=cards)


def wing_commander_decks(player) -> dict:
    return {side: wing_commander_deck(player, side) for side in ("terran", "kilrathi")}


def starship_command_fleet(player, ships: int = 3, name: str = "Home Fleet"):
    deck = deck_create(owner=player, game="starship-command", name=name, side="confederation")
    for _ in range(ships):
        deck = deck_add_card(deck=deck, card=StarshipCommandShipFactory(value=20), count=1)
    return deck


def spearpoint_reserves(player, copies: int = 15, name: str = "Easy Company"):
    """``copies`` 6-point rifle squads (15: 90 points), four of them the starting hand."""
    unit = SpearpointUnitFactory(cost=6)
    deck = deck_create(owner=player, game="spearpoint", name=name, side="american")
    deck = deck_add_card(deck=deck, card=unit, count=copies)
    return deck_set_line(deck=deck, name=unit.name, side="american", count=copies, chosen=4)


def enter_with_decks(event, player=None, *, club: str = "", check_in: bool = True):
    """Register a player (added by the organizer) with legal decks of the event's game, checked in."""
    player = player or PlayerFactory()
    registration = registration_add(event=event, player=player, added_by=event.organizer, club=club)
    registration_submit_decks(registration=registration, decks=samples_of(event.game).decks(player))
    if check_in:
        registration_check_in(registration=registration)
    registration.refresh_from_db()
    return registration
