"""Readers for the community card databases, behind one entry point.

``read_catalog(data, source=None)`` returns a :class:`~rules.attack_wing.catalog.Catalog`
from the bytes of a Utopia ``data.json`` or a Space Dock ``Data.xml``. Flaws in a file
are repaired or skipped and reported (``Catalog.skipped``, ``Catalog.warnings``); only a
file that is not a card database at all raises :class:`CatalogFormatError`.
"""

from __future__ import annotations

from rules.attack_wing.catalog import Catalog
from rules.attack_wing.errata import apply_errata
from rules.attack_wing.sources.builder import CatalogFormatError
from rules.attack_wing.sources.spacedock import read_spacedock
from rules.attack_wing.sources.utopia import read_utopia

SOURCES = ("utopia", "spacedock")

__all__ = ["SOURCES", "CatalogFormatError", "detect_source", "read_catalog"]


def detect_source(data: bytes) -> str:
    """``"utopia"`` for JSON, ``"spacedock"`` for XML, judged by the first non-blank byte."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head in (b"{", b"["):
        return "utopia"
    if head == b"<":
        return "spacedock"
    raise CatalogFormatError("card file is neither JSON (Utopia) nor XML (Space Dock)")


def read_catalog(data: bytes, source: str | None = None) -> Catalog:
    """Read a card database; ``source`` is ``"utopia"``, ``"spacedock"`` or ``None`` to detect it."""
    if not isinstance(data, bytes | bytearray):
        raise CatalogFormatError("card data must be bytes")
    source = source or detect_source(bytes(data))
    if source == "utopia":
        catalog = read_utopia(bytes(data))
    elif source == "spacedock":
        catalog = read_spacedock(bytes(data))
    else:
        raise CatalogFormatError(f"unknown card source {source!r}; expected one of {', '.join(SOURCES)}")
    return apply_errata(catalog)
