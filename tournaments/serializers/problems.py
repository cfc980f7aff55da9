"""What is wrong with an event file, one line a problem, and the walk that refuses what no field may hold."""

from __future__ import annotations

import math

from django.utils.translation import gettext, ngettext

# How deep a file's JSON may nest: a match result or a fleet list needs a handful of levels.
MAX_DEPTH = 32
# The longest line of a problem (a file may hold a megabyte-long username), and the most problems
# kept (a hostile file may have millions).
MAX_LINE = 300
MAX_PROBLEMS = 100


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
        return self.kept + (
            [ngettext("... and %(count)s more problem", "... and %(count)s more problems", more) % {"count": more}]
            if more
            else []
        )

    def __bool__(self) -> bool:
        return self.count > 0


def check_structure(data: object, problems: Problems) -> None:
    """Refuse what no field may hold: nesting deeper than :data:`MAX_DEPTH`, NUL characters, NaN and infinities.

    Walks the whole file without recursion, before anything reads it.
    """
    stack: list[tuple[object, int, str]] = [(data, 0, "file")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            problems.add(where, gettext("nests deeper than %(depth)s levels") % {"depth": MAX_DEPTH})
            return
        if isinstance(value, str):
            if "\x00" in value:
                problems.add(where, gettext("holds a NUL character"))
        elif isinstance(value, float):
            if not math.isfinite(value):
                problems.add(where, gettext("is not a finite number"))
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    problems.add(where, gettext("has a key holding a NUL character"))
                    continue
                stack.append((item, depth + 1, f"{where}.{key}" if where != "file" else key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, f"{where}[{index}]") for index, item in enumerate(value))
