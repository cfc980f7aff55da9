"""The event itself, and the whole file: every entity written out in order, and read back and cross-checked."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import models
from django.utils.translation import gettext, pgettext

from accounts.paper import site_paper_size
from game_registry import is_game
from stores.transfer import store_from_dict, store_to_dict

from .. import selectors
from ..games import event_game
from ..models import Event, ResultChange, ResultReport
from ..zones import event_zone
from .awards import AWARD
from .base import Column, Entity, Record, check_unique, read_children
from .history import RESULT_CHANGE, ROUND_CHANGE, STAFF_CHANGE, SUBMISSION_CHANGE
from .players import REGISTRATION
from .problems import Problems, check_structure
from .rounds import MATCH, ROUND


class EventEntity(Entity):
    """The event's settings and staff; :func:`event_to_dict` adds its players, rounds and history.

    ``settings`` holds the game's own settings (``Event.game_settings``, every one the game has,
    defaults included); they are read back through the game's settings form, so a file is held
    to the same rules as the event form. Files written before the games kept their settings hold
    them elsewhere, and the game reads them from there (``EventGame.settings_of_older_export``).
    ``store`` holds the store's details (:mod:`stores.transfer`); older files have none.
    ``time_zone`` names the clock the date and hours are on (:func:`tournaments.zones.event_zone`),
    for whoever reads the file; the import takes the zone from the store, as the event does.
    """

    model = Event
    columns = (
        Column("name", "name"),
        Column("game", "game"),
        Column("format", "format"),
        Column("date", "date"),
        Column("start_time", "start_time", default=None),
        Column("check_in_opens_minutes", "check_in_opens_minutes", default=None),
        Column("check_in_opened_at", "check_in_opened_at", None),  # older exports: check-in never opened by hand
        Column("check_in_closed_at", "check_in_closed_at", None),
        Column("votes_close_at", "votes_close_at", None),  # older exports: votes stay open, as they did
        Column("end_time", "end_time", default=None),
        Column("venue", "venue"),
        Column("status", "status"),
        Column("created_at", "created_at", None),
        Column("planned_rounds", "planned_rounds"),
        Column("round_minutes", "round_minutes"),
        Column("submission_deadline", "submission_deadline", None),
        Column("top_cut", "top_cut"),
        Column("player_cap", "player_cap", None),  # older exports: no cap, no fee, no prizes
        Column("entry_fee", "entry_fee", ""),
        Column("prize_support", "prize_support", ""),
        Column("lists_public", "lists_public"),
        Column("paper_size", "paper_size", site_paper_size),  # older exports: the importing site's paper
        Column("organizer", "organizer"),
        Column("judges", "judges"),
        Column("scoring.win", "win_points"),
        Column("scoring.tie", "tie_points"),
        Column("scoring.loss", "loss_points"),
        Column("scoring.tiebreaks", "tiebreaks"),
    )

    def to_dict(self, obj) -> dict:
        return {
            **super().to_dict(obj),
            "store": store_to_dict(obj.store),
            "time_zone": event_zone(obj).key,
            "settings": event_game(obj.game).settings(obj),
        }

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        store, wrong = store_from_dict(data.get("store"))
        for line in wrong:
            problems.add(f"{record.where}.store", line)
        record.extra["store"] = store
        if not is_game(record.instance.game):
            return  # the file's game is wrong, and its column's problem says so
        game = event_game(record.instance.game)
        if game.settings_form is None:
            return
        settings = data["settings"] if "settings" in data else game.settings_of_older_export(data)
        where = f"{record.where}.settings"
        if not isinstance(settings, dict):
            problems.add(where, gettext("must be an object"))
            return
        bad = [name for name, value in settings.items() if not isinstance(value, str | int | bool | None)]
        for name in bad:
            problems.add(f"{where}.{name}", gettext("must be text, a number or true/false"))
        form = game.settings_form(settings, format_key=record.instance.format)
        if bad or not form.is_valid():
            for name, messages in form.errors.items():
                problems.add(f"{where}.{name}", " ".join(messages))
            return
        record.instance.game_settings = form.settings()


EVENT = EventEntity()


def event_to_dict(event, registrations=None) -> dict:
    """Everything of the event but its standings (which the export adds, computed): see the package docstring."""
    if registrations is None:
        registrations = selectors.event_registrations(event)
    models.prefetch_related_objects(registrations, "decks")
    sides = selectors.event_sides(event)
    reports: dict[int, list] = defaultdict(list)
    for report in ResultReport.objects.filter(match__round__event=event).select_related("reported_by"):
        reports[report.match_id].append(report)
    rounds = {round_.number: round_ for round_ in event.rounds.select_related("paired_by")}
    matches: dict[int, dict[int, list]] = {}  # round number -> match id -> its sides
    for side in sides:
        matches.setdefault(side.round.number, {}).setdefault(side.match_id, []).append(side)
    history = (
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .order_by("changed_at", "pk")
    )
    return {
        "event": EVENT.to_dict(event),
        "players": [REGISTRATION.to_dict(registration) for registration in registrations],
        "rounds": [
            {
                **ROUND.to_dict(rounds[number]),
                "matches": [
                    MATCH.to_dict(its_sides[0].match, its_sides, reports.get(match_id, []))
                    for match_id, its_sides in by_match.items()
                ],
            }
            for number, by_match in matches.items()
        ],
        "history": [RESULT_CHANGE.to_dict(change) for change in history],
        "submissions": [SUBMISSION_CHANGE.to_dict(change) for change in selectors.event_submission_history(event)],
        "staff": [STAFF_CHANGE.to_dict(change) for change in selectors.event_staff_history(event)],
        "paired_again": [ROUND_CHANGE.to_dict(change) for change in selectors.event_round_history(event)],
        "awards": [AWARD.to_dict(award) for award in selectors.event_awards(event)],
    }


@dataclass
class EventFile:
    """An event file read and checked: the records to write, in order."""

    event: Record
    players: list[Record]
    rounds: list[Record]
    history: list[Record]
    submissions: list[Record]
    staff: list[Record] = field(default_factory=list)
    paired_again: list[Record] = field(default_factory=list)
    awards: list[Record] = field(default_factory=list)

    def usernames(self) -> set[str]:
        """Every account the file names."""
        names: set[str] = set()
        stack = [
            self.event,
            *self.players,
            *self.rounds,
            *self.history,
            *self.submissions,
            *self.staff,
            *self.paired_again,
        ]
        while stack:
            record = stack.pop()
            names.update(name for name in record.users.values() if name)
            for many in record.many_users.values():
                names.update(many)
            for children in record.children.values():
                stack.extend(children)
        return names


def event_from_dict(data: object, problems: Problems) -> EventFile | None:
    """The file read into records, or ``None`` with ``problems`` saying everything that is wrong."""
    check_structure(data, problems)
    if not isinstance(data, dict):
        problems.add("file", gettext("must be an object with the event, its players and its rounds"))
        return None
    event = EVENT.from_dict(data.get("event"), "event", problems)
    if event is None:
        return None
    players = read_children(REGISTRATION, data, "players", "", problems)
    rounds = read_children(ROUND, data, "rounds", "", problems)
    history = read_children(RESULT_CHANGE, data, "history", "", problems, optional=True)
    submissions = read_children(SUBMISSION_CHANGE, data, "submissions", "", problems, optional=True)
    staff = read_children(STAFF_CHANGE, data, "staff", "", problems, optional=True)
    paired_again = read_children(ROUND_CHANGE, data, "paired_again", "", problems, optional=True)
    awards = read_children(AWARD, data, "awards", "", problems, optional=True)
    check_unique(players, lambda player: player.users.get("player"), pgettext("in an event file", "player"), problems)
    check_unique(rounds, lambda round_: round_.instance.number, pgettext("in an event file", "round number"), problems)
    registered = {player.users.get("player") for player in players}
    check_unique(awards, lambda award: award.instance.name, pgettext("in an event file", "award"), problems)
    for award in awards:
        if "winner" in award.players and award.players["winner"] not in registered:
            problems.add(
                f"{award.where}.winner", gettext("%(name)s is not a player") % {"name": repr(award.players["winner"])}
            )
    tables = set()
    for round_ in rounds:
        for match in round_.children["matches"]:
            tables.add((round_.instance.number, match.instance.table))
            for side in match.children["sides"]:
                if side.players.get("registration") not in registered:
                    problems.add(
                        f"{side.where}.player",
                        gettext("%(name)s is not a player") % {"name": repr(side.players.get("registration"))},
                    )
    for change in history:
        if "match" in change.extra and change.extra["match"] not in tables:
            problems.add(change.where, gettext("names a round and table that has no match"))
    return None if problems else EventFile(event, players, rounds, history, submissions, staff, paired_again, awards)
