"""``manage.py final_standings``: store every finished event's final lines again.

For events finished before the lines were stored, or after results were changed outside the
services (a restore, a hand edit in the admin).
"""

from django.core.management.base import BaseCommand

from tournaments.services.final_standings import final_standings_rebuild


class Command(BaseCommand):
    help = "Store every finished event's final standings again (each player's place and record)."

    def handle(self, *args, **options):
        stored = final_standings_rebuild()
        self.stdout.write(f"Stored {stored} final standings.")
