"""The card databases Muster ships: Utopia's and Space Dock's, compressed, in ``fleets/card_data/``.

A bare clone has the real catalog with nothing beside it: ``make run`` imports these files,
``check_fleet`` reads them when the site has no catalog yet, and the tests price real fleets
with them. ``manifest.json`` says where each file comes from (repository, path, commit and its
date), under which licence, and the SHA-256 of the unpacked file, which :func:`read_bundled`
checks, so a damaged copy is refused instead of giving wrong costs.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from rules.attack_wing.sources import SOURCES
from rules.attack_wing.sources.packed import unpack

CARD_DATA_DIR = Path(__file__).resolve().parent / "card_data"


@dataclass(frozen=True, slots=True)
class BundledFile:
    """One shipped card database and where it comes from."""

    source: str  # "utopia" or "spacedock"
    path: Path
    builder: str
    repository: str
    upstream_path: str
    commit: str
    date: date
    licence: str
    sha256: str  # of the unpacked file

    @property
    def edition(self) -> str:
        """How the site names this file to a judge: "commit 5b4d6d1 of 2025-07-26"."""
        return f"commit {self.commit} of {self.date.isoformat()}"


class BundledDataError(Exception):
    """A shipped card file is missing or does not match its checksum."""


@cache
def bundled(source: str) -> BundledFile:
    """The manifest entry of ``source`` ("utopia" or "spacedock")."""
    if source not in SOURCES:
        raise KeyError(source)
    entry = json.loads((CARD_DATA_DIR / "manifest.json").read_text(encoding="utf-8"))[source]
    return BundledFile(
        source=source,
        path=CARD_DATA_DIR / entry["file"],
        builder=entry["builder"],
        repository=entry["repository"],
        upstream_path=entry["path"],
        commit=entry["commit"],
        date=date.fromisoformat(entry["date"]),
        licence=entry["licence"],
        sha256=entry["sha256"],
    )


def read_bundled(source: str) -> bytes:
    """The unpacked bytes of the shipped ``source`` database, checked against its SHA-256."""
    entry = bundled(source)
    try:
        data = unpack(entry.path.read_bytes())
    except OSError as error:
        raise BundledDataError(f"the shipped {entry.builder} card file is missing: {error}") from error
    if hashlib.sha256(data).hexdigest() != entry.sha256:
        raise BundledDataError(f"the shipped {entry.builder} card file {entry.path.name} does not match its checksum")
    return data
