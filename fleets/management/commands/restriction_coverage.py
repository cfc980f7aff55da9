"""``manage.py restriction_coverage [--cards PATH] [--unmodelled] [--costs]``: which card rules the engine judges.

Lists every restriction sentence printed on a card of the catalog ("may only be
purchased for …", "no ship may be equipped with more than one …") and every sentence that
changes a cost (extra, computed and exact costs, reductions, faction penalties; ``--costs``
lists only those) and how the engine models it, or the written reason it does not
(:func:`rules.attack_wing.coverage.restriction_coverage`). A judge reads it to know
what the site checks; the aim is that no line is unmodelled without a reason.
"""

from __future__ import annotations

from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from fleets.catalog_import import MAX_BYTES
from fleets.selectors import load_catalog
from rules.attack_wing import CatalogFormatError, read_catalog
from rules.attack_wing.coverage import restriction_coverage
from rules.inputs.bounded_read import read_at_most

EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = "List every restriction printed on a card and whether the engine models it (or why not)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--cards", metavar="PATH", help="a Utopia JSON or Space Dock XML card file (default: the catalog)"
        )
        parser.add_argument("--unmodelled", action="store_true", help="only the sentences the engine does not model")
        parser.add_argument("--costs", action="store_true", help="only the sentences that change what a card costs")

    def handle(self, *args, cards: str | None, unmodelled: bool, costs: bool, **options):
        try:
            catalog = read_catalog(read_at_most(cards, MAX_BYTES, what="card file")) if cards else load_catalog()
        except (OSError, ValueError, CatalogFormatError) as error:
            raise CommandError(str(error), returncode=EXIT_BAD_INPUT) from None
        lines = restriction_coverage(catalog)
        for line in lines:
            if (unmodelled and line.modelled) or (costs and line.group != "cost"):
                continue
            verdict = "modelled" if line.modelled else "not modelled"
            if line.check_by_hand:
                verdict += " (reports say: check by hand)"
            self.stdout.write(f"{line.card_id}\t{line.name}\t{line.family}\t{verdict}: {line.reason}\t{line.sentence}")
        for group in ("restriction", "cost"):
            mine = [line for line in lines if line.group == group]
            counts = Counter(line.modelled for line in mine)
            unexplained = sum(1 for line in mine if not line.modelled and not line.reason)
            by_hand = sum(1 for line in mine if line.check_by_hand)
            self.stdout.write(
                f"{len(mine)} {group} sentences: {counts[True]} modelled, {counts[False]} not modelled "
                f"({unexplained} without a reason; {by_hand} noted on every report as 'check by hand')"
            )
