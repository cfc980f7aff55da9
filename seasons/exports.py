"""A season's table as CSV, JSON and a printable PDF, built from the same table as the page."""

from __future__ import annotations

from io import StringIO
from types import SimpleNamespace

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts import csv_safe
from accounts.paper import site_paper_size
from tournaments import printouts

from .selectors import SeasonTable

CSV_COLUMNS = ("rank", "player", "points", "event_wins", "best_placing", "wins", "events_played", "qualified")


def season_json(table: SeasonTable) -> dict:
    season = table.season
    return {
        "id": season.pk,
        "name": season.name,
        "game": season.game,
        "formats": season.formats,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "stores": [store.name for store in season.stores.all()],
        "region": season.region,
        "points": {
            "participation": season.participation_points,
            "per_win": season.win_points,
            "per_tie": season.tie_points,
            "placing": list(season.points_table.placing),
            "best_events": season.best_events,
        },
        "qualification": {"top": season.qualify_top, "threshold": season.qualify_points},
        "events": [{"id": e.pk, "name": e.name, "date": e.date.isoformat()} for e in table.events],
        "standings": [standing_json(line) for line in table.lines],
    }


def standing_json(line) -> dict:
    row = line.row
    return {
        "rank": row.rank,
        "player": line.name,
        "player_id": line.player_id if line.listed else None,
        "points": row.points,
        "event_wins": row.event_wins,
        "best_placing": row.best_placing,
        "wins": row.wins,
        "events_played": row.events_played,
        "qualified": row.qualified,
        "events": [
            {"event_id": int(s.finish.event_id), "placing": s.finish.placing, "points": s.points, "counted": s.counted}
            for s in row.events
        ],
    }


def season_csv(table: SeasonTable) -> str:
    out = StringIO()
    writer = csv_safe.writer(out)
    writer.writerow(CSV_COLUMNS)
    for line in table.lines:
        row = line.row
        writer.writerow(
            [
                row.rank,
                line.name,
                row.points,
                row.event_wins,
                row.best_placing,
                row.wins,
                row.events_played,
                "yes" if row.qualified else "",
            ]
        )
    return out.getvalue()


def season_pdf(table: SeasonTable) -> bytes:
    """The table on the site's paper: rank, player, points and the tie-breakers, qualifiers marked."""
    paper = SimpleNamespace(paper_size=site_paper_size())
    header = [
        _("Rank"),
        _("Player"),
        _("Points"),
        _("Event wins"),
        _("Best place"),
        _("Wins"),
        _("Events"),
        _("Qualified"),
    ]
    rows = [
        [
            str(line.row.rank),
            line.name,
            str(line.row.points),
            str(line.row.event_wins),
            str(line.row.best_placing),
            str(line.row.wins),
            str(line.row.events_played),
            _("yes") if line.row.qualified else "",
        ]
        for line in table.lines
    ]
    title = _("%(season)s: season standings") % {"season": table.season.name}
    # Translators: a date format of Django's date filter (j: day, F: month, Y: year).
    day = pgettext("season period", "j F Y")
    period = _("%(start)s to %(end)s") % {
        "start": date_format(table.season.starts_on, day),
        "end": date_format(table.season.ends_on, day),
    }
    return printouts.build(paper, title, [printouts.grid(paper, [header, *rows], flexible=(1,))], when=period)
