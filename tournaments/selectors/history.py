"""What happened at an event: result changes (each told in a sentence), list submissions, judges."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

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
    "entered": gettext_lazy("%(who)s entered the result of table %(table)s"),
    "resolved": gettext_lazy("%(who)s settled table %(table)s"),
    "corrected": gettext_lazy("%(who)s corrected table %(table)s"),
    "reopened": gettext_lazy("%(who)s reopened table %(table)s"),
    "corrected after finish": gettext_lazy("%(who)s corrected table %(table)s"),
}


# A removed table's recorded state and the actions of its history, as the sentence names them: the stored
# words in English, the reader's language elsewhere.
RECORDED_STATES = {
    MatchStatus.AWAITING: pgettext_lazy("a table's state", "awaiting"),
    MatchStatus.REPORTED: pgettext_lazy("a table's state", "reported"),
    MatchStatus.DISPUTED: pgettext_lazy("a table's state", "disputed"),
}
RECORDED_ACTIONS = {
    "reported": pgettext_lazy("a result change", "reported"),
    "confirmed": pgettext_lazy("a result change", "confirmed"),
    "disputed": pgettext_lazy("a result change", "disputed"),
    "entered": pgettext_lazy("a result change", "entered"),
    "resolved": pgettext_lazy("a result change", "resolved"),
    "corrected": pgettext_lazy("a result change", "corrected"),
    "reopened": pgettext_lazy("a result change", "reopened"),
    "corrected after finish": pgettext_lazy("a result change", "corrected after finish"),
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
        if change.changed_by_id == event.organizer_id:
            who = gettext("Organizer %(name)s") % {"name": who}
        elif change.changed_by_id in judges:
            who = gettext("Judge %(name)s") % {"name": who}
        what = str(STAFF_VERBS[change.action]) % {"who": who, "table": change.match.table}
        if change.action == "reopened":
            return gettext("%(what)s for corrections; it stood at: %(before)s.") % {
                "what": what,
                "before": official_words(game, change.before, names),
            }
        if change.action == "corrected after finish":
            return gettext("%(what)s after the event was finished: it stood at %(before)s; now %(after)s.") % {
                "what": what,
                "before": official_words(game, change.before, names),
                "after": official_words(game, change.after, names),
            }
        return gettext("%(what)s: %(change)s.") % {"what": what, "change": result_change_words(game, change, names)}
    if change.action == "confirmed":
        return gettext("%(who)s confirmed the opponent's report: %(result)s.") % {
            "who": who,
            "result": official_words(game, change.after, names),
        }
    report = report_words(event, game, change)
    if change.action == "disputed":
        return gettext("%(who)s reported: %(report)s; the players disagree, a judge settles the table.") % {
            "who": who,
            "report": report,
        }
    return gettext("%(who)s reported: %(report)s; the opponent has yet to confirm.") % {"who": who, "report": report}


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
        return gettext("a result")
    try:
        return game.result_words(event, sides, game.result_from_json(report))
    except TournamentError as error:  # a report the rules no longer accept still has a line
        return gettext("a result the rules refuse (%(error)s)") % {"error": error.message}


def official_words(game: EventGame, state: dict, names: dict[str, str]) -> str:
    """A table's official result from the state a change recorded: who won (named as the match's
    players are on every page), and the points each scored."""
    seats = sorted(state.get("sides", {}).items())
    if state.get("status") != MatchStatus.CONFIRMED or len(seats) != 2:
        return gettext("no result")
    winner = next((seat for seat, side in seats if side.get("outcome") == Outcome.WIN), None)
    words = [
        gettext("%(name)s won") % {"name": names.get(winner) or state["sides"][winner]["player"]}
        if winner
        else gettext("a tie")
    ]
    first, second = sorted((side for _, side in seats), key=lambda side: side.get("outcome") != Outcome.WIN)
    if first.get("fleet_points") is not None and second.get("fleet_points") is not None:
        words.append(
            gettext("%(first)s fleet points to %(second)s")
            % {"first": first["fleet_points"], "second": second["fleet_points"]}
        )
    if game.points_label and (first.get("battle_points") or second.get("battle_points")):
        words.append(
            gettext("%(first)s %(points)s to %(second)s")
            % {
                "first": first.get("battle_points", 0),
                "points": game.points_label,
                "second": second.get("battle_points", 0),
            }
        )
    return ", ".join(words)


def event_round_history(event: Event) -> list[RoundChange]:
    """Every round paired again, oldest first, each with ``sentence``: who threw which pairings away,
    and the results and result changes they held."""
    changes = list(RoundChange.objects.filter(event=event).select_related("changed_by"))
    game = event_game(event.game)
    names = {round_.number: round_.name for round_ in event.rounds.all()}
    for change in changes:
        tables = [removed_words(event, game, table) for table in change.removed.get("matches", [])]
        removed = "; ".join(tables) or gettext("no table")
        # A round thrown away and not paired again since is no longer there to name itself.
        named = names.get(change.round_number) or gettext("Round %(number)s") % {"number": change.round_number}
        who = change.changed_by.get_username()
        change.sentence = gettext("%(who)s paired %(round)s again; removed: %(removed)s.") % {
            "who": who,
            "round": named,
            "removed": removed,
        }
    return changes


def removed_words(event: Event, game: EventGame, table: dict) -> str:
    """A removed table in words: its players, its result (or its state) and its earlier changes (their
    times on the event's clock, as every time of the event's history)."""
    players = table.get("players", [])
    if table.get("table") is None:
        return gettext("bye for %(players)s") % {"players": ", ".join(players)}
    names = {str(seat): name for seat, name in enumerate(players, start=1)}
    status = table.get("status")
    state = (
        official_words(game, table, names) if status == MatchStatus.CONFIRMED else RECORDED_STATES.get(status, status)
    )
    words = gettext("table %(table)s %(players)s (%(state)s)") % {
        "table": table["table"],
        "players": " v ".join(players),
        "state": state,
    }
    if history := table.get("history"):
        actions = ", ".join(
            gettext("%(action)s by %(name)s at %(time)s")
            % {
                "action": RECORDED_ACTIONS.get(entry["action"], entry["action"]),
                "name": entry["by"],
                "time": f"{event_moment(event, datetime.fromisoformat(entry['at'])):%Y-%m-%d %H:%M:%S}",
            }
            for entry in history
        )
        words += gettext(", its history: %(actions)s") % {"actions": actions}
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
