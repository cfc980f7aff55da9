"""``manage.py seed_demo [--cards PATH]``: demo accounts and each game's demo data, safe to run again.

Accounts (``admin``, a site administrator who grants roles on the People page, then
``organizer``, ``judge``, ``player`` and a few more players) get random passwords, printed
once when the account is created; a later run leaves existing accounts alone and prints
nothing for them. An empty STAW catalog is filled first: from ``--cards`` when given, else
from the card files Muster ships (``import_cards``). Each game adds its own demo (its
registry entry's ``demo``), given the demo accounts. Two stores follow
(``stores.demo``), each with its own organizer and judge: the games' demo events are held at the
first, the second has its own.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.roles import JUDGE, ORGANIZER, PLAYER
from fleets.models import Card
from game_registry import all_games
from stores.demo import demo as store_demo

from ...services.demo import demo_store_events

ADMIN = "admin"
DEMO_ACCOUNTS = (
    (ADMIN, ()),
    ("organizer", (ORGANIZER,)),
    ("judge", (JUDGE,)),
    ("organizer2", (ORGANIZER,)),
    ("judge2", (JUDGE,)),
    ("player", (PLAYER,)),
    ("player2", (PLAYER,)),
    ("player3", (PLAYER,)),
    ("player4", (PLAYER,)),
)


class Command(BaseCommand):
    help = (
        "Create demo accounts and a demo event of every game (idempotent); an empty STAW catalog gets the "
        "card files Muster ships, or --cards PATH."
    )

    def add_arguments(self, parser):
        parser.add_argument("--cards", metavar="PATH", help="a card database to import instead of the shipped one")

    def handle(self, *args, cards: str | None = None, **options):
        if cards and not Card.objects.exists():
            call_command("import_cards", cards, stdout=self.stdout, stderr=self.stderr)
        call_command("import_cards", stdout=self.stdout, stderr=self.stderr)  # the shipped files the site lacks
        with transaction.atomic():
            users = {name: self.account(name, roles) for name, roles in DEMO_ACCOUNTS}
            for game in all_games():
                if game.demo is not None:
                    game.demo(accounts=users, log=self.stdout.write)
            demo_store_events(stores=store_demo(accounts=users, log=self.stdout.write), log=self.stdout.write)

    def account(self, username: str, roles: tuple[str, ...]):
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"email": f"{username}@example.org"}
        )
        if created:
            password = secrets.token_urlsafe(12)
            user.set_password(password)
            user.is_staff = user.is_superuser = username == ADMIN
            user.save()
            # The roles migration makes the groups; a database emptied since then gets them back here.
            user.groups.add(*(Group.objects.get_or_create(name=role)[0] for role in roles))
            what = ", ".join(roles) or "site administrator: grants Organizer and Judge on the People page"
            self.stdout.write(f"Created {username} ({what}) with password: {password}")
        return user
