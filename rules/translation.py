"""The words the rules show a person, in that person's language, without rules/ knowing Django.

The rules build their explanations and refusals in English and pass every sentence through ``gettext`` (or
``ngettext`` for a count) here, with named ``%(placeholders)s`` filled after translation, so that
``makemessages`` finds them like any other string of the site. Left alone, these functions return the
English; the site installs Django's own at start-up (``accounts.apps``), so a sentence comes out in the
language active when it is built: the request's, or a printout's.
"""

from __future__ import annotations

from collections.abc import Callable

_gettext: Callable[[str], str] = lambda message: message  # noqa: E731
_ngettext: Callable[[str, str, int], str] = lambda singular, plural, count: singular if count == 1 else plural  # noqa: E731


def gettext(message: str) -> str:
    """``message`` in the active language (English until a translator is installed)."""
    return _gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the active language."""
    return _ngettext(singular, plural, count)


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalog where it is defined (a table of words at import time) and returns it
    untouched; it is passed through :func:`gettext` where a sentence is built, in the language of that moment."""
    return message


def install(*, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> None:
    """Make the rules speak through the site's translations (called once, at start-up)."""
    global _gettext, _ngettext
    _gettext, _ngettext = gettext, ngettext
