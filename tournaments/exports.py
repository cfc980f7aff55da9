"""The whole event as data: CSV (one row per player per round) and JSON (everything).

Both are built from the same few queries as the pages, so exporting a large
event costs the same as showing it. The CSV is written formula-safe
(:mod:`accounts.csv_safe`). The JSON of each row is written by
:mod:`tournaments.serializers`, which also reads it back for the import.
"""

from __future__ import annotations

from io import StringIO

from accounts import csv_safe

from . import selectors, serializers

CSV_COLUMNS = (
    "round",
    "stage",
    "table",
    "player",
    "opponent",
    "outcome",
    "fleet_points",
    "battle_points",
    "match_status",
    "fleet",
    "fleet_code",
    "dropped",
)


def event_csv(event) -> str:
    registrations = {r.pk: r for r in selectors.event_registrations(event)}
    sides = selectors.event_sides(event)
    by_match: dict[int, list] = {}
    for side in sides:
        by_match.setdefault(side.match_id, []).append(side)
    out = StringIO()
    writer = csv_safe.writer(out)
    writer.writerow(CSV_COLUMNS)
    for side in sides:
        registration = registrations[side.registration_id]
        opponent = next((s for s in by_match[side.match_id] if s.seat != side.seat), None)
        version = registration.fleet_version
        writer.writerow(
            [
                side.round.number,
                side.round.stage,
                side.match.table or "bye",
                registration.name,
                opponent.registration.name if opponent else "",
                side.outcome,
                "" if side.fleet_points is None else side.fleet_points,
                side.battle_points,
                side.match.status,
                version.fleet.name if version else "",
                version.code if version else "",
                "yes" if registration.dropped else "no",
            ]
        )
    return out.getvalue()


def event_json(event) -> dict:
    """Everything of the event (:func:`tournaments.serializers.event_to_dict`) and its standings."""
    registrations = selectors.event_registrations(event)
    return {
        **serializers.event_to_dict(event, registrations=registrations),
        "standings": standings_rows(event, registrations),
    }


def standings_rows(event, registrations=None) -> list[dict]:
    """The final standings (:func:`tournaments.selectors.final_standings`: a played top cut first), a
    dict per player: the place (``rank``, and ``place`` as shown: "3–4"), the record of the whole
    event, the Swiss rank and the value of every Swiss tie-breaker, in order."""
    final = selectors.final_standings(event, registrations=registrations)
    return [
        {
            "rank": row.place,
            "place": row.label,
            "player": row.name,
            "dropped": row.dropped,
            "wins": row.wins,
            "ties": row.ties,
            "losses": row.losses,
            "byes": row.byes,
            "swiss_rank": row.swiss.rank,
            **dict(zip(final.swiss.keys, row.swiss.values, strict=True)),
        }
        for row in final.rows
    ]


def standings_csv(event) -> str:
    """The standings as CSV: a row per player with their rank and every tie-breaker (the JSON's columns)."""
    rows = standings_rows(event)
    out = StringIO()
    writer = csv_safe.writer(out)
    columns = list(rows[0]) if rows else ["rank", "place", "player", "dropped", "wins", "ties", "losses", "byes"]
    writer.writerow(columns)
    writer.writerows([[row[column] for column in columns] for row in rows])
    return out.getvalue()
