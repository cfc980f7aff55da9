"""``manage.py import_event PATH [--organizer USERNAME]``: recreate an event from its JSON export.

See :mod:`tournaments.services.transfer`: accounts missing here are created without a
usable password, each player's fleet is restored as a fleet of theirs, and results
come back exactly as recorded. The whole file is checked before anything is written:
a file this site cannot import is refused with one line per problem on standard error,
exit status 2, and nothing imported.
"""

from __future__ import annotations

import json
from typing import NoReturn

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from ...errors import TournamentError
from ...services import event_import
from ...services.transfer import ImportRefused

EXIT_BAD_INPUT = 2
# The largest file read: an export of a 512-player event is a few megabytes.
MAX_BYTES = 64 * 1024 * 1024


class Command(BaseCommand):
    help = (
        "Recreate an event from the JSON written by export_event (or the event page's JSON export). "
        "Exit status 2: the file was refused, nothing imported."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="PATH")
        parser.add_argument(
            "--organizer", metavar="USERNAME", help="who runs the imported event (default: as exported)"
        )

    def handle(self, *args, path: str, organizer: str | None, **options):
        runner = None
        if organizer:
            runner = get_user_model().objects.filter(username=organizer).first()
            if runner is None:
                raise CommandError(f"No account is called {organizer!r}.", returncode=EXIT_BAD_INPUT)
        data = self.read(path)
        try:
            event = event_import(data=data, organizer=runner)
        except ImportRefused as error:
            self.refuse(path, error.problems, error.count)
        except TournamentError as error:
            self.refuse(path, [error.message])
        self.stdout.write(f"Imported {event.name} as event {event.pk}.")

    def read(self, path: str):
        """The file's JSON, reading at most :data:`MAX_BYTES` and one byte more (to tell it is too large)."""
        try:
            with open(path, "rb") as file:
                raw = file.read(MAX_BYTES + 1)
        except OSError as error:
            self.refuse(path, [f"cannot read it: {error.strerror}"])
        if len(raw) > MAX_BYTES:
            self.refuse(path, [f"it is larger than {MAX_BYTES} bytes"])
        try:
            return json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            self.refuse(path, ["it is not UTF-8 text"])
        except RecursionError:
            self.refuse(path, ["its JSON nests too deep"])
        except ValueError as error:
            self.refuse(path, [f"it is not JSON ({error})"])

    def refuse(self, path: str, problems: list[str], count: int | None = None) -> NoReturn:
        for line in problems:
            self.stderr.write(line)
        count = len(problems) if count is None else count
        raise CommandError(
            f"{path} is not an event export this site can import "
            f"({count} problem{'s' if count > 1 else ''}); nothing was imported.",
            returncode=EXIT_BAD_INPUT,
        )
