"""``manage.py import_cards [PATH_OR_URL] [--source utopia|spacedock] [--progress]``.

Imports a Star Trek: Attack Wing card database (the Utopia ``data.json`` or
the Space Dock ``Data.xml``, plain or compressed) into the catalog; see
:mod:`fleets.catalog_import`. Without a location it installs the card files Muster
ships that the site does not have yet (``fleets/card_data/``) and reads the file the
catalog came from again with this release's card reader (run it after each upgrade);
``update_cards`` shows what a newer file changes before importing it.
Re-running it updates cards in place. The catalog holds one source: Utopia
and Space Dock share no card id, so a Space Dock file on top of a Utopia
catalog (or the reverse) would list most cards twice and is refused.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from fleets.catalog_import import (
    SOURCE_NAMES,
    CatalogImportError,
    ImportSummary,
    import_catalog,
    install_bundled,
    read_location,
)
from rules.attack_wing.sources import SOURCES

BAR_WIDTH = 30
LISTED = 20  # ids, skipped cards and warnings printed before "… and N more" (all of them with -v 2)


class Command(BaseCommand):
    help = (
        "Import a Star Trek: Attack Wing card database (Utopia JSON or Space Dock XML) from a path or an "
        "http(s) URL. One transaction: a malformed or truncated file changes nothing. Re-importing updates "
        "cards in place; cards no longer in the file are kept. The catalog holds one source: Utopia and "
        "Space Dock number the same cards differently (no shared id), so importing one on top of the other "
        "is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "location",
            metavar="PATH_OR_URL",
            nargs="?",
            help="a local file or an http(s) URL (default: the card files Muster ships, if the site lacks them; "
            "the held file read again with this release's card reader)",
        )
        parser.add_argument("--source", choices=SOURCES, help="the file's format (default: detected)")
        parser.add_argument(
            "--progress", action="store_true", help="show a progress bar even when stderr is not a terminal"
        )

    def handle(self, *args, location: str | None, source: str | None, progress: bool, **options):
        show_progress = progress or self.stderr.isatty()
        bar = self._draw_bar if show_progress else None
        try:
            if location is None:
                done = install_bundled(progress=bar)
            else:
                summary = import_catalog(data=read_location(location), source=source, progress=bar, origin=location)
        except CatalogImportError as error:
            raise CommandError(str(error)) from error
        finally:
            if show_progress:
                self.stderr.write("")
        if location is None:
            self.stdout.write("\n".join(done) or "The site already holds the card files Muster ships.")
        else:
            self._report(location, summary, limit=None if options["verbosity"] > 1 else LISTED)

    def _draw_bar(self, done: int, total: int) -> None:
        filled = BAR_WIDTH * done // total
        self.stderr.write(f"\rImporting [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}", ending="")
        self.stderr.flush()

    def _report(self, location: str, summary: ImportSummary, limit: int | None) -> None:
        cards, sets = summary.cards, summary.sets
        lines = [
            f"Imported {SOURCE_NAMES[summary.source]} cards from {location}",
            f"  cards: {cards.added} added, {cards.changed} changed, {cards.unchanged} unchanged, "
            f"{len(summary.skipped)} skipped",
            f"  sets: {sets.added} added, {sets.changed} changed, {sets.unchanged} unchanged",
        ]
        if not summary.changed_anything:
            lines.append("  the catalog already matched the file: nothing was written")
        lines.append(
            f"  not judged by the site: {len(summary.unmodelled_text)} card(s) with restriction text the rules "
            "engine does not model (manage.py restriction_coverage --unmodelled lists them and why)"
        )
        if summary.source == "spacedock":
            lines.append(
                f"  {len(summary.unread_codes)} card(s) carry a Space Dock Special code the reader does not "
                "translate (kept as information; the card text may still give the rule)"
            )
        lines += section_lines("Not in the file, kept", list(summary.kept), limit)
        lines += section_lines("Skipped", [f"{s.source_id}: {s.reason}" for s in summary.skipped], limit)
        lines += section_lines("Warnings", list(summary.warnings), limit)
        self.stdout.write("\n".join(lines))


def section_lines(title: str, entries: list[str], limit: int | None) -> list[str]:
    """``title (N):`` and the entries indented, at most ``limit`` of them (``None``: all)."""
    if not entries:
        return []
    shown = entries if limit is None else entries[:limit]
    lines = [f"{title} ({len(entries)}):", *(f"  {entry}" for entry in shown)]
    if len(entries) > len(shown):
        lines.append(f"  … and {len(entries) - len(shown)} more (-v 2 lists them all)")
    return lines
