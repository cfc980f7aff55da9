"""An event as the data of its JSON export, and back: one ``to_dict``/``from_dict`` pair per entity.

Each entity (event, registration, submitted deck, round, match, side, report, result
change, submission change) is one :class:`Entity`: the model and its columns, each
column a key of the exported dict and the model field it holds. ``to_dict`` writes a
row the way the export shows it; ``from_dict`` reads it back into an unsaved row,
checking every value against the model field it goes into (type, length, the range
every supported database keeps, choices) and recording each problem with where it is
in the file. A new field is one more column here.

``from_dict`` never touches the database; :mod:`tournaments.services.transfer` checks
what needs it (accounts and their roles) and writes the rows.

The export keeps each player's submitted decks of a deck game as the event froze
them (slot, name, list file, verification code, time), but not which of the player's
own decks each was copied from: that deck lives on this site only, so an imported
event has the lists with no deck of the player's behind them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

from fleets.codes import is_code
from fleets.models import Fleet

from . import selectors
from .models import (
    Event,
    Match,
    MatchSide,
    Outcome,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    StaffChange,
    SubmissionChange,
    SubmittedDeck,
)

REQUIRED = object()
# The ranges of the integer fields on the narrowest database Muster runs on (PostgreSQL).
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges
# How deep a file's JSON may nest: a match result or a fleet list needs a handful of levels.
MAX_DEPTH = 32
# The longest line of a problem (a file may hold a megabyte-long username), and the most problems
# kept (a hostile file may have millions).
MAX_LINE = 300
MAX_PROBLEMS = 100


@dataclass(frozen=True, slots=True)
class Column:
    """``key`` of the exported dict (dotted for a nested dict: ``scoring.win``) holds model field ``attr``.

    ``default`` stands in for a key that exports of older versions do not have.
    """

    key: str
    attr: str
    default: Any = REQUIRED


@dataclass
class Record:
    """One entity read from a file: the unsaved row and what it names that is not in the row itself."""

    instance: models.Model
    where: str
    users: dict[str, str | None] = field(default_factory=dict)  # field -> username
    many_users: dict[str, list[str]] = field(default_factory=dict)  # many-to-many field -> usernames
    players: dict[str, str] = field(default_factory=dict)  # registration field -> the player's username
    moments: dict[str, datetime] = field(default_factory=dict)  # times the database sets itself on save
    children: dict[str, list[Record]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


class Problems:
    """What is wrong with a file, one line each, saying where; the first :data:`MAX_PROBLEMS` are kept."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.count = 0

    def add(self, where: str, message: str) -> None:
        self.count += 1
        if len(self.kept) >= MAX_PROBLEMS:
            return
        line = f"{where}: {message}"
        if len(line) > MAX_LINE:
            line = line[: MAX_LINE - 1] + "…"
        # One line each, whatever the file holds: control characters are shown escaped.
        self.kept.append("".join(char if char.isprintable() else repr(char)[1:-1] for char in line))

    @property
    def lines(self) -> list[str]:
        """The problems kept, and a last line saying how many more there are."""
        more = self.count - len(self.kept)
        return self.kept + ([f"... and {more} more problem{'s' if more > 1 else ''}"] if more else [])

    def __bool__(self) -> bool:
        return self.count > 0


class Entity:
    model: type[models.Model]
    columns: tuple[Column, ...]

    def to_dict(self, obj) -> dict:
        data: dict = {}
        for column in self.columns:
            _put(data, column.key, _dump(self._field(column), getattr(obj, column.attr)))
        return data

    def from_dict(self, data: object, where: str, problems: Problems) -> Record | None:
        if not isinstance(data, dict):
            problems.add(where, "must be an object")
            return None
        record = Record(instance=self.model(), where=where)
        for column in self.columns:
            try:
                value = _get(data, column.key, column.default)
            except KeyError:
                problems.add(f"{where}.{column.key}", "is missing")
                continue
            except TypeError:
                problems.add(f"{where}.{column.key.rpartition('.')[0]}", "must be an object")
                continue
            try:
                _load(record, self._field(column), value)
            except ValidationError as error:
                for message in error.messages:
                    problems.add(f"{where}.{column.key}", message)
        self.check(record, data, problems)
        return record

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        """Checks of this entity beyond its fields' own; reads the entity's children."""

    def _field(self, column: Column):
        return self.model._meta.get_field(column.attr)


def _children(entity: Entity, data: dict, key: str, where: str, problems: Problems, optional: bool = False):
    """The records of the list ``data[key]`` (``optional``: older exports may not have it)."""
    items = data.get(key, [] if optional else None)
    where = f"{where}.{key}" if where else key
    if not isinstance(items, list):
        problems.add(where, "is missing" if items is None else "must be a list")
        return []
    records = [entity.from_dict(item, f"{where}[{index}]", problems) for index, item in enumerate(items)]
    return [record for record in records if record is not None]


