"""What every list check shares, whatever the game: violations, the report's shape, reading the file.

A list check answers one question -- may this deck, fleet or reserves deck be
played? -- in the same shape for every game, so the command line, the API and
the web pages print any game's answer the same way: ``legal``, the game's
totals, and the violations, each with a stable ``code`` that callers may match
on and a ``message`` meant for people.

List files are JSON written by hand or by other programs, so reading one is
strict: a missing, mistyped or unknown field is a :class:`ListFileError` naming
the field, never a half-read list that is then judged.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.inputs.bounded_read import FileTooLarge, read_at_most
from rules.inputs.text_input import text_problem
from rules.translation import gettext as _
from rules.translation import gettext_noop

# Exit codes of the list-check commands.
EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2

# A real list is a few kilobytes; anything near this is not a list and is refused unread.
MAX_FILE_BYTES = 1_000_000


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: ``code`` is stable for programs, ``message`` is for people.

    ``card`` names the card, ship or unit at fault, or is ``None`` when the rule
    is about the list as a whole (its size, its points).
    """

    code: str
    message: str
    card: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "card": self.card}


class ListReport:
    """Base of each game's report: legality and the JSON shape come from here.

    A subclass is a frozen dataclass with a ``violations`` tuple and its own
    totals; it only says which totals it shows, in which order.
    """

    __slots__ = ()
    violations: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not self.violations

    def totals(self) -> dict[str, int | str]:
        raise NotImplementedError

    def to_dict(self) -> dict[str, object]:
        return {"legal": self.legal, **self.totals(), "violations": [v.to_dict() for v in self.violations]}

    def to_text(self) -> str:
        """A few plain lines: the verdict, each total, then each violation with its code."""
        count = len(self.violations)
        lines = ["legal" if self.legal else f"illegal ({count} violation{'' if count == 1 else 's'})"]
        lines += [f"{name.replace('_', ' ')}: {value}" for name, value in self.totals().items()]
        lines += [f"{v.code}: {v.message}" for v in self.violations]
        return "\n".join(lines)

    @property
    def exit_code(self) -> int:
        return EXIT_LEGAL if self.legal else EXIT_ILLEGAL


EMPTY_LIST = "EMPTY_LIST"


def empty_list(message: str) -> Violation:
    """The one violation of a list with nothing in it: no game plays an empty deck, fleet or reserves deck."""
    return Violation(EMPTY_LIST, message)


def tally(lines: Iterable[tuple[str, int]]) -> Counter[str]:
    """Copies per name from ``(name, count)`` lines; a list may name the same card on several lines."""
    copies: Counter[str] = Counter()
    for name, count in lines:
        copies[name] += count
    return copies


_TOP = gettext_noop("the file")  # how errors name the top-level object; its fields are named bare


class ListFileError(ValueError):
    """A list file that cannot be read as a list. The message is one line, fit to show a user."""


def read_list_file(path: str | Path) -> object:
    """The JSON value in ``path``, refusing unreadable, oversized or malformed files with one clear line."""
    try:
        raw = read_at_most(path, MAX_FILE_BYTES, what="the list file")
    except OSError as error:
        raise ListFileError(f"cannot read {path}: {error.strerror or error}") from None
    except FileTooLarge as error:
        raise ListFileError(f"{error}; a list file is a few kilobytes") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ListFileError(f"{path} is not UTF-8 text") from None
    return parse_list_json(text, name=str(path))


def parse_list_json(text: str, *, name: str = _TOP) -> object:
    """The JSON value of ``text``; malformed or hostile JSON becomes one clear line naming ``name``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ListFileError(
            _("%(name)s is not valid JSON: %(error)s (line %(line)d, column %(column)d)")
            % {"name": _named(name), "error": error.msg, "line": error.lineno, "column": error.colno}
        ) from None
    except (ValueError, RecursionError):  # numbers too long to read, nesting too deep
        raise ListFileError(
            _("%(name)s is not a list file: its JSON is too deeply nested or holds oversized numbers")
            % {"name": _named(name)}
        ) from None


def _named(where: str) -> str:
    """``where`` in an error message: the top-level object in the reader's language, any other place as written."""
    return _(_TOP) if where == _TOP else where


