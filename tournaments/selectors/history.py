"""What happened at an event: result changes (each told in a sentence), list submissions, judges."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Prefetch

from accounts.models import GuestPlayer

from ..errors import TournamentError
from ..games import EventGame, event_game, seats_of
from ..models import (
    Event,
    Match,
    MatchSide,
    MatchStatus,
    Outcome,
    ResultChange,
    RoundChange,
    StaffChange,
    SubmissionChange,
)
from ..zones import event_moment

# How a sentence names what the staff did to a table's result, by the change's action.
STAFF_VERBS = {
    "entered": "entered the result of",
    "resolved": "settled",
    "corrected": "corrected",
    "reopened": "reopened",
    "corrected after finish": "corrected",
}


def event_history(event: Event) -> list[ResultChange]:
    """Every result change of the event, newest first, each with ``sentence``: the change in words,
    read from the state the change recorded ("alice reported: alice won, …", "Judge carol settled
    table 4: …")."""
    return _told(event, _result_changes(event).order_by("-changed_at", "-pk"))


def match_history(event: Event, match: Match) -> list[ResultChange]:
    """The match's result changes, oldest first, each with the ``sentence`` the event's history tells."""
    return _told(event, _result_changes(event).filter(match=match).order_by("changed_at", "pk"))


def _result_changes(event: Event):
    sides = MatchSide.objects.select_related("registration__player")
    return (
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .prefetch_related(Prefetch("match__sides", queryset=sides))
    )


def _told(event: Event, changes) -> list[ResultChange]:
    changes = list(changes)
    game = event_game(event.game)
    judges = set(event.judges.values_list("pk", flat=True))
    for change in changes:
        change.match.round.event = event  # the round's name reads the event's cut
        change.sentence = sentence(event, game, change, judges)
    return changes


def sentence(event: Event, game: EventGame, change: ResultChange, judges: set[int]) -> str:
    sides = seats_of(change.match).values()
    names = {str(side.seat): side.registration.name for side in sides}
    player = next((side.registration for side in sides if side.registration.player_id == change.changed_by_id), None)
    who = player.name if player is not None else change.changed_by.get_username()
    if change.action in STAFF_VERBS:
        role = (
            "Organizer"
            if change.changed_by_id == event.organizer_id
            else "Judge"
            if change.changed_by_id in judges
            else ""
        )
        what = f"{role} {who} {STAFF_VERBS[change.action]} table {change.match.table}".lstrip()
        if change.action == "reopened":
            return f"{what} for corrections; it stood at: {official_words(game, change.before, names)}."
        if change.action == "corrected after finish":
            return (
                f"{what} after the event was finished: it stood at {official_words(game, change.before, names)}; "
                f"now {official_words(game, change.after, names)}."
            )
        return f"{what}: {result_change_words(game, change, names)}."
    if change.action == "confirmed":
        return f"{who} confirmed the opponent's report: {official_words(game, change.after, names)}."
    report = report_words(event, game, change)
    if change.action == "disputed":
        return f"{who} reported: {report}; the players disagree, a judge settles the table."
    return f"{who} reported: {report}; the opponent has yet to confirm."


def result_change_words(game: EventGame, change: ResultChange, names: dict[str, str]) -> str:
    """The official result a change left, after the one it replaced when the table had one:
    "odo won, 40 fleet points to 12 → kira won, 35 fleet points to 20"."""
    after = official_words(game, change.after, names)
    if change.before.get("status") != MatchStatus.CONFIRMED:
        return after
    return f"{official_words(game, change.before, names)} → {after}"


def report_words(event: Event, game: EventGame, change: ResultChange) -> str:
    """The result the player who made the change reported, as the game words it."""
    sides = seats_of(change.match)
    seat = next((s for s, side in sides.items() if side.registration.player_id == change.changed_by_id), None)
    report = change.after.get("reports", {}).get(str(seat))
    if report is None:
        return "a result"
    try:
        return game.result_words(event, sides, game.result_from_json(report))
    except TournamentError as error:  # a report the rules no longer accept still has a line
        return f"a result the rules refuse ({error.message})"


def official_words(game: EventGame, state: dict, names: dict[str, str]) -> str:
    """A table's official result from the state a change recorded: who won (named as the match's
    players are on every page), and the points each scored."""
    seats = sorted(state.get("sides", {}).items())
    if state.get("status") != MatchStatus.CONFIRMED or len(seats) != 2:
        return "no result"
    winner = next((seat for seat, side in seats if side.get("outcome") == Outcome.WIN), None)
    words = [f"{names.get(winner) or state['sides'][winner]['player']} won" if winner else "a tie"]
    first, second = sorted((side for _, side in seats), key=lambda side: side.get("outcome") != Outcome.WIN)
    if first.get("fleet_points") is not None and second.get("fleet_points") is not None:
        words.append(f"{first['fleet_points']} fleet points to {second['fleet_points']}")
    if game.points_label and (first.get("battle_points") or second.get("battle_points")):
        words.append(f"{first.get('battle_points', 0)} {game.points_label} to {second.get('battle_points', 0)}")
    return ", ".join(words)


def event_round_history(event: Event) -> list[RoundChange]:
    """Every round paired again, oldest first, each with ``sentence``: who threw which pairings away,
    and the results and result changes they held."""
    changes = list(RoundChange.objects.filter(event=event).select_related("changed_by"))
    game = event_game(event.game)
    names = {round_.number: round_.name for round_ in event.rounds.all()}
    for change in changes:
        tables = [removed_words(event, game, table) for table in change.removed.get("matches", [])]
        removed = "; ".join(tables) or "no table"
        # A round thrown away and not paired again since is no longer there to name itself.
        named = names.get(change.round_number, f"Round {change.round_number}")
        who = change.changed_by.get_username()
        change.sentence = f"{who} paired {named} again; removed: {removed}."
    return changes


def removed_words(event: Event, game: EventGame, table: dict) -> str:
    """A removed table in words: its players, its result (or its state) and its earlier changes (their
    times on the event's clock, as every time of the event's history)."""
    players = table.get("players", [])
    if table.get("table") is None:
        return f"bye for {', '.join(players)}"
    names = {str(seat): name for seat, name in enumerate(players, start=1)}
    state = official_words(game, table, names) if table.get("status") == MatchStatus.CONFIRMED else table.get("status")
    words = f"table {table['table']} {' v '.join(players)} ({state})"
    if history := table.get("history"):
        actions = ", ".join(
            f"{entry['action']} by {entry['by']} at "
            f"{event_moment(event, datetime.fromisoformat(entry['at'])):%Y-%m-%d %H:%M:%S}"
            for entry in history
        )
        words += f", its history: {actions}"
    return words


def event_submission_history(event: Event) -> list[SubmissionChange]:
    """Every list submission, replacement and withdrawal of the event, oldest first."""
    return list(SubmissionChange.objects.filter(event=event).select_related("player", "changed_by"))


def event_staff_history(event: Event) -> list[StaffChange]:
    """Every judge appointed to the event or removed from it, and by whom, oldest first."""
    return list(StaffChange.objects.filter(event=event).select_related("person", "changed_by"))


def event_walk_ins(event: Event) -> list[GuestPlayer]:
    """The event's walk-ins: who entered them, when, and when they claimed their account by signing up."""
    return list(
        GuestPlayer.objects.filter(user__registrations__event=event)
        .select_related("user", "created_by")
        .order_by("created_at", "pk")
    )
