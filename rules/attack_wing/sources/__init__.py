"""Readers for the community card databases, behind one entry point.

``read_catalog(data, source=None)`` returns a :class:`~rules.attack_wing.catalog.Catalog`
from the bytes of a Utopia ``data.json`` or a Space Dock ``Data.xml``, plain or compressed
(xz, gzip; see :mod:`.packed`). Flaws in a file
are repaired or skipped and reported (``Catalog.skipped``, ``Catalog.warnings``); only a
file that is not a card database at all raises :class:`CatalogFormatError`.
"""

from __future__ import annotations

from rules.attack_wing.catalog import Catalog
from rules.attack_wing.errata import apply_errata
from rules.attack_wing.sources.builder import CatalogFormatError
from rules.attack_wing.sources.packed import unpack
from rules.attack_wing.sources.spacedock import read_spacedock
from rules.attack_wing.sources.utopia import read_utopia

SOURCES = ("utopia", "spacedock")

__all__ = ["SOURCES", "CatalogFormatError", "detect_source", "read_catalog"]


def detect_source(data: bytes) -> str:
    """``"utopia"`` for JSON, ``"spacedock"`` for XML, judged by the first non-blank byte."""
    head = unpack(data).lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head in (b"{", b"["):
        return "utopia"
    if head == b"<":
        return "spacedock"
    raise CatalogFormatError("card file is neither JSON (Utopia) nor XML (Space Dock)")


def read_catalog(data: bytes, source: str | None = None) -> Catalog:
    """Read a card database; ``source`` is ``"utopia"``, ``"spacedock"`` or ``None`` to detect it."""
    if not isinstance(data, bytes | bytearray):
        raise CatalogFormatError("card data must be bytes")
    data = unpack(bytes(data))
    source = source or detect_source(data)
    if source == "utopia":
        catalog = read_utopia(data)
    elif source == "spacedock":
        catalog = read_spacedock(data)
    else:
        raise CatalogFormatError(f"unknown card source {source!r}; expected one of {', '.join(SOURCES)}")
    return apply_errata(catalog)
