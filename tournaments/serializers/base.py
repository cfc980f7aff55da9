"""The columns of an entity and the reading and writing every entity shares.

An :class:`Entity` is a model and its :class:`Column` s; ``to_dict`` writes a row the way
the export shows it, ``from_dict`` reads it back into an unsaved :class:`Record`, checking
every value against the model field it goes into.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext

from ..models import Registration
from .problems import Problems

REQUIRED = object()
# The ranges of the integer fields on the narrowest database Muster runs on (PostgreSQL).
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges


@dataclass(frozen=True, slots=True)
class Column:
    """``key`` of the exported dict (dotted for a nested dict: ``scoring.win``) holds model field ``attr``.

    ``default`` stands in for a key that exports of older versions do not have (a callable: what it returns,
    as a model field's default).
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
            problems.add(where, gettext("must be an object"))
            return None
        record = Record(instance=self.model(), where=where)
        for column in self.columns:
            try:
                value = _get(data, column.key, column.default)
            except KeyError:
                problems.add(f"{where}.{column.key}", gettext("is missing"))
                continue
            except TypeError:
                problems.add(f"{where}.{column.key.rpartition('.')[0]}", gettext("must be an object"))
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


def read_children(entity: Entity, data: dict, key: str, where: str, problems: Problems, optional: bool = False):
    """The records of the list ``data[key]`` (``optional``: older exports may not have it)."""
    items = data.get(key, [] if optional else None)
    where = f"{where}.{key}" if where else key
    if not isinstance(items, list):
        problems.add(where, gettext("is missing") if items is None else gettext("must be a list"))
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
    return default() if callable(default) else default


def _dump(model_field, value):
    if model_field.many_to_many:
        return [user.get_username() for user in value.all()]
    if value is None:
        return None
    if model_field.is_relation:
        return value.player.get_username() if model_field.related_model is Registration else value.get_username()
    if isinstance(value, date | time):  # a datetime is a date too
        return value.isoformat()
    return value


def _load(record: Record, model_field, value) -> None:
    """Check ``value`` for ``model_field`` and put it in ``record``; a bad value raises ``ValidationError``."""
    name = model_field.name
    if model_field.many_to_many:
        if not isinstance(value, list):
            raise ValidationError(gettext("must be a list of usernames"))
        record.many_users[name] = [_username(item) for item in value]
        return
    automatic = isinstance(model_field, models.DateTimeField) and (model_field.auto_now or model_field.auto_now_add)
    if value is None and automatic:  # not in the file: the database sets it
        return
    if value is None:
        if not model_field.null:
            raise ValidationError(gettext("must not be null"))
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
            raise ValidationError(gettext("must be true or false"))
        return value
    if isinstance(model_field, models.IntegerField):
        if not is_whole(value):
            raise ValidationError(gettext("must be a whole number"))
        low, high = INTEGER_RANGES.get(model_field.get_internal_type(), (None, None))
        if low is not None and not low <= value <= high:
            raise ValidationError(
                gettext("must be a whole number from %(low)s to %(high)s") % {"low": low, "high": high}
            )
    elif isinstance(model_field, models.DateTimeField):
        value = require_text(value, gettext("a date and time (ISO 8601, with its offset from UTC)"))
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise ValidationError(gettext("must be a date and time (ISO 8601, with its offset from UTC)")) from None
        if value.tzinfo is None:
            raise ValidationError(gettext("must say its offset from UTC"))
        return value
    elif isinstance(model_field, models.DateField):
        try:
            return date.fromisoformat(require_text(value, gettext("a date (YYYY-MM-DD)")))
        except ValueError:
            raise ValidationError(gettext("must be a date (YYYY-MM-DD)")) from None
    elif isinstance(model_field, models.TimeField):
        try:
            return time.fromisoformat(require_text(value, gettext("a time of day (HH:MM)")))
        except ValueError:
            raise ValidationError(gettext("must be a time of day (HH:MM)")) from None
    elif isinstance(model_field, models.CharField):
        require_text(value, gettext("text"))
    return model_field.clean(value, None)


def is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def require_text(value, what: str) -> str:
    if not isinstance(value, str):
        raise ValidationError(gettext("must be %(what)s") % {"what": what})
    return value


def _username(value) -> str:
    username_field = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    username = require_text(value, gettext("a username"))
    try:
        username_field.clean(username, None)
    except ValidationError as error:
        raise ValidationError(
            gettext("%(username)s is not a valid username: %(problems)s")
            % {"username": repr(username), "problems": " ".join(error.messages)}
        ) from None
    return username


def check_unique(records: list[Record], key, name: str, problems: Problems, what: str = "") -> None:
    seen = set()
    for record in records:
        value = key(record)
        if value is None:  # a bye has no table; a missing value is reported where it is read
            continue
        if value in seen:
            problems.add(
                record.where, what or gettext("repeats the %(name)s %(value)s") % {"name": name, "value": repr(value)}
            )
        seen.add(value)
