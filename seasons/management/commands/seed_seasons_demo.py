"""``manage.py seed_seasons_demo``: the demo's seasons (after ``seed_demo``), safe to run again."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from ...demo import demo


class Command(BaseCommand):
    help = "Play the demo seasons at the first demo store: one of finished events for every game that gives one."

    def handle(self, *args, **options):
        accounts = {user.username: user for user in get_user_model().objects.filter(username__startswith="player")}
        accounts["organizer"] = get_user_model().objects.filter(username="organizer").first()
        if accounts["organizer"] is None:
            self.stdout.write("Run seed_demo first: there is no demo organizer.")
            return
        demo(accounts=accounts, log=self.stdout.write)
