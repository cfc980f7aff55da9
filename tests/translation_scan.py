"""Finding words a page shows that nobody marked for translation.

Inside :func:`pseudo_locale` every string that goes through Django's translation (``{% translate %}``,
``gettext``, a form's lazy label, the rules' sentences) comes out wrapped in « ». What a page then shows
outside the guillemets was never translated: either data (names people typed, the cards' own words, which
stay as they are) or a word someone forgot to mark. :func:`unmarked_words` takes the marked parts and the
data away and returns what is left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from zoneinfo import available_timezones

from django.apps import apps
from django.conf import settings
from django.db import models
from django.utils import translation

from game_registry import all_games

OPEN, CLOSE = "«", "»"
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[A-Za-z]")
MARKED_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{\w*\}|<[^>]*>")
# Words that are the same in every language Muster speaks: its name, file formats, units and the cards'
# abbreviations.
UNTRANSLATED = frozenset({"Muster", "PDF", "CSV", "JSON", "API", "SP", "QR", "UTC", "ics", "iCal", "htmx", "OK"})
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
# Not words to translate: scripts, and what a person types or a program reads exactly (a command, a column).
SKIPPED_ELEMENTS = {"script", "style", "template", "code", "kbd", "samp"}
# A rule's or an error's code (EMPTY_LIST, CARD_RESTRICTION) stays as it is in every language.
CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|https?://\S+|(?<!\w)/[\w./-]+")  # and addresses

_TRANSLATORS = ("gettext", "ngettext", "pgettext", "npgettext")


@contextmanager
def pseudo_locale() -> Iterator[None]:
    """Every translated string comes out wrapped in « », whatever language is active."""
    real = {name: getattr(translation._trans, name) for name in _TRANSLATORS}

    def wrapped(function):
        def marked(*args):
            text = function(*args)
            return f"{OPEN}{text}{CLOSE}" if text else text

        return marked

    for name, function in real.items():
        setattr(translation._trans, name, wrapped(function))
    try:
        yield
    finally:
        for name, function in real.items():
            setattr(translation._trans, name, function)


class _VisibleText(HTMLParser):
    """The text of a page a person reads: its text nodes and the attributes read aloud or shown on hover."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED_ELEMENTS:
            self._skipping += 1
        attributes = dict(attrs)
        self.parts += [attributes[name] or "" for name in READ_ATTRIBUTES if name in attributes]
        if tag == "input" and attributes.get("type") in ("submit", "button"):
            self.parts.append(attributes.get("value") or "")

    def handle_endtag(self, tag):
        if tag in SKIPPED_ELEMENTS and self._skipping:
            self._skipping -= 1

    def handle_data(self, data):
        if not self._skipping:
            self.parts.append(data)


def visible_text(html: str) -> list[str]:
    parser = _VisibleText()
    parser.feed(html)
    return [part for part in parser.parts if part.strip()]


def data_pattern() -> re.Pattern[str]:
    """Every text the database holds (names, card texts, notes), the games' names and the time zones' places,
    as whole words, longest first: what people and card files wrote, and proper names, shown as they are."""
    found: set[str] = {game.name for game in all_games()}
    found |= {part.replace("_", " ") for zone in available_timezones() for part in (zone, *zone.split("/"))}
    for model in apps.get_models():
        fields = [
            field.name
            for field in model._meta.concrete_fields
            if isinstance(field, models.CharField | models.TextField | models.JSONField) and not field.choices
        ]
        for values in model._default_manager.values_list(*fields) if fields else ():
            found.update(_strings(values))
    found |= {str(name) for _code, name in settings.LANGUAGES}  # each language names itself in the menu
    # The games' own words for their sides, races and card types (plain, never marked): printed as on the cards.
    for model in apps.get_models():
        if model._meta.app_config.name.startswith("games."):
            found |= {
                label
                for field in model._meta.concrete_fields
                for _key, label in field.flatchoices
                if isinstance(label, str)
            }
    # A card word stored in lower case ("federation", "crew") is shown as a heading or label ("Federation").
    found |= {variant for value in list(found) if len(value) <= 40 for variant in (value.capitalize(), value.title())}
    alternatives = "|".join(re.escape(value) for value in sorted(found, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def _strings(value) -> Iterator[str]:
    """The texts inside a stored value: itself, or the keys and items of a JSON list or object."""
    if isinstance(value, str):
        if len(value) > 1:
            yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)


def unmarked_words(texts: Iterable[str], data: re.Pattern[str]) -> list[str]:
    """The words of ``texts`` outside « » that are neither data nor the same in every language."""
    left: list[str] = []
    for text in texts:
        while True:
            unwrapped = MARKED.sub(" ", text)
            if unwrapped == text:
                break
            text = unwrapped
        text = CODE.sub(" ", data.sub(" ", text))
        left += [word for word in WORD.findall(text) if word not in UNTRANSLATED]
    return left


def english_only_words() -> frozenset[str]:
    """Words of the site's English that its German never uses: one of them on a German page is a leak."""
    from tests.translation_catalog import GERMAN, entries

    english: set[str] = set()
    german: set[str] = set()
    for entry in entries(GERMAN):
        english.update(WORD.findall(MARKED_PLACEHOLDER.sub(" ", f"{entry.msgid} {entry.plural}")))
        for translation_ in entry.translations:
            german.update(WORD.findall(MARKED_PLACEHOLDER.sub(" ", translation_)))
    return frozenset(english - german - UNTRANSLATED)


def english_words(texts: Iterable[str], data: re.Pattern[str], english: frozenset[str]) -> list[str]:
    """The words of ``texts`` that only the site's English uses, data (names, card words) left out."""
    return [word for text in texts for word in WORD.findall(CODE.sub(" ", data.sub(" ", text))) if word in english]
