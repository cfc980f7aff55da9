"""Decks as plain text, for pasting into a forum post or an e-mail and back.

The format, the same for every game::

    # Wing Commander CCG deck: Blue Squadron      <- lines starting with # are comments
    side: terran                                   <- first, the side (a fleet's race, and its budget)
    12 Arrow                                       <- COUNT NAME, or just NAME for one copy
    2 Rifle Squad (german)                         <- a line of the other side names it in brackets
    muster:                                        <- then the game's section, if any:
    1 Arrow                                           muster, starting hand, or destroyed (ships)

Reading text looks every name up in the catalog (a file of names carries no
costs), then builds the deck with the same operations as the builder, so the
result is the canonical list file. Writing and reading a deck gives it back.
"""

from __future__ import annotations

import re
from collections import Counter

from django.utils.translation import gettext as _

from rules.inputs.integers import read_int

from .deck_kind import MAX_COPIES, MAX_NUMBER, DeckContentError, DeckKind, find_card

_HEADER = re.compile(r"^(?P<key>[a-z][a-z ]*):\s*(?P<value>.*)$", re.IGNORECASE)
_ITEM = re.compile(r"^(?:(?P<count>\d+)\s*[xX]?\s+)?(?P<name>.+?)(?:\s+\((?P<side>[^()]+)\))?$")


def export_text(kind: DeckKind, name: str, content: dict) -> str:
    """The deck as text that :func:`parse_text` reads back to the same content."""
    deck_side = content[kind.side_key]
    lines = [f"# {kind.name} {kind.noun}: {name}"]
    lines += [f"{key}: {value}" for key, value in kind.text_headers(content)]
    copies = Counter()
    for line in kind.lines(content):
        copies[line["name"], line[kind.side_key]] += kind.copies(line)
    lines += [_item(count, name, "" if side == deck_side else side) for (name, side), count in copies.items()]
    section = kind.section(content)
    if section:
        lines.append(f"{kind.section_label}:")
        lines += [_item(count, name) for name, count in sorted(section.items())]
    return "\n".join(lines) + "\n"


def _item(count: int, name: str, side: str = "") -> str:
    return f"{count} {name}" + (f" ({side})" if side else "")


def parse_text(kind: DeckKind, text: str) -> dict:
    """The canonical list file the text describes; every bad line is reported in one :class:`DeckContentError`."""
    content: dict | None = None
    in_section = False
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            header = _HEADER.match(line)
            key = header["key"].lower() if header else ""
            if content is None:
                content = _opening(kind, key, header["value"] if header else "")
            elif key == kind.section_label and not header["value"]:
                in_section = True
            elif key and key in content and isinstance(content[key], int):
                content = kind.canonical({**content, key: _number(header["value"], key)})
            else:
                content = _add_item(kind, content, line, in_section)
        except DeckContentError as error:
            problems.append(_("line %(number)s: %(problem)s") % {"number": number, "problem": error})
            if content is None:
                break
    if content is None and not problems:
        problems.append(_("the text is empty; it starts with a “%(key)s:” line") % {"key": kind.side_key})
    if problems:
        raise DeckContentError("; ".join(problems))
    return content


def _opening(kind: DeckKind, key: str, value: str) -> dict:
    if key != kind.side_key:
        raise DeckContentError(
            _("the text starts with a “%(key)s:” line, e.g. “%(key)s: %(side)s”")
            % {"key": kind.side_key, "side": kind.sides[0]}
        )
    side = value.strip().lower()
    if side not in kind.sides:
        raise DeckContentError(
            _("%(key)s must be one of %(sides)s") % {"key": kind.side_key, "sides": ", ".join(kind.sides)}
        )
    return kind.empty(side)


def _number(value: str, key: str) -> int:
    number = read_int(value.strip(), high=MAX_NUMBER)
    if number is None:
        raise DeckContentError(_("%(key)s must be a whole number from 0 to %(max)s") % {"key": key, "max": MAX_NUMBER})
    return number


def _add_item(kind: DeckKind, content: dict, line: str, in_section: bool) -> dict:
    item = _ITEM.match(line)
    name, side = item["name"].strip(), (item["side"] or "").strip().lower()
    if side and side not in kind.sides:  # brackets that are part of the name
        name, side = f"{name} ({item['side']})", ""
    count = read_int(item["count"], low=1, high=MAX_COPIES) if item["count"] else 1
    if count is None:
        raise DeckContentError(_("a count is between 1 and %(max)s") % {"max": MAX_COPIES})
    if in_section:
        return kind.add_to_section(content, name=name, count=count)
    card = _catalog_card(kind, name, side or content[kind.side_key])
    return kind.add(content, card, count)


def _catalog_card(kind: DeckKind, name: str, side: str):
    card = find_card(kind.catalog_cards([name]), name, side)
    if card is None:
        raise DeckContentError(
            _("no %(noun)s named “%(name)s” in the %(game)s catalog")
            % {"noun": kind.line_noun, "name": name, "game": kind.name}
        )
    if not kind.usable(card):
        raise DeckContentError(_("the catalog does not give the side and type of %(name)s yet") % {"name": name})

    return card
