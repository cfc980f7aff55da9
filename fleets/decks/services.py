"""Writes for decks: every change to a deck goes through one of these functions.

Each is atomic, takes keyword arguments only, and re-reads the deck under a
row lock, so two windows editing one deck apply their changes one after the
other instead of one overwriting the other. A change is applied to the stored
list file by the game's :class:`~fleets.decks.deck_kind.DeckKind`, and the result
is always canonical and re-read by the rules before it is stored.

Refusals raise :class:`DeckError` with a message fit to show, and write nothing.
Whether the deck is *legal* never stops a save: the builder shows the
violations, and an illegal deck is a normal state while it is being built.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from fleets.codes import deck_code
from fleets.list_builders import clean_list_name
from fleets.models.deck import Deck
from rules.inputs.list_check import ListFileError, parse_list_json
from rules.inputs.text_input import text_problem

from .deck_kind import MAX_COPIES, MAX_NUMBER, DeckContentError, DeckKind, get_kind
from .text_format import parse_text

MAX_IMPORT_BYTES = 256 * 1024  # a real list is a few kilobytes
MAX_NAME_LENGTH = Deck._meta.get_field("name").max_length
MAX_TEXT = 100  # the longest name, side or type a list file may hold
MAX_PROBLEMS_SHOWN = 10


class DeckError(Exception):
    """A change that was refused; nothing was written. ``message`` can be shown as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _kind(game: str) -> DeckKind:
    try:
        return get_kind(game)
    except KeyError:
        raise DeckError(_("Unknown game “%(game)s”.") % {"game": game}) from None


def _clean_name(name: str | None) -> str:
    return clean_list_name(name, noun=_("deck"), max_length=MAX_NAME_LENGTH, error=DeckError)


def _side(kind: DeckKind, side: str) -> str:
    side = (side or "").strip().lower()
    if side not in kind.sides:
        raise DeckError(
            _("The %(side)s must be one of: %(sides)s.") % {"side": kind.side_noun, "sides": ", ".join(kind.sides)}
        )
    return side


def _count(count: int, what: str = "") -> int:
    if not 0 <= count <= MAX_COPIES:
        raise DeckError(
            _("%(what)s must be between 0 and %(max)s.") % {"what": what or _("A count"), "max": MAX_COPIES}
        )
    return count


def _locked(deck: Deck) -> Deck:
    return Deck.objects.select_for_update().get(pk=deck.pk)


def _store(deck: Deck, content: dict) -> Deck:
    """Save ``content`` (canonical, already read by the rules) with its code."""
    problem = _beyond_limits(content, "the file")
    if problem:
        raise DeckError(_("This list is too large: %(problem)s.") % {"problem": problem})
    deck.content = content
    with transaction.atomic():
        if deck.pk is None:  # the code is keyed by the deck's id (fleets.codes.deck_code)
            deck.save()
        deck.code = deck_code(deck_id=deck.pk, content=content)
        deck.save()
    return deck


def _beyond_limits(value: object, where: str) -> str | None:
    """Where a list file holds more than any real list does, or ``None``; keeps hostile files out of the database."""
    shown = _("the file") if where == "the file" else where
    if isinstance(value, dict):
        items = ((f"{where}.{key}" if where != "the file" else key, item) for key, item in value.items())
    elif isinstance(value, list):
        if len(value) > MAX_COPIES:
            return _("%(where)s has %(count)s entries (at most %(max)s)") % {
                "where": shown,
                "count": len(value),
                "max": MAX_COPIES,
            }
        items = ((f"{where}[{index}]", item) for index, item in enumerate(value))
    elif isinstance(value, str):
        if len(value) > MAX_TEXT:
            return _("%(where)s is longer than %(max)s characters") % {"where": shown, "max": MAX_TEXT}
        return None
    elif isinstance(value, int) and value > MAX_NUMBER:
        return _("%(where)s is %(value)s (at most %(max)s)") % {"where": shown, "value": value, "max": MAX_NUMBER}
    else:
        return None
    return next((problem for key, item in items if (problem := _beyond_limits(item, key))), None)


def _apply(deck: Deck, change) -> Deck:
    """Lock the deck, apply ``change(kind, content) -> content`` and store the result."""
    deck = _locked(deck)
    kind = get_kind(deck.game)
    try:
        content = change(kind, deck.content)
    except (DeckContentError, ListFileError) as error:
        raise DeckError(str(error)) from None
    return _store(deck, content)


@transaction.atomic
def deck_create(*, owner, game: str, name: str, side: str) -> Deck:
    """A new, empty deck of ``game`` for ``side`` (a Starship Command fleet's race)."""
    kind = _kind(game)
    return _store(Deck(owner=owner, game=game, name=_clean_name(name)), kind.empty(_side(kind, side)))


@transaction.atomic
def deck_add_card(*, deck: Deck, card, count: int) -> Deck:
    """Add ``count`` copies of the catalog ``card`` (a row of the deck's game's catalog)."""
    if _count(count) == 0:
        raise DeckError(_("Add at least one copy (at most %(max)s).") % {"max": MAX_COPIES})
    kind = get_kind(deck.game)
    if not isinstance(card, kind.catalog) or not kind.usable(card):
        raise DeckError(
            _("%(card)s cannot go into a %(game)s %(noun)s.") % {"card": card, "game": kind.name, "noun": kind.noun}
        )
    return _apply(deck, lambda kind, content: kind.add(content, card, count))