def _put(data: dict, key: str, value) -> None:
    *path, last = key.split(".")
    for part in path:
        data = data.setdefault(part, {})
    data[last] = value


def _get(data: dict, key: str, default):
    *path, last = key.split(".")
    for part in path:
        data = data[part]
        if not isinstance(data, dict):
            raise TypeError(part)
    if last in data:
        return data[last]
    if default is REQUIRED:
        raise KeyError(key)
    return default


def _dump(model_field, value):
    if model_field.many_to_many:
        return [user.get_username() for user in value.all()]
    if value is None:
        return None
    if model_field.is_relation:
        return value.player.get_username() if model_field.related_model is Registration else value.get_username()
    if isinstance(value, date):  # a datetime is a date too
        return value.isoformat()
    return value


def _load(record: Record, model_field, value) -> None:
    """Check ``value`` for ``model_field`` and put it in ``record``; a bad value raises ``ValidationError``."""
    name = model_field.name
    if model_field.many_to_many:
        if not isinstance(value, list):
            raise ValidationError("must be a list of usernames")
        record.many_users[name] = [_username(item) for item in value]
        return
    automatic = isinstance(model_field, models.DateTimeField) and (model_field.auto_now or model_field.auto_now_add)
    if value is None and automatic:  # not in the file: the database sets it
        return
    if value is None:
        if not model_field.null:
            raise ValidationError("must not be null")
        if not model_field.is_relation:
            setattr(record.instance, name, None)
        return
    if model_field.is_relation:
        if model_field.related_model is Registration:
            record.players[name] = _username(value)
        else:
            record.users[name] = _username(value)
        return
    value = _typed(model_field, value)
    if automatic:
        record.moments[name] = value
    else:
        setattr(record.instance, name, value)


def _typed(model_field, value):
    """``value`` as the field's Python value, checked as the database and the model would check it."""
    if isinstance(model_field, models.BooleanField):
        if not isinstance(value, bool):
            raise ValidationError("must be true or false")
        return value
    if isinstance(model_field, models.IntegerField):
        if not _whole(value):
            raise ValidationError("must be a whole number")
        low, high = INTEGER_RANGES.get(model_field.get_internal_type(), (None, None))
        if low is not None and not low <= value <= high:
            raise ValidationError(f"must be a whole number from {low} to {high}")
    elif isinstance(model_field, models.DateTimeField):
        value = _text(value, "a date and time (ISO 8601, with its offset from UTC)")
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise ValidationError("must be a date and time (ISO 8601, with its offset from UTC)") from None
        if value.tzinfo is None:
            raise ValidationError("must say its offset from UTC")
        return value
    elif isinstance(model_field, models.DateField):
        try:
            return date.fromisoformat(_text(value, "a date (YYYY-MM-DD)"))
        except ValueError:
            raise ValidationError("must be a date (YYYY-MM-DD)") from None
    elif isinstance(model_field, models.CharField):
        _text(value, "text")
    return model_field.clean(value, None)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value, what: str) -> str:
    if not isinstance(value, str):
        raise ValidationError(f"must be {what}")
    return value


def _username(value) -> str:
    username_field = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    username = _text(value, "a username")
    try:
        username_field.clean(username, None)
    except ValidationError as error:
        raise ValidationError(f"{username!r} is not a valid username: {' '.join(error.messages)}") from None
    return username


