"""Problems with a list as people read them: a sentence that names cards, and the rule's code beside it.

The rules write a few messages with the catalog's ids, where a program would want them
("... already has a unique card of that name (Cap052)", "ship 1: Cap052 (Data) is ..."). Pages
and sheets show those cards by name: this presenter finds the ids a message carries, reads
their names from the catalog (one query for a whole list of problems, none when no message
carries an id) and puts the names in their place. Messages of the other games name their
cards already and come through unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .models import Card

# "Cap052 (Data)": an id followed by its card's name; "(Cap052)": an id on its own.
_ID_THEN_NAME = re.compile(r"(?P<id>[^\s(),;:]+) \((?P<name>[^()]+)\)")
_LONE_ID = re.compile(r"\((?P<id>[^\s(),;:]+)\)")


@dataclass(frozen=True)
class Problem:
    """One problem in words: ``sentence`` for people, ``code`` (the rule's, may be empty) beside it."""

    sentence: str
    code: str

    def __str__(self) -> str:
        return f"{self.sentence} ({self.code})" if self.code else self.sentence


def _candidate_ids(message: str) -> set[str]:
    return {match["id"] for pattern in (_ID_THEN_NAME, _LONE_ID) for match in pattern.finditer(message)}


def sentence(message: str, names: Mapping[str, str]) -> str:
    """``message`` with each card id of ``names`` (id -> card name) replaced by the card's name.

    "id (Name)" becomes "Name" only where the name is that id's card, and "(id)" becomes
    "(Name)" only for a known id, so a number in brackets stays what it was.
    """
    named = _ID_THEN_NAME.sub(lambda m: m["name"] if names.get(m["id"]) == m["name"] else m[0], message)
    return _LONE_ID.sub(lambda m: f"({names[m['id']]})" if m["id"] in names else m[0], named)


def in_words(violations: Iterable) -> list[Problem]:
    """Each violation (anything with ``code`` and ``message``, or a plain text) as a :class:`Problem`."""
    found = [
        (getattr(violation, "message", None) or str(violation), getattr(violation, "code", "") or "")
        for violation in violations
    ]
    ids = set().union(*(_candidate_ids(message) for message, _ in found))
    names = dict(Card.objects.filter(source_id__in=ids).values_list("source_id", "name")) if ids else {}
    return [Problem(sentence(message, names), code) for message, code in found]
