"""Run in the site's own process (``manage.py shell``) by ``test_two_servers.py``: the security tests'
world (a running event, its staff and players, API tokens) and a bigger event whose sheets take a
few seconds, printed as JSON for the test."""

import json

from django.test import override_settings

from tests.accounts.factories import PASSWORD, PlayerFactory
from tests.security.world import build_world, enter_with_fleet
from tests.tournaments.factories import EventFactory

BIG_EVENT_PLAYERS = 60

world = build_world()
big = EventFactory(organizer=world.users["organizer"], name="Big Open")
# The big event's players never log in: a quick hash keeps setting them up to seconds.
with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
    for _ in range(BIG_EVENT_PLAYERS):
        enter_with_fleet(big, PlayerFactory(), world.catalog)
print(
    json.dumps(
        {
            "password": PASSWORD,
            "organizer": world.users["organizer"].username,
            "event": world.event.pk,
            "match": world.match.pk,
            "big_event": big.pk,
            "organizer_token": world.tokens["organizer"],
        }
    )
)
