"""Fleets from other builders (Utopia, Space Dock): their card database, an import's preview, a Utopia export."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.attack_wing import DEFAULT_FORMAT, FORMATS, interchange, read_catalog, validate_fleet
from rules.attack_wing import catalog as records
from rules.attack_wing.catalog import Catalog

from ..bundled_cards import bundled, read_bundled
from ..models import Card, CardDatabase
from ..models.catalog import SOURCE_CHOICES
from ..models.fleet import FleetVersion
from .catalog import load_catalog
from .checks import FleetCheck, content_fleet, fleet_check

# What reading a fleet raises for anything it cannot read (one sentence, ``.message``): callers outside
# the fleets app catch it by this name and need not know which rules package reads fleets.
FleetUnreadable = interchange.InterchangeError

# source -> (the held file's sha256, or the shipped one's) and the card database read from it
_held: dict[str, tuple[str, Catalog]] = {}


def catalog_source() -> str:
    """``"utopia"`` or ``"spacedock"``: whose card database the site imported ("" when none is)."""
    return Card.objects.order_by().values_list("source", flat=True).first() or ""


def catalog_edition() -> str:
    """Which cards the site's verdicts use, as a judge reads it on a page or a printed sheet:
    "Utopia cards, commit 5b4d6d1 of 2025-07-26" ("" with no catalog)."""
    source = catalog_source()
    if not source:
        return ""
    held = CardDatabase.objects.filter(source=source).first()
    if held is None:
        return f"{dict(SOURCE_CHOICES)[source]} cards, edition not recorded"
    return f"{held.get_source_display()} cards, {held.edition}"


def held_catalog(source: str) -> Catalog:
    """``source``'s card database as the site holds it (:class:`~fleets.models.CardDatabase`), else
    as Muster ships it; read once per process, again when the held file changes."""
    held = CardDatabase.objects.filter(source=source).values_list("sha256", flat=True).first()
    key = held or f"bundled:{bundled(source).sha256}"
    if source not in _held or _held[source][0] != key:
        data = CardDatabase.objects.get(source=source).unpacked() if held else read_bundled(source)
        _held[source] = (key, read_catalog(data, source))
    return _held[source][1]


def reference_catalogs() -> dict[str, Catalog]:
    """The *other* builder's card database, to translate its ids into the site's catalog.

    The catalog's cards come from one builder (Utopia's on a new site); a Space Dock file names
    Space Dock ids, a Utopia link Utopia ids. The other builder's file is the one the site
    holds, kept by every import and ``update_cards``, else the one Muster ships, so the
    crosswalk is always there. It only translates ids; it never adds cards.
    """
    other = "spacedock" if (catalog_source() or "utopia") == "utopia" else "utopia"
    return {other: held_catalog(other)}


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One card of an imported fleet as the source named it, and what Muster made of it."""

    match: interchange.CardMatch
    cost: int | None  # what Muster charges for it in the fleet, None where it is not in the fleet
    card: records.Card | None

    @property
    def cost_differs(self) -> bool:
        return self.match.source_cost is not None and self.cost is not None and self.match.source_cost != self.cost

    @property
    def ambiguous(self) -> bool:
        """Several cards fit the line: the report asks which it is."""
        return self.match.status == interchange.AMBIGUOUS

    @property
    def near_miss(self) -> bool:
        """The card is the nearest to a name that names none: a guess the report asks to confirm."""
        return self.match.how == interchange.NEAR_NAME

    @property
    def badge(self) -> tuple[str, str]:
        """What became of the card, in words, and the colour the report shows it in."""
        return STATUS_BADGES[self.match.status]

    @property
    def highlight(self) -> str:
        """The row's colour: a card left out is an error, one to confirm or costed differently a warning."""
        if self.match.status in (interchange.NOT_FOUND, interchange.UNPLACED):
            return "table-danger"
        return "table-warning" if self.ambiguous or self.cost_differs else ""


STATUS_BADGES = {
    interchange.MATCHED: (gettext_lazy("Matched"), "success"),
    interchange.AMBIGUOUS: (gettext_lazy("Ambiguous"), "warning"),
    interchange.NOT_FOUND: (gettext_lazy("Not found"), "danger"),
    interchange.UNPLACED: (gettext_lazy("No place"), "danger"),
}


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an import recognised, card by card, and Muster's check of the fleet it makes."""

    result: interchange.ImportResult
    check: FleetCheck
    rows: tuple[ImportRow, ...]
    format_key: str

    @property
    def format_name(self) -> str:
        name = interchange.FORMAT_NAMES.get(self.result.format)
        return _(name) if name else self.result.format

    @property
    def counts(self) -> dict[str, int]:
        return {status: sum(1 for row in self.rows if row.match.status == status) for status in interchange.STATUSES}

    @property
    def empty(self) -> bool:
        return not self.result.fleet.ships and not self.result.fleet.resources


def read_import(
    data: bytes | str,
    *,
    fmt: str | None = None,
    squad: int = 0,
    format_key: str | None = None,
    on: date | None = None,
    choices: dict[int, str] | None = None,
) -> ImportPreview:
    """Read a fleet in any format the interchange knows (detected when ``fmt`` is None) and check it.

    ``choices`` are the organizer's answers to doubtful lines (see ``interchange.import_fleet``).
    Stores nothing. Raises :data:`FleetUnreadable` (one sentence, ``.message``) for anything that
    cannot be read.
    """
    if len(data) > interchange.MAX_INPUT_BYTES:
        raise interchange.InterchangeError(
            _("A fleet is at most %(size)s KiB; this one is larger.") % {"size": interchange.MAX_INPUT_BYTES // 1024},
            "TOO_LARGE",
        )
    catalog = load_catalog()
    try:
        result = interchange.import_fleet(
            data, catalog, fmt or None, references=reference_catalogs(), squad=squad, choices=choices
        )
    except RecursionError:
        raise interchange.InterchangeError(_("This fleet is nested too deeply to be read."), "TOO_DEEP") from None
    key = format_key or result.format_key or DEFAULT_FORMAT
    if key not in FORMATS:
        raise interchange.InterchangeError(_("Unknown format “%(key)s”.") % {"key": key}, "UNKNOWN_FORMAT")

    check = fleet_check(result.fleet, format=key, on=on if on is not None else result.date, catalog=catalog)
    rows = tuple(
        ImportRow(match=match, cost=cost, card=catalog.cards.get(match.card_id) if match.card_id else None)
        for match, cost in interchange.cost_rows(result, check.report)
    )
    return ImportPreview(result=result, check=check, rows=rows, format_key=key)


def utopia_export(version: FleetVersion, kind: str) -> interchange.Export:
    """``version`` as a Utopia share link (``kind`` "link") or Utopia-style text ("text").

    Utopia's ids are needed for a link: when the site's catalog is Space Dock's they come from
    the Utopia card file the site holds (:func:`reference_catalogs`).
    """
    catalog = load_catalog()
    fleet = content_fleet(version.content, catalog)
    utopia = reference_catalogs().get("utopia") if catalog_source() == "spacedock" else None
    if kind == "link":
        return interchange.utopia_link(fleet, catalog, utopia_catalog=utopia)
    report = validate_fleet(fleet, catalog, version.fleet.format_key)
    return interchange.utopia_text(fleet, catalog, report, utopia_catalog=utopia)
