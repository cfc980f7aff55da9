"""Newer card databases: read them all, show what they change, import only when confirmed.

``manage.py update_cards`` fetches the newest Utopia and Space Dock files (``settings.STAW_CARD_URLS``)
or reads files an organizer gives it (a store with no internet), and :func:`plan_update` compares
each with what the site uses: the catalog's cards for the catalog's builder, the held file for
the other one. Every file is read completely before anything is written, so a failed, partial
or damaged download changes nothing; :func:`apply_update` then writes all of them in one
transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from rules.attack_wing.catalog import Catalog
from rules.attack_wing.catalog_diff import CatalogDiff, diff_catalogs

from .card_databases import hold
from .catalog_import import SOURCE_NAMES, CatalogImportError, import_catalog, read_card_file, read_location
from .selectors import catalog_source, held_catalog, load_catalog

NOTHING_IMPORTED = "; nothing was imported"


@dataclass(frozen=True, slots=True)
class PendingFile:
    """A card file read completely, and what importing it would change."""

    source: str
    origin: str
    data: bytes  # unpacked
    catalog: Catalog
    diff: CatalogDiff
    into_catalog: bool  # the site's cards come from it; else it is held to translate the other builder's ids

    @property
    def builder(self) -> str:
        return SOURCE_NAMES[self.source]


def plan_update(*, locations: list[str]) -> list[PendingFile]:
    """Read every location (paths or URLs) and compare it with the site's; writes nothing.

    Raises :class:`~fleets.catalog_import.CatalogImportError` (one line, naming the location)
    for a file that cannot be fetched or read, or two files of one builder.
    """
    site_source = catalog_source() or "utopia"
    pending: dict[str, PendingFile] = {}
    for location in locations:
        try:
            source, data, catalog = read_card_file(read_location(location))
        except CatalogImportError as error:
            reason = str(error).removesuffix(NOTHING_IMPORTED)
            raise CatalogImportError(f"{location}: {reason}{NOTHING_IMPORTED}") from None
        if source in pending:
            raise CatalogImportError(
                f"{location}: a second {SOURCE_NAMES[source]} file; give one per builder{NOTHING_IMPORTED}"
            )
        into_catalog = source == site_source
        before = load_catalog() if into_catalog else held_catalog(source)
        pending[source] = PendingFile(
            source=source,
            origin=location,
            data=data,
            catalog=catalog,
            diff=diff_catalogs(before, catalog),
            into_catalog=into_catalog,
        )
    return list(pending.values())


def apply_update(*, pending: list[PendingFile]) -> None:
    """Write every pending file: the catalog's builder into the cards, the other one held; all or nothing."""
    edition = f"fetched on {timezone.localdate().isoformat()}"
    with transaction.atomic():
        for file in pending:
            if file.into_catalog:
                import_catalog(data=file.data, source=file.source, origin=file.origin, edition=edition)
            else:
                hold(data=file.data, source=file.source, origin=file.origin, edition=edition)
