"""The language of what a store prints and mails: the one place that decides it.

A printout serves a whole table or a whole room (pairings, slips, standings, the Fleet Build Sheets the
judges read), so it follows the store, not whoever pressed Print; mail to a walk-in, who has no account to
choose with, follows the store too. An event at no store speaks the site's language
(``settings.LANGUAGE_CODE``). A person's own pages follow that person: :mod:`accounts.languages`.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.utils import translation


def store_language(store) -> str:
    """The language of ``store``'s printouts and mail; the site's for an event held at no store."""
    return store.language if store is not None else settings.LANGUAGE_CODE


@contextmanager
def printed_for(store):
    """Everything built inside comes out in ``store``'s language (a PDF, a mail to a walk-in)."""
    with translation.override(store_language(store)):
        yield
