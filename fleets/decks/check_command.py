"""The shape every list-check command shares (``check_deck``, ``check_list``): read the file, judge it,
print text or JSON, exit 0 legal, 1 illegal, 2 the file could not be read (with one line on stderr saying why).
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from rules.inputs.list_check import EXIT_BAD_INPUT, ListFileError, ListReport, read_list_file


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
