"""Attack Wing's part of ``seed_demo``: an event two weeks ahead, its players registered with a legal fleet."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.utils import timezone

from fleets.models import Card, Fleet
from fleets.services import fleet_create, fleet_update
from tournaments.models import Event
from tournaments.services import event_create, registration_add, registration_submit_fleet

from . import KEY

DEMO_EVENT_NAME = "Muster Demo Open"
DEMO_FLEET_NAME = "Demo fleet: Galaxy, Excelsior, Constitution"
# Three Federation ships with their captains, 81 SP: legal in the 2016 format (Utopia card ids).
DEMO_FLEET = {
    "format": "wizkids-2016",
    "ships": [
        {"ship": "S412", "captain": "Cap053"},
        {"ship": "S409", "captain": "Cap048"},
        {"ship": "S408", "captain": "Cap046"},
    ],
}
DEMO_CARD_IDS = [card for ship in DEMO_FLEET["ships"] for card in ship.values()]


def demo(*, accounts: dict, log: Callable[[str], None]) -> None:
    """A demo event two weeks ahead; with the Utopia catalog loaded, the demo players registered with legal fleets."""
    event = Event.objects.filter(name=DEMO_EVENT_NAME).first()
    if event is None:
        event = event_create(
            organizer=accounts["organizer"],
            judges=[accounts["judge"]],
            name=DEMO_EVENT_NAME,
            game=KEY,
            format="wizkids-2016",
            date=timezone.localdate() + timedelta(days=14),
            venue="Deep Space Nine, Promenade",
        )
        log(f"Created the demo event {event.name!r}.")
    if event.has_started or Card.objects.filter(source_id__in=DEMO_CARD_IDS).count() < len(DEMO_CARD_IDS):
        return  # no (Utopia) catalog: the demo event stays without players
    for username, user in accounts.items():
        if not username.startswith("player") or event.registrations.filter(player=user).exists():
            continue
        registration = registration_add(event=event, player=user)
        registration_submit_fleet(registration=registration, fleet=demo_fleet(user))
        log(f"Registered {username} for the demo event with a legal fleet.")


def demo_fleet(user) -> Fleet:
    fleet = Fleet.objects.filter(owner=user, name=DEMO_FLEET_NAME).first()
    if fleet is None:
        fleet = fleet_create(owner=user, name=DEMO_FLEET_NAME, faction="federation")
        fleet_update(fleet=fleet, content=DEMO_FLEET, by=user)
    return fleet
