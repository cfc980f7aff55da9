"""Every word a page or a printout shows is marked for translation (docs/translation.md).

Each page of the permission matrix (every URL of the site) is asked for, by a person allowed to see it, in a
pseudo-locale that wraps every translated string in « » (tests/translation_scan.py). A word left outside the
guillemets that is not data (a name someone typed, a card's own words) is a word nobody marked, and would stay
English on a German page. The printouts are read back from their PDFs the same way.
"""

from __future__ import annotations

import subprocess

import pytest

from tests.permissions.harness import BAD, OK, PREFERRED, Row, client_for, row_url, send
from tests.permissions.matrix import MATRIX
from tests.security.world import world_in_transaction
from tests.translation_scan import data_pattern, pseudo_locale, unmarked_words, visible_text

# What a page or printout sends that is a file format, not words for a person: calendars, spreadsheets, the
# site's icon and health check, the API's machine-readable answers.
FILE_TYPES = ("text/calendar", "text/csv", "application/json", "image/", "text/plain")

# Pages that serve what was made earlier, as it was made, in the store's language then: the all-sheets PDF.
STORED = {"tournaments:sheets_job_pdf"}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with world_in_transaction(django_db_blocker) as world:
        yield world


def pdf_text(content: bytes) -> str:
    """A printout's text in reading order: a heading wrapped over a cell's lines is read whole."""
    result = subprocess.run(["pdftotext", "-", "-"], input=content, capture_output=True, check=True)
    return result.stdout.decode()


def viewer(row: Row) -> str | None:
    """Who may see the row's page (its owner, a player, then staff), or ``None`` where nobody in the world
    may (a page of something the world does not hold)."""
    return next((role for role in PREFERRED if row.expected()[role] in (OK, BAD)), None)


# Every page someone in the world may see, but for the stored ones.
PAGES = [
    row
    for row in MATRIX
    if row.method == "GET" and not row.name.startswith("api:") and row.name not in STORED and viewer(row)
]


@pytest.mark.django_db
@pytest.mark.parametrize("row", PAGES, ids=lambda row: f"{row.name} {row.kwargs.__name__}")
def test_every_word_of_the_page_is_marked_for_translation(world, row: Row):
    role = viewer(row)
    client, headers = client_for(world, role, row)
    with pseudo_locale():
        response = send(client, row, row_url(world, row), **headers)
    assert response.status_code < 400 or row.expected()[role] == BAD, response.status_code
    kind = response.get("Content-Type", "")
    if response.status_code in (301, 302) or kind.startswith(FILE_TYPES):
        return  # a redirect, or a file a program reads: no words for a person
    content = b"".join(response) if response.streaming else response.content
    # The page as one text: a marked sentence may hold a link or run over two lines of a printout.
    text = pdf_text(content) if kind.startswith("application/pdf") else " ".join(visible_text(content.decode()))
    left = unmarked_words([text], data_pattern())
    assert not left, f"words shown but never marked for translation: {sorted(set(left))}"


@pytest.mark.django_db
def test_the_scan_finds_an_unmarked_word_and_lets_marked_words_and_data_through(world):
    """The scan itself: it would catch a page that forgot a word."""
    data = data_pattern()
    assert unmarked_words(["«Round» 1 Schedule"], data) == ["Schedule"]
    assert unmarked_words(["«Table 1: «Kirk» vs «Picard»»"], data) == []
