"""Safe decoding of hostile input, before any reader looks at it.

Size, encoding, control characters, JSON nesting depth (checked before parsing, so hostile depth
never reaches the parser), line count and line length: each limit refused with one sentence
(:class:`~rules.attack_wing.interchange.report.InterchangeError`), shared by every reader.
"""

from __future__ import annotations

import json
import re

from rules.attack_wing.fleet_file import MAX_FILE_BYTES
from rules.attack_wing.interchange.report import InterchangeError
from rules.translation import gettext as _

MAX_INPUT_BYTES = MAX_FILE_BYTES  # 256 KiB, as for Muster's own fleet files


MAX_JSON_DEPTH = 12  # the deepest real source (a Utopia link) nests 7 levels


MAX_LINES = 2000


MAX_LINE_CHARS = 4000  # a "Not legal: ..." line lists every violation


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


_ESCAPED_CONTROL = re.compile(r"(?<!\\)(?:\\\\)*\\u00(?:0[0-8bcefBCEF]|1[0-9a-fA-F]|7[fF])")


def as_text(data: object, what: str) -> str:
    """The input as text: size-limited, UTF-8, without NUL or other control characters."""
    if isinstance(data, bytes | bytearray | memoryview):
        data = bytes(data)
        if len(data) > MAX_INPUT_BYTES:
            raise InterchangeError(_too_large(what), "TOO_LARGE")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InterchangeError(_("The %(what)s is not UTF-8 text.") % {"what": _(what)}, "NOT_TEXT") from None
    if not isinstance(data, str):
        raise InterchangeError(_("The %(what)s must be text.") % {"what": _(what)}, "NOT_TEXT")
    if len(data) > MAX_INPUT_BYTES:
        raise InterchangeError(_too_large(what), "TOO_LARGE")
    data = data.removeprefix("\ufeff")
    if _CONTROL.search(data):
        raise InterchangeError(_controls(what), "NOT_TEXT")
    return data


def _too_large(what: str) -> str:
    return _("The %(what)s is larger than %(size)d KiB.") % {"what": _(what), "size": MAX_INPUT_BYTES // 1024}


def _controls(what: str) -> str:
    return _("The %(what)s contains control characters, so it is not a fleet.") % {"what": _(what)}


def load_json(text: str, what: str) -> object:
    """JSON with a nesting limit checked before parsing, so hostile depth never reaches the parser."""
    if _ESCAPED_CONTROL.search(text):
        raise InterchangeError(_controls(what), "NOT_TEXT")
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_JSON_DEPTH:
                raise InterchangeError(
                    _("The %(what)s is nested too deeply to be a fleet.") % {"what": _(what)}, "TOO_DEEP"
                )
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InterchangeError(
            _("The %(what)s is not valid JSON (%(error)s at line %(line)d, column %(column)d).")
            % {"what": _(what), "error": exc.msg, "line": exc.lineno, "column": exc.colno},
            "BAD_JSON",
        ) from None
    except (RecursionError, ValueError):
        raise InterchangeError(
            _("The %(what)s has numbers or nesting no fleet has.") % {"what": _(what)}, "BAD_JSON"
        ) from None


def text_lines(text: str, what: str) -> list[str]:
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        message = _("The %(what)s has more than %(count)d lines; no fleet is that long.")
        raise InterchangeError(message % {"what": _(what), "count": MAX_LINES}, "TOO_LARGE")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            message = _("Line %(number)d of the %(what)s is too long to be a card.")
            raise InterchangeError(message % {"number": number, "what": _(what)}, "TOO_LARGE")
    return lines
