"""Whole numbers typed by people or sent by machines, read in one place.

``str.isdigit()`` and ``int()`` accept more than a form or an address means by a number:
superscripts (``"²".isdigit()`` is true, ``int("²")`` fails), digits of other scripts
(``int("٣")`` is 3), signs, spaces, underscores (``int("1_0")`` is 10), and any size, which a
database column then refuses with an error of its own (SQLite's ``OverflowError``). A number
here is ASCII digits only, at most as many as its range needs, within that range; anything else
is no number at all, and the caller says so in its own words.
"""

from __future__ import annotations

import re

# The largest value of a 64-bit signed column: every id of the site (BigAutoField) fits in it.
MAX_ID = 2**63 - 1
# The largest value of a 32-bit signed column (IntegerField, PositiveIntegerField).
MAX_INT32 = 2**31 - 1

_ASCII_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def read_int(text: object, *, low: int = 0, high: int = MAX_ID) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``; ``None`` unless it is ASCII digits only
    (no sign, no spaces) naming a number in that range. Leading zeros are allowed ("007" is 7)."""
    if not isinstance(text, str) or not _ASCII_DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(high)):  # refused before int(): Python refuses over 4,300 digits itself
        return None
    number = int(digits)
    return number if low <= number <= high else None
