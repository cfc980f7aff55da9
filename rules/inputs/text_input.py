"""The one check of typed text for characters that have no place in it.

Names, clubs, titles and notes are shown to other people on pages, printed sheets
and exports. Three kinds of character are refused wherever text comes in:

- control characters (C0 ``U+0000``-``U+001F``, ``U+007F`` and C1 ``U+0080``-``U+009F``):
  NUL breaks PostgreSQL, the others garble pages, files and terminals. Multi-line
  text (notes) may hold tab, line feed and carriage return (browsers send ``\\r\\n``);
  one-line text (a name) may not;
- bidirectional controls (``U+200E``, ``U+200F``, ``U+061C``, ``U+202A``-``U+202E``,
  ``U+2066``-``U+2069``): invisible, they reorder what is shown, so a name can be
  made to read as another (a right-to-left override turns ``abc`` into ``cba``);
- unpaired surrogates (``U+D800``-``U+DFFF``): not text at all (they only arrive
  through JSON escapes) and cannot be stored or encoded.

Pure Python: forms and API schemas call it through ``accounts.text_fields``.
"""

from __future__ import annotations

import unicodedata

from rules.translation import gettext as _

#: Line breaks and tab, allowed only in multi-line text.
MULTILINE_ALLOWED = frozenset("\t\n\r")

BIDI_CONTROLS = frozenset(
    [chr(0x061C), chr(0x200E), chr(0x200F)]
    + [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
)

_CONTROL_NAMES = {
    0x00: "NUL",
    0x09: "TAB",
    0x0A: "LINE FEED",
    0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE",
    0x7F: "DELETE",
}


def is_control(char: str) -> bool:
    """A C0 or C1 control character (``unicodedata`` category ``Cc``)."""
    code = ord(char)
    return code < 0x20 or 0x7F <= code <= 0x9F


def is_surrogate(char: str) -> bool:
    return 0xD800 <= ord(char) <= 0xDFFF


def text_problem(value: str, *, multiline: bool = False) -> str | None:
    """Why ``value`` may not be accepted as typed text, as a sentence to show; ``None`` if it may.

    ``multiline`` allows tab, line feed and carriage return (a text area), never the
    other control characters. The first offending character is named.
    """
    for char in value:
        if is_control(char):
            if multiline and char in MULTILINE_ALLOWED:
                continue
            if char in MULTILINE_ALLOWED:
                return _("Use a single line: this text may not contain a %(char)s.") % {"char": describe(char)}
            return _("This text may not contain the control character %(char)s.") % {"char": describe(char)}
        if char in BIDI_CONTROLS:
            return _(
                "This text may not contain the invisible direction control %(char)s: it changes how the text is shown."
            ) % {"char": describe(char)}
        if is_surrogate(char):
            return _("This text may not contain %(char)s, which is not a character on its own.") % {
                "char": describe(char)
            }
    return None


def describe(char: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: the code point, and its name where it has one."""
    code = ord(char)
    name = _CONTROL_NAMES.get(code) or unicodedata.name(char, "")
    if not name and is_surrogate(char):
        name = _("an unpaired surrogate")
    return f"U+{code:04X} ({name})" if name else f"U+{code:04X}"