def check_structure(data: object, problems: Problems) -> None:
    """Refuse what no field may hold: nesting deeper than :data:`MAX_DEPTH`, NUL characters, NaN and infinities.

    Walks the whole file without recursion, before anything reads it.
    """
    stack: list[tuple[object, int, str]] = [(data, 0, "file")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            problems.add(where, f"nests deeper than {MAX_DEPTH} levels")
            return
        if isinstance(value, str):
            if "\x00" in value:
                problems.add(where, "holds a NUL character")
        elif isinstance(value, float):
            if not math.isfinite(value):
                problems.add(where, "is not a finite number")
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    problems.add(where, "has a key holding a NUL character")
                    continue
                stack.append((item, depth + 1, f"{where}.{key}" if where != "file" else key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, f"{where}[{index}]") for index, item in enumerate(value))


# --- The entities -------------------------------------------------------------------------------------


class SubmittedDeckEntity(Entity):
    """A submitted deck's frozen copy; the link to the player's own deck stays behind (see the module's docstring)."""

    model = SubmittedDeck
    columns = (
        Column("slot", "slot"),
        Column("name", "name"),
        Column("content", "content"),
        Column("code", "code"),
        Column("submitted_at", "submitted_at"),
    )


class RegistrationEntity(Entity):
    """A player's entry, with the fleet version they submitted (restored as a new fleet) and their decks."""

    model = Registration
    columns = (
        Column("player", "player"),
        Column("registered_at", "registered_at", None),
        Column("added_by", "added_by", None),
        Column("club", "club", ""),
        Column("checked_in", "checked_in"),
        Column("fleet_submitted_at", "fleet_submitted_at", None),
        Column("first_round_bye", "first_round_bye"),
        Column("dropped_at", "dropped_at"),
    )

    def to_dict(self, registration) -> dict:
        version = registration.fleet_version
        return {
            **super().to_dict(registration),
            "fleet": None
            if version is None
            else {
                "name": version.fleet.name,
                "version": version.number,
                "code": version.code,
                "total": version.total,
                "content": version.content,
            },
            "decks": [DECK.to_dict(deck) for deck in registration.decks.all()],
        }

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        where = record.where
        fleet = data.get("fleet")
        if fleet is not None:
            if not isinstance(fleet, dict):
                problems.add(f"{where}.fleet", "must be an object or null")
            elif not isinstance(fleet.get("content"), dict):
                problems.add(f"{where}.fleet.content", "must be a fleet file (an object)")
            else:
                try:
                    name = Fleet._meta.get_field("name").clean(_text(fleet.get("name"), "text"), None)
                except ValidationError as error:
                    problems.add(f"{where}.fleet.name", " ".join(error.messages))
                else:
                    code = fleet.get("code")
                    if code is not None and not is_code(code):
                        problems.add(f"{where}.fleet.code", "must be a verification code (8 characters A-Z, 2-7)")
                    record.extra["fleet"] = (name, fleet["content"], code)
        decks = record.children["decks"] = _children(DECK, data, "decks", where, problems, optional=True)
        _unique(decks, lambda deck: deck.instance.slot, "slot", problems)


class SideEntity(Entity):
    model = MatchSide
    columns = (
        Column("seat", "seat"),
        Column("player", "registration"),
        Column("side", "side", ""),
        Column("outcome", "outcome"),
        Column("fleet_points", "fleet_points"),
        Column("battle_points", "battle_points", 0),
        Column("losses", "losses"),
        Column("opponent_build_verified_at", "opponent_build_verified_at"),
    )

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        if data.get("seat") not in (1, 2):
            problems.add(f"{record.where}.seat", "must be 1 or 2")
        if record.instance.outcome not in ("", *Outcome.values):
            problems.add(f"{record.where}.outcome", f"must be one of {', '.join(Outcome.values)} or empty")


class ReportEntity(Entity):
    model = ResultReport
    columns = (
        Column("seat", "seat"),
        Column("reported_by", "reported_by"),
        Column("reported_at", "reported_at", None),
        Column("result", "result"),
    )

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        if data.get("seat") not in (1, 2):
            problems.add(f"{record.where}.seat", "must be 1 or 2")


class MatchEntity(Entity):
    """One table, or a bye (no table); its sides and its players' reports."""

    model = Match
    columns = (
        Column("table", "table"),
        Column("status", "status"),
        Column("result", "result", None),
    )

    def to_dict(self, match, sides=(), reports=()) -> dict:
        return {
            **super().to_dict(match),
            "sides": [SIDE.to_dict(side) for side in sides],
            "reports": [REPORT.to_dict(report) for report in reports],
        }

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        table = record.instance.table
        if isinstance(table, int) and table < 1:
            problems.add(f"{record.where}.table", "must be 1 or more (or null for a bye)")
        sides = record.children["sides"] = _children(SIDE, data, "sides", record.where, problems)
        reports = record.children["reports"] = _children(REPORT, data, "reports", record.where, problems)
        _unique(sides, lambda side: side.instance.seat, "seat", problems)
        _unique(reports, lambda report: report.instance.seat, "seat", problems)
        if not 1 <= len(sides) <= 2:
            problems.add(f"{record.where}.sides", "must hold one side (a bye) or two")


class RoundEntity(Entity):
    model = Round
    columns = (
        Column("number", "number"),
        Column("stage", "stage"),
        Column("paired_at", "paired_at", None),
        Column("paired_by", "paired_by", None),
        Column("pairing_attempt", "pairing_attempt", 0),
        Column("clock_started_at", "clock_started_at", None),
    )

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        number = record.instance.number
        if isinstance(number, int) and number < 1:
            problems.add(f"{record.where}.number", "must be 1 or more")
        matches = record.children["matches"] = _children(MATCH, data, "matches", record.where, problems)
        _unique(matches, lambda match: match.instance.table, "table", problems)
        _unique(
            [side for match in matches for side in match.children["sides"]],
            lambda side: side.players.get("registration"),
            "player",
            problems,
            what="is seated twice in this round",
        )


class ResultChangeEntity(Entity):
    """A change to a match's result; the match is named by its round number and table."""

    model = ResultChange
    columns = (
        Column("action", "action"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("before", "before"),
        Column("after", "after"),
    )

    def to_dict(self, change) -> dict:
        return {"round": change.match.round.number, "table": change.match.table, **super().to_dict(change)}

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        number, table = data.get("round"), data.get("table")
        if not _whole(number) or not (table is None or _whole(table)):
            problems.add(record.where, "must name its match by round number and table")
        else:
            record.extra["match"] = (number, table)


class SubmissionChangeEntity(Entity):
    model = SubmissionChange
    columns = (
        Column("player", "player"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("action", "action"),
        Column("before", "before"),
        Column("after", "after"),
    )


class StaffChangeEntity(Entity):
    """A judge appointed to the event or removed from it, and by whom."""

    model = StaffChange
    columns = (
        Column("person", "person"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("action", "action"),
    )


class EventEntity(Entity):
    """The event's settings and staff; :func:`event_to_dict` adds its players, rounds and history."""

    model = Event
    columns = (
        Column("name", "name"),
        Column("game", "game"),
        Column("format", "format"),
        Column("date", "date"),
        Column("venue", "venue"),
        Column("status", "status"),
        Column("created_at", "created_at", None),
        Column("planned_rounds", "planned_rounds"),
        Column("round_minutes", "round_minutes"),
        Column("submission_deadline", "submission_deadline", None),
        Column("top_cut", "top_cut"),
        Column("lists_public", "lists_public"),
        Column("banned_resources", "banned_resources", ""),
        Column("organizer", "organizer"),
        Column("judges", "judges"),
        Column("scoring.win", "win_points"),
        Column("scoring.tie", "tie_points"),
        Column("scoring.loss", "loss_points"),
        Column("scoring.bye_fleet_points", "bye_fleet_points"),
        Column("scoring.fleet_point_base", "fleet_point_base"),
        Column("scoring.tiebreaks", "tiebreaks"),
    )


DECK = SubmittedDeckEntity()
REGISTRATION = RegistrationEntity()
SIDE = SideEntity()
REPORT = ReportEntity()
MATCH = MatchEntity()
ROUND = RoundEntity()
RESULT_CHANGE = ResultChangeEntity()
SUBMISSION_CHANGE = SubmissionChangeEntity()
STAFF_CHANGE = StaffChangeEntity()
EVENT = EventEntity()


def _unique(records: list[Record], key, name: str, problems: Problems, what: str = "") -> None:
    seen = set()
    for record in records:
        value = key(record)
        if value is None:  # a bye has no table; a missing value is reported where it is read
            continue
        if value in seen:
            problems.add(record.where, what or f"repeats the {name} {value!r}")
        seen.add(value)


# --- The whole event ----------------------------------------------------------------------------------


def event_to_dict(event, registrations=None) -> dict:
    """Everything of the event but its standings (which the export adds, computed): see the module docstring."""
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

    def usernames(self) -> set[str]:
        """Every account the file names."""
        names: set[str] = set()
        stack = [self.event, *self.players, *self.rounds, *self.history, *self.submissions, *self.staff]
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
        problems.add("file", "must be an object with the event, its players and its rounds")
        return None
    event = EVENT.from_dict(data.get("event"), "event", problems)
    if event is None:
        return None
    players = _children(REGISTRATION, data, "players", "", problems)
    rounds = _children(ROUND, data, "rounds", "", problems)
    history = _children(RESULT_CHANGE, data, "history", "", problems, optional=True)
    submissions = _children(SUBMISSION_CHANGE, data, "submissions", "", problems, optional=True)
    staff = _children(STAFF_CHANGE, data, "staff", "", problems, optional=True)
    _unique(players, lambda player: player.users.get("player"), "player", problems)
    _unique(rounds, lambda round_: round_.instance.number, "round number", problems)
    registered = {player.users.get("player") for player in players}
    tables = set()
    for round_ in rounds:
        for match in round_.children["matches"]:
            tables.add((round_.instance.number, match.instance.table))
            for side in match.children["sides"]:
                if side.players.get("registration") not in registered:
                    problems.add(f"{side.where}.player", f"{side.players.get('registration')!r} is not a player")
    for change in history:
        if "match" in change.extra and change.extra["match"] not in tables:
            problems.add(change.where, "names a round and table that has no match")
    return None if problems else EventFile(event, players, rounds, history, submissions, staff)
