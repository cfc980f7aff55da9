"""The whole event as data: CSV (one row per player per round) and JSON (everything).

Both are built from the same few queries as the pages, so exporting a large
event costs the same as showing it.

The JSON keeps each player's submitted decks of a deck game as the event froze
them (slot, name, list file, verification code, time), but not which of the
player's own decks each was copied from: that deck lives on this site only, so
an imported event has the lists with no deck of the player's behind them.
"""

from __future__ import annotations

import csv
from io import StringIO

from django.db.models import prefetch_related_objects

from . import selectors

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
    writer = csv.writer(out)
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
                registration.player.get_username(),
                opponent.registration.player.get_username() if opponent else "",
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
    registrations = selectors.event_registrations(event)
    prefetch_related_objects(registrations, "decks")
    sides = selectors.event_sides(event)
    reports = selectors.event_reports(event)
    standings = selectors.event_standings(event, registrations=registrations)
    paired = {round_.number: round_ for round_ in event.rounds.select_related("paired_by")}
    rounds: dict[int, dict] = {}
    for side in sides:
        if side.round.number not in rounds:
            rounds[side.round.number] = {**round_json(paired[side.round.number]), "matches": {}}
        round_ = rounds[side.round.number]
        match = round_["matches"].setdefault(
            side.match_id,
            {
                "table": side.match.table,
                "status": side.match.status,
                "result": side.match.result,
                "sides": [],
                "reports": reports.get(side.match_id, []),
            },
        )
        match["sides"].append(
            {
                "seat": side.seat,
                "player": side.registration.player.get_username(),
                "side": side.side,
                "outcome": side.outcome,
                "fleet_points": side.fleet_points,
                "battle_points": side.battle_points,
                "losses": side.losses,
                "opponent_build_verified_at": iso(side.opponent_build_verified_at),
            }
        )
    return {
        "event": {
            "name": event.name,
            "game": event.game,
            "format": event.format,
            "date": event.date.isoformat(),
            "venue": event.venue,
            "status": event.status,
            "created_at": iso(event.created_at),
            "planned_rounds": event.planned_rounds,
            "round_minutes": event.round_minutes,
            "submission_deadline": iso(event.submission_deadline),
            "top_cut": event.top_cut,
            "lists_public": event.lists_public,
            "organizer": event.organizer.get_username(),
            "judges": [judge.get_username() for judge in event.judges.all()],
            "scoring": {
                "win": event.win_points,
                "tie": event.tie_points,
                "loss": event.loss_points,
                "bye_fleet_points": event.bye_fleet_points,
                "fleet_point_base": event.fleet_point_base,
                "tiebreaks": event.tiebreaks,
            },
        },
        "players": [player_json(r) for r in registrations],
        "rounds": [{**r, "matches": list(r["matches"].values())} for r in rounds.values()],
        "history": selectors.event_history_json(event),
        "submissions": [submission_json(change) for change in selectors.event_submission_history(event)],
        "standings": [
            {
                "rank": row.rank,
                "player": row.name,
                "dropped": row.dropped,
                "wins": row.wins,
                "ties": row.ties,
                "losses": row.losses,
                "byes": row.byes,
                **dict(zip(standings.keys, row.values, strict=True)),
            }
            for row in standings.rows
        ],
    }


def player_json(registration) -> dict:
    version = registration.fleet_version
    return {
        "player": registration.player.get_username(),
        "registered_at": iso(registration.registered_at),
        "added_by": registration.added_by.get_username() if registration.added_by else None,
        "club": registration.club,
        "checked_in": registration.checked_in,
        "fleet_submitted_at": iso(registration.fleet_submitted_at),
        "first_round_bye": registration.first_round_bye,
        "dropped_at": iso(registration.dropped_at),
        "fleet": None
        if version is None
        else {
            "name": version.fleet.name,
            "version": version.number,
            "code": version.code,
            "total": version.total,
            "content": version.content,
        },
        "decks": [submitted_deck_json(deck) for deck in registration.decks.all()],
    }


def submitted_deck_json(deck) -> dict:
    """A submitted deck's frozen copy; the link to the player's own deck stays behind (see the module's docstring)."""
    return {
        "slot": deck.slot,
        "name": deck.name,
        "content": deck.content,
        "code": deck.code,
        "submitted_at": iso(deck.submitted_at),
    }


def round_json(round_) -> dict:
    return {
        "number": round_.number,
        "stage": round_.stage,
        "paired_at": iso(round_.paired_at),
        "paired_by": round_.paired_by.get_username() if round_.paired_by else None,
        "pairing_attempt": round_.pairing_attempt,
        "clock_started_at": iso(round_.clock_started_at),
    }


def submission_json(change) -> dict:
    return {
        "player": change.player.get_username(),
        "changed_by": change.changed_by.get_username(),
        "changed_at": iso(change.changed_at),
        "action": change.action,
        "before": change.before,
        "after": change.after,
    }


def iso(moment) -> str | None:
    return moment.isoformat() if moment else None
