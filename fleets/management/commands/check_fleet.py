"""``manage.py check_fleet FILE [--cards PATH] [--reference-cards PATH] [--source-format F] [--squad N]
[--format KEY] [--date YYYY-MM-DD] [--json]``.

Checks a Star Trek: Attack Wing fleet in any format Muster reads, detected from the file
(``--source-format`` names it): a Muster fleet file (format in ``docs/attack-wing-rules.md``)
or text export, a Utopia link, text or Tabletop Simulator export, a Space Dock squad file or
text. The cards come from ``--cards`` (a Utopia or Space Dock file, plain or compressed, read
directly, no database), else from the site's catalog, else (a site with no catalog, or no
database yet) from the Utopia file Muster ships. Ids of the other builder are translated
through ``--reference-cards``, else the other builder's file the site holds or Muster ships. For any
format but Muster's fleet file, what was recognised card by card comes before the report.
``--format`` and ``--date`` override the file's own. Exit status: 0 legal, 1 illegal or cards
not recognised, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import json
import sys
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from fleets.bundled_cards import read_bundled
from fleets.catalog_import import MAX_BYTES as MAX_CARD_FILE_BYTES
from fleets.models import Card
from fleets.selectors import load_catalog, reference_catalogs
from rules.attack_wing import (
    DEFAULT_FORMAT,
    CatalogFormatError,
    FleetFileError,
    Report,
    get_format,
    interchange,
    read_catalog,
    report_to_dict,
    validate_fleet,
)
from rules.attack_wing.explained import breakdown, step_sentence
from rules.attack_wing.fleet import UNAPPLIED_NOTE
from rules.attack_wing.fleet_file import MAX_FILE_BYTES
from rules.attack_wing.sources import detect_source
from rules.inputs.bounded_read import read_at_most

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = "Check a Star Trek: Attack Wing fleet file. Exit status: 0 legal, 1 illegal, 2 bad input."
    requires_system_checks = []  # judges a file; nothing here depends on the project's configuration

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="FILE", help="the fleet: a file in any format Muster reads")
        parser.add_argument("--cards", metavar="PATH", help="a Utopia JSON or Space Dock XML card file to use")
        parser.add_argument(
            "--reference-cards", metavar="PATH", help="the other builder's card file, to translate its ids"
        )
        parser.add_argument(
            "--source-format", choices=interchange.FORMATS, help="the fleet's format (default: detected)"
        )
        parser.add_argument("--squad", type=int, default=1, help="which squad of a Space Dock file (default 1)")
        parser.add_argument("--format", dest="format_key", metavar="KEY", help="tournament format, e.g. wizkids-2016")
        parser.add_argument("--date", dest="event_date", metavar="YYYY-MM-DD", help="event date (resource retirement)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, path: str, cards: str | None, format_key: str | None, event_date: str | None, **options):
        try:
            result, report = self.check(path, cards, format_key, event_date, options)
        except (OSError, CatalogFormatError, FleetFileError, KeyError, ValueError) as error:
            raise CommandError(_one_line(error), returncode=EXIT_BAD_INPUT) from None
        imported = result.format != interchange.MUSTER_JSON
        if options["json"]:
            document = report_to_dict(report)
            if imported:
                document["import"] = interchange.result_to_dict(result, report)
            self.stdout.write(json.dumps(document, indent=2))
        else:
            self.stdout.write((render_import(result) + "\n" if imported else "") + render_text(report))
        if not report.legal or not result.complete:
            sys.exit(EXIT_ILLEGAL)

    def check(  # type: ignore[override]  # not BaseCommand.check: requires_system_checks is empty
        self, path, cards, format_key, event_date, options
    ) -> tuple[interchange.ImportResult, Report]:
        if cards:
            data = read_at_most(cards, MAX_CARD_FILE_BYTES, what="card file")
            source = detect_source(data)
            catalog, references = read_catalog(data, source), _shipped_other_than(source)
        elif _site_has_catalog():
            catalog, references = load_catalog(), reference_catalogs()
        else:
            catalog, references = read_catalog(read_bundled("utopia"), "utopia"), _shipped_other_than("utopia")
        if options.get("reference_cards"):
            data = read_at_most(options["reference_cards"], MAX_CARD_FILE_BYTES, what="card file")
            references = {detect_source(data): read_catalog(data)}
        squad = options.get("squad") or 1
        if squad < 1:
            raise ValueError("--squad counts from 1")
        data = read_at_most(path, MAX_FILE_BYTES, what="fleet file")
        try:
            result = interchange.import_fleet(
                data, catalog, options.get("source_format"), references=references, squad=squad - 1
            )
        except interchange.InterchangeError as error:
            raise ValueError(error.message) from None
        except RecursionError:
            raise ValueError("the fleet is nested too deeply to be read") from None
        fmt = get_format(format_key or result.format_key or DEFAULT_FORMAT)
        on = _date_option(event_date) if event_date else result.date
        return result, validate_fleet(result.fleet, catalog, fmt, on)


def _site_has_catalog() -> bool:
    """Whether the site's database holds cards; a clone not yet migrated has none (and no tables)."""
    try:
        return Card.objects.exists()
    except DatabaseError:
        return False


