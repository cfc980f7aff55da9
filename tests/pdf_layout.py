"""Reading a PDF's layout back as poppler sees it: the words' boxes, the page size, a picture.

The printout tests ask of the PDF what a person at the venue would see: no two words
drawn over each other, a page of the paper the event prints on, ink on it. poppler-utils
(``pdftotext``, ``pdftoppm``) must be installed; CI has it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image
from pypdf import PdfReader

POINTS_PER_INCH = 72
XHTML = "{http://www.w3.org/1999/xhtml}"


@dataclass(frozen=True)
class Word:
    text: str
    x_min: float
    y_min: float
    x_max: float
    y_max: float

    def overlaps(self, other: Word) -> bool:
        """True when the two boxes share an area (touching edges do not count)."""
        return (
            min(self.x_max, other.x_max) - max(self.x_min, other.x_min) > 0.5
            and min(self.y_max, other.y_max) - max(self.y_min, other.y_min) > 0.5
        )


def _poppler(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} not found: install poppler-utils")
        pytest.skip(f"{tool} not found; install it with: apt-get install -y poppler-utils")
    return path


def _with_file(pdf: bytes, run) -> object:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "printout.pdf"
        source.write_bytes(pdf)
        return run(Path(folder), source)


def words_by_page(pdf: bytes) -> list[list[Word]]:
    """Every word of every page with its box, from ``pdftotext -bbox-layout``."""
    tool = _poppler("pdftotext")

    def run(folder: Path, source: Path) -> list[list[Word]]:
        target = folder / "layout.html"
        subprocess.run([tool, "-bbox-layout", str(source), str(target)], check=True, capture_output=True)
        root = ElementTree.parse(target).getroot()  # noqa: S314 (poppler wrote it from our own PDF)
        return [
            [
                Word(word.text or "", *(float(word.get(key)) for key in ("xMin", "yMin", "xMax", "yMax")))
                for word in page.iter(f"{XHTML}word")
            ]
            for page in root.iter(f"{XHTML}page")
        ]

    return _with_file(pdf, run)


def overlapping_words(pdf: bytes) -> list[tuple[int, Word, Word]]:
    """(page number, word, word) for each pair of words drawn over each other."""
    found = []
    for number, words in enumerate(words_by_page(pdf), start=1):
        for index, word in enumerate(words):
            found += [(number, word, other) for other in words[index + 1 :] if word.overlaps(other)]
    return found


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's MediaBox as (width, height) in points."""
    return [(float(page.mediabox.width), float(page.mediabox.height)) for page in PdfReader(BytesIO(pdf)).pages]


def first_page_picture(pdf: bytes, dpi: int = 36) -> Image.Image:
    """Page 1 drawn by ``pdftoppm`` as a greyscale picture."""
    tool = _poppler("pdftoppm")

    def run(folder: Path, source: Path) -> Image.Image:
        prefix = folder / "page"
        subprocess.run(
            [tool, "-png", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(source), str(prefix)],
            check=True,
            capture_output=True,
        )
        with Image.open(prefix.with_suffix(".png")) as picture:
            return picture.copy()

    return _with_file(pdf, run)


def assert_printed_on(pdf: bytes, paper: tuple[float, float], dpi: int = 36) -> None:
    """Every page is ``paper`` (points) and page 1 is a picture of that size with ink on it."""
    sizes = page_sizes(pdf)
    assert sizes and all(size == pytest.approx(paper, abs=0.5) for size in sizes), sizes
    picture = first_page_picture(pdf, dpi)
    expected = tuple(round(side * dpi / POINTS_PER_INCH) for side in paper)
    assert all(abs(got - want) <= 1 for got, want in zip(picture.size, expected, strict=True)), picture.size
    histogram = picture.histogram()
    dark = sum(histogram[:128])
    assert 0.002 < dark / sum(histogram) < 0.5, "the page is blank or solid"