@transaction.atomic
def deck_set_line(*, deck: Deck, name: str, side: str, count: int, chosen: int | None = None) -> Deck:
    """Set the copies of the line ``name``/``side`` (0 removes it) and, where the game has them,
    the copies chosen for the starting muster or hand (``None`` leaves them as they are)."""
    _count(count)

    def change(kind: DeckKind, content: dict) -> dict:
        if chosen is not None and chosen != kind.chosen(content)[name]:
            content = kind.set_chosen(content, name=name, count=_count(chosen, _("A chosen count")))
        if any(kind.matches(line, name, side) for line in kind.lines(content)):
            content = kind.set_copies(content, name=name, side=side, count=count)
        elif count:
            raise DeckError(
                _("%(name)s is not in this %(noun)s; add it from the catalog.") % {"name": name, "noun": kind.noun}
            )
        return content

    return _apply(deck, change)


@transaction.atomic
def deck_update_details(
    *,
    deck: Deck,
    name: str | None = None,
    side: str | None = None,
    budget: int | None = None,
    destroyed: list[str] | None = None,
) -> Deck:
    """Rename, change the side (race), or a fleet's budget and destroyed ships; ``None`` leaves a field."""
    new_name = None if name is None else _clean_name(name)

    def change(kind: DeckKind, content: dict) -> dict:
        changed = dict(content)
        if side is not None:
            changed[kind.side_key] = _side(kind, side)
        for key, value in (("budget", budget), ("destroyed", destroyed)):
            if value is not None:
                if key not in content:
                    raise DeckError(
                        _("A %(game)s %(noun)s has no %(what)s.") % {"game": kind.name, "noun": kind.noun, "what": key}
                    )
                changed[key] = value
        return kind.canonical(changed)

    deck = _apply(deck, change)
    if new_name is not None and new_name != deck.name:
        deck.name = new_name
        deck.save(update_fields=["name", "updated_at"])
    return deck


@transaction.atomic
def deck_delete(*, deck: Deck) -> None:
    _locked(deck).delete()


@transaction.atomic
def deck_import(*, owner, game: str, data: bytes, name: str | None = None) -> Deck:
    """A new deck from a list file (JSON, the ``check_deck`` / ``check_list`` format) or the text format.

    The file is capped in size, read strictly by the rules, and every line must
    agree with the game's catalog (a file cannot set its own costs). Nothing is
    created when anything is wrong; the message says every problem found, up to
    ten of them.
    """
    kind = _kind(game)
    content = _content_of_file(kind, data)
    problem = _beyond_limits(content, "the file")
    if problem:
        raise DeckError(_("This file cannot be imported: %(problem)s.") % {"problem": problem})
    problems = kind.catalog_problems(content)
    if problems:
        shown = "; ".join(problems[:MAX_PROBLEMS_SHOWN])
        more = (
            _(" (and %(count)s more)") % {"count": len(problems) - MAX_PROBLEMS_SHOWN}
            if len(problems) > MAX_PROBLEMS_SHOWN
            else ""
        )
        raise DeckError(
            _("This file does not match the %(game)s catalog: %(problems)s.")
            % {"game": kind.name, "problems": f"{shown}{more}"}
        )
    default_name = _("Imported %(noun)s %(date)s") % {"noun": kind.noun, "date": f"{timezone.localdate():%Y-%m-%d}"}
    deck = Deck(owner=owner, game=game, name=_clean_name(name or default_name))
    return _store(deck, content)


def _content_of_file(kind: DeckKind, data: bytes) -> dict:
    if len(data) > MAX_IMPORT_BYTES:
        raise DeckError(
            _("This file cannot be imported: it is larger than %(size)s KB.") % {"size": MAX_IMPORT_BYTES // 1024}
        )
    try:
        text = bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckError(_("This file cannot be imported: it is not UTF-8 text.")) from None
    if problem := text_problem(text, multiline=True):
        raise DeckError(_("This file cannot be imported: %(problem)s") % {"problem": problem})
    try:
        if text.lstrip().startswith(("{", "[")):  # JSON; anything else is the text format
            return kind.canonical(parse_list_json(text, name="it"))
        return parse_text(kind, text)
    except (ListFileError, DeckContentError) as error:
        raise DeckError(_("This file cannot be imported: %(problem)s.") % {"problem": error}) from None


# --- the catalogs organizers keep ------------------------------------------------------------------


@transaction.atomic
def catalog_entry_save(*, form) -> object:
    """Add or change one catalog card from its checked form. A deck that holds the card keeps its own copy
    of the line, so a changed card shows as a disagreement on that deck until its player updates it."""
    return form.save()


@transaction.atomic
def catalog_entry_retire(*, entry, retired: bool = True) -> object:
    """Retire a card (the builder offers it no more; decks that hold it keep it), or bring it back."""
    entry.retired = retired
    entry.save(update_fields=["retired"])
    return entry