def _shipped_other_than(source: str) -> dict:
    """The other builder's card file as Muster ships it, so that builder's ids translate too."""
    other = "spacedock" if source == "utopia" else "utopia"
    return {other: read_catalog(read_bundled(other), other)}


def render_import(result: interchange.ImportResult) -> str:
    """What was recognised: the format, every card that was not simply matched, problems and notes."""
    counts = {status: sum(1 for match in result.cards if match.status == status) for status in interchange.STATUSES}
    lines = [
        f"Read as: {interchange.FORMAT_NAMES.get(result.format, result.format)}"
        + (f" ({result.name})" if result.name else ""),
        "Cards: " + ", ".join(f"{count} {status.replace('_', ' ')}" for status, count in counts.items()),
    ]
    for match in result.cards:
        if match.status != interchange.MATCHED or match.doubtful:
            status = "near name" if match.status == interchange.MATCHED else match.status
            where = f"ship {match.ship + 1} " if match.ship is not None else ""
            found = f" -> {match.card_id}" if match.card_id else ""
            lines.append(f"  {status:<10} {where}{match.role}: {match.source}{found}. {match.note}".rstrip())
        lines.extend(
            f"      {'taken:' if c.chosen else 'or:   ' if c.fits else 'other:'} {c}" for c in match.candidates
        )
    if result.source_total is not None:
        lines.append(f"The source's total: {result.source_total} SP")
    lines.extend(f"Problem: {problem}" for problem in result.problems)
    lines.extend(f"Note: {note}" for note in result.notes)
    return "\n".join(lines)


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
    """The report as a judge reads it: every card by title and id, its cost, and why it differs from printed."""
    lines = [
        f"{'LEGAL' if report.legal else 'ILLEGAL'}: {report.total}/{report.limit} SP ({report.format})",
    ]
    for ship in report.ships:
        lines.append(f"Ship {ship.index + 1}: {ship.name} [{ship.ship}] {ship.cost} SP")
        for card in ship.cards:
            lines.append(f"  {card.role:<8} {card.name} [{card.id}] {card.cost} SP")
            lines.extend(_steps(card.printed, card.adjustments, card.cost, card.id))
            lines.extend(f"      Note: {UNAPPLIED_NOTE.format(sentence=s)}" for s in card.unapplied)
            if card.placed:  # where it sits, or the set-up choice it stands for (the Fleet Captain's point 5)
                lines.append(f"      Sits in {card.placed}." if card.placed[:1].islower() else f"      {card.placed}")
    for resource in report.resources:
        lines.append(f"Resource: {resource.name} [{resource.id}] {resource.cost} SP")
        lines.extend(_steps(resource.printed, resource.adjustments, resource.cost, resource.id))
        lines.extend(f"      Note: {UNAPPLIED_NOTE.format(sentence=s)}" for s in resource.unapplied)
    if report.violations:
        lines.append("Violations:")
        lines.extend(f"  {v.code}: {v.message}" for v in report.violations)
    return "\n".join(lines)


def _steps(printed: int, steps: tuple, cost: int, card_id: str) -> list[str]:
    """Under a card whose cost is not simply its printed cost: the sum, then each step in full."""
    if not steps:
        return []
    return [f"      {breakdown(printed, steps, cost, card_id)}", *(f"        {step_sentence(s)}" for s in steps)]
