"""The language of what a store prints and mails: the one place that decides it.

A printout serves a whole table or a whole room (pairings, slips, standings, the Fleet Build Sheets the
judges read), so it follows the store, not whoever pressed Print. Mail about an event goes in the language its
reader chose in the language menu, else the store's: a walk-in, or a player who never chose, reads the
store's. An event at no store speaks the site's language (``settings.LANGUAGE_CODE``). A person's own pages
follow that person: :mod:`accounts.languages`.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.utils import translation

from accounts.languages import saved_languages


def store_language(store) -> str:
    """The language of ``store``'s printouts and mail; the site's for an event held at no store."""
    return store.language if store is not None else settings.LANGUAGE_CODE


@contextmanager
def printed_for(store):
    """Everything built inside comes out in ``store``'s language (a PDF, a mail to a walk-in)."""
    with translation.override(store_language(store)):
        yield


def mail_languages(*, users, store) -> dict[int, str]:
    """The language of each of ``users``' mail about an event at ``store``, by user id (one query)."""
    chosen = saved_languages(users)
    return {user.pk: chosen.get(user.pk, store_language(store)) for user in users}
