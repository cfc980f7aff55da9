"""Fleets from other builders (Utopia, Space Dock): their card database, an import's preview, a Utopia export."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.conf import settings

from rules.attack_wing import DEFAULT_FORMAT, FORMATS, CatalogFormatError, interchange, read_catalog, validate_fleet
from rules.attack_wing import catalog as records
from rules.attack_wing.catalog import Catalog
from rules.attack_wing.sources import detect_source
from rules.bounded_read import read_at_most

from ..models.catalog import Card
from ..models.fleet import FleetVersion
from .catalog import load_catalog
from .checks import FleetCheck, content_fleet, fleet_check

# What reading a fleet raises for anything it cannot read (one sentence, ``.message``): callers outside
# the fleets app catch it by this name and need not know which rules package reads fleets.
FleetUnreadable = interchange.InterchangeError

CARD_FILE_MAX_BYTES = 20 * 1024 * 1024  # a reference card database (the real ones are about 1.2 MB)

# (path, size, mtime) and the card database read from it; see reference_catalogs.
_references: tuple[tuple, Catalog, str] | None = None


def catalog_source() -> str:
    """``"utopia"`` or ``"spacedock"``: whose card database the site imported ("" when none is)."""
    return Card.objects.order_by().values_list("source", flat=True).first() or ""


def reference_catalogs() -> dict[str, Catalog]:
    """The *other* card database, for ids of the builder whose cards the site did not import.

    The site imports one card database (Utopia's or Space Dock's); a Space Dock file names
    Space Dock ids, a Utopia link Utopia ids. ``settings.STAW_REFERENCE_CARDS`` names the other
    database's file; it is read once per process (again when the file changes) and used only to
    translate ids into the site's catalog, never to add cards. Unset, unreadable, or the same
    source as the site's: none, and the other builder's ids are reported as not found.
    """
    global _references
    path = getattr(settings, "STAW_REFERENCE_CARDS", "") or ""
    if not path:
        return {}
    try:
        stat = Path(path).stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        if _references is None or _references[0] != key:
            data = read_at_most(path, CARD_FILE_MAX_BYTES, what="card file")
            source = detect_source(data)
            _references = (key, read_catalog(data, source), source)
    except (OSError, ValueError, CatalogFormatError):
        return {}
    _key, catalog, source = _references
    return {} if source == catalog_source() else {source: catalog}


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One card of an imported fleet as the source named it, and what Muster made of it."""

    match: interchange.CardMatch
    cost: int | None  # what Muster charges for it in the fleet, None where it is not in the fleet
    card: records.Card | None

    @property
    def cost_differs(self) -> bool:
        return self.match.source_cost is not None and self.cost is not None and self.match.source_cost != self.cost


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an import recognised, card by card, and Muster's check of the fleet it makes."""

    result: interchange.ImportResult
    check: FleetCheck
    rows: tuple[ImportRow, ...]
    format_key: str

    @property
    def format_name(self) -> str:
        return interchange.FORMAT_NAMES.get(self.result.format, self.result.format)

    @property
    def counts(self) -> dict[str, int]:
        return {status: sum(1 for row in self.rows if row.match.status == status) for status in interchange.STATUSES}

    @property
    def empty(self) -> bool:
        return not self.result.fleet.ships and not self.result.fleet.resources


def read_import(
    data: bytes | str, *, fmt: str | None = None, squad: int = 0, format_key: str | None = None, on: date | None = None
) -> ImportPreview:
    """Read a fleet in any format the interchange knows (detected when ``fmt`` is None) and check it.

    Stores nothing. Raises :data:`FleetUnreadable` (one sentence, ``.message``) for anything that
    cannot be read.
    """
    if len(data) > interchange.MAX_INPUT_BYTES:
        raise interchange.InterchangeError(
            f"A fleet is at most {interchange.MAX_INPUT_BYTES // 1024} KiB; this one is larger.", "TOO_LARGE"
        )
    catalog = load_catalog()
    try:
        result = interchange.import_fleet(data, catalog, fmt or None, references=reference_catalogs(), squad=squad)
    except RecursionError:
        raise interchange.InterchangeError("This fleet is nested too deeply to be read.", "TOO_DEEP") from None
    key = format_key or result.format_key or DEFAULT_FORMAT
    if key not in FORMATS:
        raise interchange.InterchangeError(f"Unknown format “{key}”.", "UNKNOWN_FORMAT")
    check = fleet_check(result.fleet, format=key, on=on if on is not None else result.date, catalog=catalog)
    rows = tuple(
        ImportRow(match=match, cost=cost, card=catalog.cards.get(match.card_id) if match.card_id else None)
        for match, cost in interchange.cost_rows(result, check.report)
    )
    return ImportPreview(result=result, check=check, rows=rows, format_key=key)


def utopia_export(version: FleetVersion, kind: str) -> interchange.Export:
    """``version`` as a Utopia share link (``kind`` "link") or Utopia-style text ("text").

    Utopia's ids are needed for a link: when the site's catalog is Space Dock's they come from
    the reference card file (:func:`reference_catalogs`), and without one the cards are named
    by the site's own ids.
    """
    catalog = load_catalog()
    fleet = content_fleet(version.content, catalog)
    utopia = reference_catalogs().get("utopia") if catalog_source() == "spacedock" else None
    if kind == "link":
        return interchange.utopia_link(fleet, catalog, utopia_catalog=utopia)
    report = validate_fleet(fleet, catalog, version.fleet.format_key)
    return interchange.utopia_text(fleet, catalog, report, utopia_catalog=utopia)
