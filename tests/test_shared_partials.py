"""The Legal badge and the violations list are drawn by one partial each, wherever a list is shown."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTIALS = {ROOT / "templates" / "includes" / "legal_badge.html", ROOT / "templates" / "includes" / "violations.html"}


def templates() -> list[Path]:
    return [
        path
        for folder in (ROOT / "templates", ROOT / "games")
        for path in folder.rglob("*.html")
        if path not in PARTIALS
    ]


def test_every_legal_badge_and_violations_list_comes_from_its_partial():
    copies = [
        str(path.relative_to(ROOT))
        for path in templates()
        if ">Legal</span>" in (text := path.read_text(encoding="utf-8")) or '<li class="violation' in text
    ]
    assert copies == []


def test_the_builders_and_lists_use_the_partials():
    using = {
        str(path.relative_to(ROOT / "templates"))
        for path in templates()
        if "includes/legal_badge.html" in path.read_text(encoding="utf-8")
        or "includes/violations.html" in path.read_text(encoding="utf-8")
    }
    assert {
        "fleets/includes/builder.html",
        "fleets/decks/includes/builder.html",
        "fleets/fleet_list.html",
        "fleets/fleet_history.html",
        "fleets/decks/deck_list.html",
        "tournaments/deck_detail.html",
        "tournaments/fleet_submit.html",
        "tournaments/deck_submit.html",
    } <= using
