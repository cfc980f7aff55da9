"""``manage.py update_cards [FILE_OR_URL ...] [--yes]``: bring the card databases up to date.

Without arguments it fetches the newest Utopia and Space Dock files from their public
repositories (``settings.STAW_CARD_URLS``); given files (a store with no internet) or URLs, it
reads those. It prints what each file changes against what the site uses — new cards, changed
costs, changed text, other details, cards gone — and imports only when confirmed (``--yes``
for scripts). Every file is read completely first, its fields checked for type and range before
it is read (:mod:`fleets.card_file_checks`): a failed, partial, damaged or wrongly typed one changes
nothing and is named in one line (for a wrong field: the card, the field and the value).
Exit status: 0 imported or nothing to do, 1 not confirmed, 2 bad input.
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from fleets.catalog_import import CatalogImportError
from fleets.catalog_update import PendingFile, apply_update, plan_update
from fleets.management.commands.import_cards import LISTED, section_lines

EXIT_NOT_CONFIRMED = 1
EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = (
        "Fetch the newest Utopia and Space Dock card databases (or read the files given), show what they "
        "change, and import them when confirmed. Nothing is written unless every file reads whole."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "locations", metavar="FILE_OR_URL", nargs="*", help="card files or URLs (default: settings.STAW_CARD_URLS)"
        )
        parser.add_argument("--yes", action="store_true", help="import without asking")

    def handle(self, *args, locations: list[str], yes: bool, **options):
        try:
            pending = plan_update(locations=locations or list(settings.STAW_CARD_URLS.values()))
        except CatalogImportError as error:
            raise CommandError(str(error), returncode=EXIT_BAD_INPUT) from None
        limit = None if options["verbosity"] > 1 else LISTED
        for file in pending:
            self.stdout.write("\n".join(describe(file, limit)))
        if all(file.diff.empty for file in pending):
            self.stdout.write("The site's cards already match: nothing to import.")
            return
        if not yes and not self._confirmed():
            self.stdout.write("Nothing was imported.")
            sys.exit(EXIT_NOT_CONFIRMED)
        apply_update(pending=[file for file in pending if not file.diff.empty])
        self.stdout.write("Imported.")

    def _confirmed(self) -> bool:
        if not sys.stdin.isatty():
            self.stderr.write("Not a terminal: run with --yes to import.")
            return False
        return input("Import these changes? [y/N] ").strip().lower() in {"y", "yes"}


def describe(file: PendingFile, limit: int | None) -> list[str]:
    """What importing ``file`` would change, as lines an organizer can read."""
    diff = file.diff
    role = "the site's cards" if file.into_catalog else "translates the other builder's ids"
    counts = (
        f"{len(diff.added)} new, {len(diff.cost_changed)} cost changed, {len(diff.text_changed)} text changed, "
        f"{len(diff.details_changed)} other details changed, {len(diff.gone)} gone"
    )
    lines = [f"{file.builder} ({role}) from {file.origin}: {len(file.catalog.cards)} cards; {counts}"]
    lines += section_lines("New", [_card(card) + f", {card.cost} SP" for card in diff.added], limit)
    lines += section_lines(
        "Cost changed",
        [f"{_card(change.card)}: {change.before} -> {change.after} SP" for change in diff.cost_changed],
        limit,
    )
    lines += section_lines("Text changed", [_card(card) for card in diff.text_changed], limit)
    lines += section_lines("Other details changed", [_card(card) for card in diff.details_changed], limit)
    lines += section_lines(
        "Gone (kept in the catalog: fleets may name them)", [_card(card) for card in diff.gone], limit
    )
    return lines


def _card(card) -> str:
    return f"{card.name} [{card.id}] ({card.kind})"