_MISSING = object()


class Record:
    """One JSON object of a list file, read field by field with errors that say where.

    ``where`` is the object's place in the file (``cards[3]``), so a message reads
    ``cards[3].count must be a whole number of at least 1, got 0``. Fields not in
    ``fields`` are refused, so a misspelt optional field is caught, not ignored.
    """

    __slots__ = ("_data", "_where")

    def __init__(self, data: object, where: str, fields: Iterable[str]) -> None:
        if not isinstance(data, dict):
            raise ListFileError(
                _("%(where)s must be a JSON object, got %(type)s") % {"where": _named(where), "type": _json_type(data)}
            )
        allowed = tuple(fields)
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise ListFileError(
                _("%(where)s has unknown field %(field)r (expected: %(allowed)s)")
                % {"where": _named(where), "field": unknown[0], "allowed": ", ".join(allowed)}
            )
        self._data = data
        self._where = where

    def _get(self, key: str, default: object) -> object:
        if key in self._data:
            return self._data[key]
        if default is _MISSING:
            raise ListFileError(_("%(where)s is missing %(key)r") % {"where": _named(self._where), "key": key})
        return default

    def _path(self, key: str) -> str:
        return key if self._where == _TOP else f"{self._where}.{key}"

    def text(self, key: str, *, choices: Iterable[str] | None = None, default: object = _MISSING) -> str:
        """A non-empty string; with ``choices``, one of them (compared without case or surrounding spaces)."""
        value = self._get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise ListFileError(
                _("%(path)s must be a non-empty string, got %(type)s")
                % {"path": self._path(key), "type": _json_type(value)}
            )
        if problem := text_problem(value):
            raise ListFileError(f"{self._path(key)}: {problem}")
        if choices is None:
            return value.strip()
        options = tuple(choices)
        choice = value.strip().lower()
        if choice not in options:
            shown = value if len(value) <= 40 else f"{value[:40]}..."
            raise ListFileError(
                _("%(path)s must be one of %(options)s; got %(shown)r")
                % {"path": self._path(key), "options": ", ".join(options), "shown": shown}
            )
        return choice

    def number(self, key: str, *, minimum: int, default: object = _MISSING) -> int:
        """A whole number of at least ``minimum`` (JSON ``true`` and ``2.0`` are refused)."""
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            shown = value if isinstance(value, int | float) and not isinstance(value, bool) else _json_type(value)
            raise ListFileError(
                _("%(path)s must be a whole number of at least %(minimum)d, got %(shown)s")
                % {"path": self._path(key), "minimum": minimum, "shown": shown}
            )
        return value

    def _array(self, key: str, required: bool) -> list[Any]:
        value = self._get(key, _MISSING if required else [])
        if not isinstance(value, list):
            raise ListFileError(
                _("%(path)s must be a JSON array, got %(type)s") % {"path": self._path(key), "type": _json_type(value)}
            )
        return value

    def records(self, key: str, fields: Iterable[str], *, required: bool = True) -> list[Record]:
        """The array under ``key`` read as objects with the given fields; absent means empty unless required."""
        allowed = tuple(fields)
        return [Record(item, f"{self._path(key)}[{i}]", allowed) for i, item in enumerate(self._array(key, required))]

    def texts(self, key: str, *, required: bool = True) -> list[str]:
        """The array under ``key`` read as non-empty strings."""
        items = self._array(key, required)
        bad = next((i for i, item in enumerate(items) if not isinstance(item, str) or not item.strip()), None)
        if bad is not None:
            raise ListFileError(
                _("%(path)s must be a non-empty string, got %(type)s")
                % {"path": f"{self._path(key)}[{bad}]", "type": _json_type(items[bad])}
            )
        return [item.strip() for item in items]


def file_record(data: object, fields: Iterable[str]) -> Record:
    """The top-level object of a list file."""
    return Record(data, _TOP, fields)


def _json_type(value: object) -> str:
    """How a JSON value is named in an error message: its JSON type, not Python's."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("a boolean")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("a string") if value.strip() else _("an empty string")
    if isinstance(value, list):
        return _("an array")
    return _("an object")
