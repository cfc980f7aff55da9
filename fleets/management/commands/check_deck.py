"""``manage.py check_deck DECK.json [--json] [--casual]``: is a Wing Commander deck legal?

Tournament rules apply unless ``--casual`` lifts the 100-card maximum. The file
format and every violation code are in ``docs/other-games-rules.md``. Exit
status: 0 legal, 1 illegal, 2 the file could not be read as a deck (with one
line on stderr saying why).

:class:`ListCheckCommand` is the shape every list-check command shares
(``check_list`` too): read the file, judge it, print text or JSON, exit.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from rules.list_check import EXIT_BAD_INPUT, ListFileError, ListReport, read_list_file
from rules.registry import get_game


class ListCheckCommand(BaseCommand):
    """Reads the list file named on the command line, prints the report, exits 0, 1 or 2."""

    file_help = "the list file (JSON)"
    requires_system_checks = []  # judges a file; nothing here depends on the project's configuration

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="FILE", help=self.file_help)
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def judge(self, data: object, options: dict) -> ListReport:
        """Judge the parsed file; a subclass picks the game's rules from ``options``."""
        raise NotImplementedError

    def handle(self, *args, path: str, **options):
        try:
            report = self.judge(read_list_file(path), options)
        except ListFileError as error:
            raise CommandError(str(error), returncode=EXIT_BAD_INPUT) from None
        self.stdout.write(json.dumps(report.to_dict(), indent=2) if options["json"] else report.to_text())
        if not report.legal:
            sys.exit(report.exit_code)


class Command(ListCheckCommand):
    help = (
        "Check a Wing Commander CCG deck file against the play deck and starting muster rules "
        "(tournament rules unless --casual). Exit status: 0 legal, 1 illegal, 2 unreadable file."
    )
    file_help = "the deck file (JSON), e.g. DECK.json"

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--casual", action="store_true", help="casual play: no 100-card maximum")

    def judge(self, data: object, options: dict) -> ListReport:
        return get_game("wing-commander").rules().check_deck_data(data, tournament=not options["casual"])
