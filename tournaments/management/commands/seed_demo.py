"""``manage.py seed_demo [--cards PATH]``: demo accounts and a demo event, safe to run again.

Accounts (``organizer``, ``judge``, ``player`` and a few more players) get random
passwords, printed once when the account is created; a later run leaves existing
accounts alone and prints nothing for them. With ``--cards`` and an empty catalog
the STAW cards are imported first (``import_cards``); when a catalog is present the
demo players register for the demo event with legal fleets.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.roles import JUDGE, ORGANIZER, PLAYER
from fleets.models import Card, Fleet
from fleets.services import fleet_create, fleet_update

from ...models import Event
from ...services import event_create, registration_add, registration_submit_fleet

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
DEMO_ACCOUNTS = (
    ("organizer", (ORGANIZER,)),
    ("judge", (JUDGE,)),
    ("player", (PLAYER,)),
    ("player2", (PLAYER,)),
    ("player3", (PLAYER,)),
    ("player4", (PLAYER,)),
)


class Command(BaseCommand):
    help = "Create demo accounts and a demo event (idempotent); import the STAW cards first with --cards PATH."

    def add_arguments(self, parser):
        parser.add_argument("--cards", metavar="PATH", help="a card database to import if the catalog is empty")

    def handle(self, *args, cards: str | None = None, **options):
        if cards and not Card.objects.exists():
            call_command("import_cards", cards, stdout=self.stdout, stderr=self.stderr)
        with transaction.atomic():
            users = {name: self.account(name, roles) for name, roles in DEMO_ACCOUNTS}
            self.demo_event(users)
        if not Card.objects.exists():
            self.stdout.write(
                "No STAW card catalog is loaded, so the demo event has no fleets. Import one with:\n"
                "  .venv/bin/python manage.py import_cards PATH_OR_URL_OF/utopia-data.json\n"
                "or run `CARD_DATA=path/to/utopia-data.json make run`."
            )

    def account(self, username: str, roles: tuple[str, ...]):
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"email": f"{username}@example.org"}
        )
        if created:
            password = secrets.token_urlsafe(12)
            user.set_password(password)
            user.save()
            user.groups.add(*Group.objects.filter(name__in=roles))
            self.stdout.write(f"Created {username} ({', '.join(roles)}) with password: {password}")
        return user

    def demo_event(self, users) -> None:
        event = Event.objects.filter(name=DEMO_EVENT_NAME).first()
        if event is None:
            event = event_create(
                organizer=users["organizer"],
                judges=[users["judge"]],
                name=DEMO_EVENT_NAME,
                game="attack-wing",
                format="wizkids-2016",
                date=timezone.localdate() + timedelta(days=14),
                venue="Deep Space Nine, Promenade",
            )
            self.stdout.write(f"Created the demo event {event.name!r}.")
        if event.has_started or Card.objects.filter(source_id__in=DEMO_CARD_IDS).count() < len(DEMO_CARD_IDS):
            return  # no (Utopia) catalog: the demo event stays without players
        for username, user in users.items():
            if not username.startswith("player") or event.registrations.filter(player=user).exists():
                continue
            registration = registration_add(event=event, player=user)
            registration_submit_fleet(registration=registration, fleet=self.demo_fleet(user))
            self.stdout.write(f"Registered {username} for the demo event with a legal fleet.")

    def demo_fleet(self, user) -> Fleet:
        fleet = Fleet.objects.filter(owner=user, name=DEMO_FLEET_NAME).first()
        if fleet is None:
            fleet = fleet_create(owner=user, name=DEMO_FLEET_NAME, faction="federation")
            fleet_update(fleet=fleet, content=DEMO_FLEET, by=user)
        return fleet
