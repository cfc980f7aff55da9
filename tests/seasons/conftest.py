"""A store with finished STAW events played through the services, for the seasons tests."""

from __future__ import annotations

from datetime import date

import pytest

from stores.models import StoreRoleKind
from stores.services import store_appoint, store_create
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.tournaments.factories import fleet_for, legal_fleet_content, small_catalog
from tournaments.games import event_game
from tournaments.services import (
    event_create,
    event_finish,
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)


@pytest.fixture
def league(db):
    """A store, its organizer and four players (strongest first) with a fleet each."""
    organizer = OrganizerFactory()
    store = store_create(name="Quark's Bar", town="Bajor", first_organizer=organizer, by=organizer)
    catalog = small_catalog()
    players = [PlayerFactory(first_name=name) for name in ("Ada", "Ben", "Cy", "Di")]
    fleets = {p.pk: fleet_for(p, legal_fleet_content(catalog), name=f"Fleet of {p.first_name}") for p in players}
    return {"organizer": organizer, "store": store, "players": players, "fleets": fleets}


def play_event(league, day: date, *, players=None, lists_public=True, rounds=2, name=None):
    """A finished event at the league's store: the player earlier in ``players`` wins every game."""
    players = players or league["players"]
    organizer = league["organizer"]
    event = event_create(
        organizer=organizer,
        name=name or f"League night {day}",
        game="attack-wing",
        format="wizkids-2016",
        date=day,
        store=league["store"],
        lists_public=lists_public,
    )
    for player in players:
        registration = registration_add(event=event, player=player, added_by=organizer)
        registration_submit_fleet(registration=registration, fleet=league["fleets"][player.pk])
        registration_check_in(registration=registration)
    event = event_start(event=event)
    order = [p.pk for p in players]
    game = event_game(event.game)
    for _ in range(rounds):
        round_ = round_pair_next(event=event, by=organizer)
        for match in round_.matches.filter(table__isnull=False).prefetch_related("sides__registration__player"):
            seats = {side.seat: order.index(side.registration.player_id) for side in match.sides.all()}
            result_enter(match=match, by=organizer, result=game.result_from_json({"winner": min(seats, key=seats.get)}))
    return event_finish(event=event)


@pytest.fixture
def other_store_organizer(db):
    organizer = OrganizerFactory()
    store = store_create(name="Garak's Clothiers", town="Bajor", first_organizer=organizer, by=organizer)
    store_appoint(store=store, person=JudgeFactory(), role=StoreRoleKind.JUDGE, by=organizer)
    return organizer
