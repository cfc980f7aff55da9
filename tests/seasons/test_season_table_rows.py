"""The season table's rows (seasons/templatetags/season_table.py): a column per event for a store's
season; past EVENT_COLUMNS_AT_MOST events (a region's year, hundreds of events) one cell per player
listing the events they played, so the page stays a table people read and a size phones load."""

from __future__ import annotations

from datetime import date, timedelta
from types import SimpleNamespace

from django.template import Context, Template

from rules.tournament.seasons import EventFinish, EventScore, SeasonRow
from seasons.templatetags.season_table import EVENT_COLUMNS_AT_MOST

START = date(2025, 1, 6)


def table(events: int, *, played: dict[int, tuple[int, bool]]):
    """A table of ``events`` events and one listed player who played ``played`` (event index → points, counted)."""
    season_events = [
        SimpleNamespace(pk=100 + i, name=f"Night {i} <b>", date=START + timedelta(7 * i)) for i in range(events)
    ]
    scores = tuple(
        EventScore(EventFinish(str(100 + index), "7", 1, 1, 0, 0, order=index), points, counted)
        for index, (points, counted) in sorted(played.items())
    )
    row = SeasonRow(1, "7", 15, 1, 1, 3, len(scores), qualified=True, events=scores)
    line = SimpleNamespace(row=row, name="Kira <Nerys>", player_id=7, listed=False)
    return SimpleNamespace(events=season_events, lines=[line])


def rendered(season_table) -> str:
    template = Template("{% load season_table %}{% if table|by_event %}columns{% endif %}|{% season_rows table %}")
    return template.render(Context({"table": season_table}))


def test_a_store_season_has_a_cell_per_event_with_dashes_where_the_player_did_not_play():
    html = rendered(table(3, played={0: (10, True), 2: (5, False)}))
    assert html.startswith("columns|")
    assert '<td>10</td><td>–</td><td><s title="not counted">5</s></td>' in html
    assert "Kira &lt;Nerys&gt;" in html and 'class="qualified"' in html


def test_past_the_limit_each_row_lists_only_the_events_played_in_one_cell():
    events = EVENT_COLUMNS_AT_MOST + 1
    html = rendered(table(events, played={0: (10, True), events - 1: (5, False)}))
    assert html.startswith("|")
    last = START + timedelta(7 * (events - 1))
    assert '<td class="season-scores"><a href="/events/100/" title="Night 0 &lt;b&gt;">Jan 6</a> 10 · ' in html
    assert f'title="Night {events - 1} &lt;b&gt;">{last:%b} {last.day}</a> <s title="not counted">5</s></td>' in html
    assert "–" not in html
