"""``manage.py import_event PATH [--organizer USERNAME]``: recreate an event from its JSON export.

See :mod:`tournaments.services.transfer`: accounts missing here are created without a
usable password, each player's fleet is restored as a fleet of theirs, and results
come back exactly as recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from ...errors import TournamentError
from ...services import event_import


class Command(BaseCommand):
    help = "Recreate an event from the JSON written by export_event (or the event page's JSON export)."

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="PATH")
        parser.add_argument(
            "--organizer", metavar="USERNAME", help="who runs the imported event (default: as exported)"
        )

    def handle(self, *args, path: str, organizer: str | None, **options):
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        runner = None
        if organizer:
            runner = get_user_model().objects.filter(username=organizer).first()
            if runner is None:
                raise CommandError(f"No account is called {organizer!r}.")
        try:
            event = event_import(data=data, organizer=runner)
        except TournamentError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Imported {event.name} as event {event.pk}.")
