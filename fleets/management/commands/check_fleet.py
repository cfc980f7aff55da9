"""``manage.py check_fleet FLEET.json [--cards PATH] [--format KEY] [--date YYYY-MM-DD] [--json]``.

Checks a Star Trek: Attack Wing fleet file (format in ``docs/attack-wing-rules.md``).
The cards come from ``--cards`` (a Utopia or Space Dock file, read directly, no
database) or else from the imported catalog. ``--format`` and ``--date`` override the
file's own. Exit status: 0 legal, 1 illegal, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import json
import sys
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from fleets.catalog_import import MAX_BYTES as MAX_CARD_FILE_BYTES
from fleets.selectors import load_catalog
from rules.attack_wing import (
    DEFAULT_FORMAT,
    CatalogFormatError,
    FleetFileError,
    Report,
    get_format,
    parse_fleet,
    read_catalog,
    report_to_dict,
    validate_fleet,
)
from rules.attack_wing.fleet_file import MAX_FILE_BYTES
from rules.bounded_read import read_at_most

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = "Check a Star Trek: Attack Wing fleet file. Exit status: 0 legal, 1 illegal, 2 bad input."
    requires_system_checks = []  # judges a file; nothing here depends on the project's configuration

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="FLEET.json", help="the fleet file (JSON)")
        parser.add_argument("--cards", metavar="PATH", help="a Utopia JSON or Space Dock XML card file to use")
        parser.add_argument("--format", dest="format_key", metavar="KEY", help="tournament format, e.g. wizkids-2016")
        parser.add_argument("--date", dest="event_date", metavar="YYYY-MM-DD", help="event date (resource retirement)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, path: str, cards: str | None, format_key: str | None, event_date: str | None, **options):
        try:
            report = self.check(path, cards, format_key, event_date)
        except (OSError, CatalogFormatError, FleetFileError, KeyError, ValueError) as error:
            raise CommandError(_one_line(error), returncode=EXIT_BAD_INPUT) from None
        self.stdout.write(json.dumps(report_to_dict(report), indent=2) if options["json"] else render_text(report))
        if not report.legal:
            sys.exit(EXIT_ILLEGAL)

    def check(self, path: str, cards: str | None, format_key: str | None, event_date: str | None) -> Report:
        catalog = read_catalog(read_at_most(cards, MAX_CARD_FILE_BYTES, what="card file")) if cards else load_catalog()
        fleet, file_format, file_date = parse_fleet(read_at_most(path, MAX_FILE_BYTES, what="fleet file"), catalog)
        fmt = get_format(format_key or file_format or DEFAULT_FORMAT)
        on = _date_option(event_date) if event_date else file_date
        return validate_fleet(fleet, catalog, fmt, on)


def _date_option(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"--date {value!r} is not a date (YYYY-MM-DD)") from None


def _one_line(error: Exception) -> str:
    text = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
    if isinstance(error, OSError) and error.filename:
        text = f"cannot read {error.filename}: {error.strerror}"
    return " ".join(str(text).split())


def render_text(report: Report) -> str:
    lines = [
        f"{'LEGAL' if report.legal else 'ILLEGAL'}: {report.total}/{report.limit} SP ({report.format})",
    ]
    for ship in report.ships:
        lines.append(f"Ship {ship.index + 1}: {ship.name} [{ship.ship}] {ship.cost} SP")
        for card in ship.cards:
            penalty = f" (printed {card.printed}, faction penalty +{card.penalty})" if card.penalty else ""
            lines.append(f"  {card.role:<8} {card.id:<12} {card.cost:>3} SP{penalty}")
    for resource in report.resources:
        lines.append(f"Resource {resource.id}: {resource.cost} SP")
    if report.violations:
        lines.append("Violations:")
        lines.extend(f"  {v.code}: {v.message}" for v in report.violations)
    return "\n".join(lines)
