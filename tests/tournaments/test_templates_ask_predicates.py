"""Templates ask predicates and never compare a status: what a page may offer is decided once, in
``tournaments.access`` (or the page's facts a selector gives, ``selectors.event_page``,
``selectors.round_page``), the rule the services enforce, so a page cannot offer what a service refuses.

Every template of the project is scanned, those of the games' apps included.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from tournaments.models import EventStatus, MatchStatus

ROOT = Path(settings.BASE_DIR)
TAG = re.compile(r"\{%(.*?)%\}", re.S)
STRING = r"""(?:"[^"]*"|'[^']*')"""
STATUS_VALUES = "|".join(re.escape(value) for value in (*EventStatus.values, *MatchStatus.values))
COMPARISONS = (
    # a status (event.status, match.status, row.match.status …) against a string, either way round
    re.compile(rf"\bstatus\s*(?:==|!=|\bnot in\b|\bin\b)\s*{STRING}"),
    re.compile(rf"{STRING}\s*(?:==|!=|\bnot in\b|\bin\b)\s*[\w.]*\bstatus\b"),
    # anything against the name of an event's or a match's status
    re.compile(rf"(?:==|!=)\s*[\"'](?:{STATUS_VALUES})[\"']"),
    re.compile(rf"[\"'](?:{STATUS_VALUES})[\"']\s*(?:==|!=)"),
)


def status_comparisons(text: str) -> list[str]:
    """The template tags of ``text`` that compare a status with a string."""
    return [tag.strip() for tag in TAG.findall(text) if any(pattern.search(tag) for pattern in COMPARISONS)]


def templates() -> list[Path]:
    found = []
    for folder in ROOT.glob("**/templates"):
        if ".venv" in folder.parts or "node_modules" in folder.parts:
            continue
        found += [path for path in folder.rglob("*") if path.suffix in (".html", ".txt", ".xml")]
    return sorted(found)


def test_the_scan_reads_every_template():
    paths = {path.relative_to(ROOT).as_posix() for path in templates()}
    assert "templates/tournaments/event_detail.html" in paths
    assert "templates/tournaments/round_detail.html" in paths
    assert "templates/tournaments/standings.html" in paths
    assert any(path.startswith("games/") for path in paths)
    assert len(paths) > 100


@pytest.mark.parametrize(
    "tag",
    [
        # as the event, round, match and standings pages and the import report compared them before
        '{% if event.status != "finished" %}',
        '{% elif event.status == "registration" and user_roles.player %}',
        '{% if viewer.is_staff and event.status == "running" %}',
        "{% if match.status == 'disputed' %}",
        '{% if table.own_table and table.match.status != "confirmed" %}',
        "{% if row.match.status == 'not_found' or row.match.status == 'unplaced' %}",
        '{% if event.status in "running finished" %}',
        '{% if "finished" == event.status %}',
        '{% if state == "reported" %}',
    ],
)
def test_the_scan_finds_a_status_compared_with_a_string(tag):
    assert status_comparisons(f"<p>{tag}x{{% endif %}}</p>") == [tag[2:-2].strip()]


@pytest.mark.parametrize(
    "tag",
    ["{% if may_edit %}", "{% if table.disputed %}", "{% if not match.has_result %}", "{{ match.get_status_display }}"],
)
def test_the_scan_lets_predicates_pass(tag):
    assert status_comparisons(tag) == []


def test_no_template_compares_a_status_with_a_string():
    scanned = {path.relative_to(ROOT).as_posix(): status_comparisons(path.read_text()) for path in templates()}
    found = {path: tags for path, tags in scanned.items() if tags}
    assert found == {}, "Ask a predicate of tournaments.access or of the page's facts instead: " + repr(found)
