"""What differs between the deck games' lists: the :class:`DeckKind` each game's app subclasses.

A deck's ``content`` is the game's list file as ``check_deck`` / ``check_list``
read it. Each :class:`DeckKind` knows its game's file: how the rules read and
judge it (:meth:`~DeckKind.read`, :meth:`~DeckKind.report`), how it is written
back in canonical form (lines merged and sorted, every optional field spelt
out, so the same list always gives the same verification code), how a catalog
card becomes a line, and which catalog card a line must agree with.

Lines are kept as the file's dicts. Every line has a ``name`` and a side (the
``race`` of a Starship Command ship); the builder edits a line by that pair.
Wing Commander and Spearpoint lines carry a ``count``; a Starship Command
fleet repeats a ship's line instead, as the file does. The *chosen* copies are
the Wing Commander starting muster and the Spearpoint starting hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from game_registry import get_game
from rules.inputs.list_check import ListReport

MAX_COPIES = 999  # copies of one line in any file or form: far above any real deck, far below anything costly
MAX_NUMBER = 99_999  # the largest count, cost or budget a list file may hold

Line = dict  # one line of a list file, e.g. {"name": "Arrow", "type": "fighter", "side": "terran", "count": 12}


class DeckContentError(ValueError):
    """A change or a file the deck cannot take; the message is fit to show the player."""


def label(key: str | Promise) -> str:
    """How a rules key or a noun reads on a page: ``battle-damage`` -> ``Battle damage``."""
    return str(key).replace("-", " ").capitalize()


class DeckKind:
    game: str
    # The nouns are marked for translation (gettext_lazy): the pages and printouts name them in the reader's
    # language. The side's key is the list file's and stays as it is; side_noun is what a page calls it.
    noun: str | Promise  # what players call the list: "deck", "fleet", "reserves deck"
    line_noun: str | Promise  # what its lines are: "card", "ship", "unit"
    side_key: str = "side"
    side_noun: str | Promise = gettext_lazy("side")
    sides: tuple[str, ...]
    lines_key: str
    chosen_key: str | None = None
    chosen_label: str = ""  # the column of chosen copies in the builder and on the sheet
    counted: bool = True  # lines carry a count (False: a line is repeated per copy)
    section_label: str = ""  # the text format's one section: the chosen copies, or a fleet's destroyed ships
    catalog: type[models.Model]
    catalog_side_field = "side"
    total_labels: dict[str, str]
    headline: str  # the total a list of decks shows for each: its size or its points

    @property
    def name(self) -> str:
        return get_game(self.game).name

    # --- the rules -------------------------------------------------------------------------------

    def read(self, data: object):
        """The rules' record of a parsed list file; raises :class:`~rules.inputs.list_check.ListFileError`."""
        raise NotImplementedError

    def check(self, record) -> ListReport:
        raise NotImplementedError

    def write(self, record) -> dict:
        """The canonical list file of a rules record."""
        raise NotImplementedError

    def canonical(self, data: object) -> dict:
        return self.write(self.read(data))

    # The ways the builder can judge a list: key -> what it applies, the first being the events' rules.
    # A game with one way has one entry under "".
    # The words are marked for translation and translated where they are shown (DeckView.rules_applied).
    rule_sets: dict[str, str] = {"": gettext_noop("The game's list rules.")}
    # What the builder's choice of rule set calls each (translated where they are shown); a key without a
    # name reads as itself (``tournament`` -> ``Tournament``).
    rule_set_names: dict[str, str] = {}

    def report(self, content: dict, rules: str = "") -> ListReport:
        """The rules' verdict; ``rules`` picks one of :attr:`rule_sets` (``""``: the first, as events judge)."""
        record = self.read(content)
        return self.check(record, rules=rules) if rules else self.check(record)  # type: ignore[call-arg]

    def rules_key(self, asked: str | None) -> str:
        """``asked`` if it names one of the game's rule sets, else the first (what events apply)."""
        return asked if asked in self.rule_sets else next(iter(self.rule_sets))

    def empty(self, side: str) -> dict:
        return self.canonical({self.side_key: side, self.lines_key: [], **self.empty_extras()})

    def empty_extras(self) -> dict:
        """Fields the file requires besides the side and the lines."""
        return {self.chosen_key: []} if self.chosen_key else {}

    def totals(self, report: ListReport) -> list[tuple[str, str]]:
        """(label, value) pairs of the report's totals, as the builder and the sheet show them."""
        return [
            (self.total_labels[key], label(value) if isinstance(value, str) else str(value))
            for key, value in report.totals().items()
        ]

    # --- lines ----------------------------------------------------------------------------------

    def lines(self, content: dict) -> list[Line]:
        return content[self.lines_key]

    def copies(self, line: Line) -> int:
        return line["count"] if self.counted else 1

    def matches(self, line: Line, name: str, side: str) -> bool:
        return line["name"] == name and line[self.side_key] == side

    def set_copies(self, content: dict, *, name: str, side: str, count: int) -> dict:
        """``content`` with exactly ``count`` copies of the line ``name``/``side`` (0 removes it)."""
        matching = [line for line in self.lines(content) if self.matches(line, name, side)]
        if not matching:
            raise DeckContentError(_("%(name)s is not in this %(noun)s.") % {"name": name, "noun": self.noun})
        kept = [line for line in self.lines(content) if not self.matches(line, name, side)]
        content = {**content, self.lines_key: kept + self.repeat(matching[0], count)}
        if count == 0 and self.chosen_key and not any(line["name"] == name for line in kept):
            content = self.set_chosen(content, name=name, count=0)
        return self.canonical(content)

    def add(self, content: dict, card: models.Model, count: int) -> dict:
        """``content`` with ``count`` more copies of the catalog ``card``."""
        line = self.catalog_line(card)
        present = sum(
            self.copies(item) for item in self.lines(content) if self.matches(item, line["name"], line[self.side_key])
        )
        if present:
            return self.set_copies(content, name=line["name"], side=line[self.side_key], count=present + count)
        return self.canonical({**content, self.lines_key: [*self.lines(content), *self.repeat(line, count)]})

    def repeat(self, line: Line, count: int) -> list[Line]:
        if not count:
            return []
        return [{**line, "count": count}] if self.counted else [dict(line) for _copy in range(count)]

    def catalog_line(self, card: models.Model) -> Line:
        """The line a catalog card adds (without its count)."""
        raise NotImplementedError

    def catalog_remark(self, card: models.Model) -> str:
        """What the rules make of a catalog card beyond its fields, for the catalog page ("" for nothing)."""
        return ""

    def usable(self, card: models.Model) -> bool:
        """Whether the catalog tells enough about ``card`` for a deck to hold it."""
        return True

    def line_cost(self, line: Line) -> int | None:
        """What one copy adds to the list's points, or ``None`` where the game counts cards, not points."""
        return None

    def details(self, line: Line) -> str:
        raise NotImplementedError

    # --- chosen copies (starting muster, starting hand) ------------------------------------------

    def chosen(self, content: dict) -> Counter[str]:
        """Chosen copies per name."""
        return Counter()

    def chosen_cost(self, content: dict, name: str) -> str:
        """What a chosen copy costs, where the game prices the choice (the muster), else ``""``."""
        return ""

    def set_chosen(self, content: dict, *, name: str, count: int) -> dict:
        raise DeckContentError(
            _("A %(game)s %(noun)s has no %(what)s.")
            % {"game": self.name, "noun": self.noun, "what": self.chosen_label or _("chosen cards")}
        )

    def section(self, content: dict) -> Counter[str]:
        """Copies per name in the text format's section."""
        return self.chosen(content)

    def add_to_section(self, content: dict, *, name: str, count: int) -> dict:
        return self.set_chosen(content, name=name, count=self.chosen(content)[name] + count)

    def text_headers(self, content: dict) -> list[tuple[str, str]]:
        """The ``key: value`` lines that open the text format."""
        return [(self.side_key, content[self.side_key])]

    # --- the catalog -----------------------------------------------------------------------------

    def offered(self, side: str) -> models.QuerySet:
        """The catalog cards the builder offers for a list of ``side``: a retired card is offered no more,
        but a list that holds it keeps it (:meth:`catalog_cards` still finds it)."""
        cards = self.catalog.objects.filter(**{self.catalog_side_field: side})
        return cards.filter(retired=False) if has_field(self.catalog, "retired") else cards

    def catalog_cards(self, names: Iterable[str]) -> dict[tuple[str, str], models.Model]:
        """Catalog cards by (name, side) for the given names, in one query."""
        cards = self.catalog.objects.filter(name__in=set(names))
        return {(card.name, getattr(card, self.catalog_side_field)): card for card in cards}

    def catalog_problems(self, content: dict) -> list[str]:
        """Every line that names no catalog card or disagrees with it (a file may not set its own costs)."""
        cards = self.catalog_cards(line["name"] for line in self.lines(content))
        return self.line_problems(
            self.lines_key,
            self.lines(content),
            lambda line: find_card(cards, line["name"], line[self.side_key]),
            self.catalog_line,
        )

    def line_problems(self, key: str, lines: list[Line], find, expected) -> list[str]:
        """Problems of the lines under ``key``: ``find(line)`` is its card, ``expected(card)`` the line it gives."""
        problems = []
        for index, line in enumerate(lines):
            where = f"{key}[{index}] {line['name']}"
            card = find(line)
            if card is None:
                problems.append(
                    _("%(where)s: no such %(noun)s in the %(game)s catalog")
                    % {"where": where, "noun": self.line_noun, "game": self.name}
                )
                continue
            try:
                problems += disagreements(where, line, expected(card))
            except DeckContentError as error:
                problems.append(f"{where}: {error}")
        return problems


def has_field(model: type[models.Model], name: str) -> bool:
    return any(field.name == name for field in model._meta.get_fields())


def find_card(cards: dict[tuple[str, str], models.Model], name: str, side: str) -> models.Model | None:
    """The card ``name`` of ``side``, else the only card of that name (so a message can say the side differs)."""
    named = [card for (card_name, _side), card in cards.items() if card_name == name]
    return cards.get((name, side)) or (named[0] if len(named) == 1 else None)


def disagreements(where: str, line: Line, expected: Line) -> list[str]:
    """What a line says unlike its catalog card, one message per field."""
    return [
        _("%(where)s: the catalog does not give its %(key)s yet") % {"where": where, "key": key}
        if expected[key] in ("", None)
        else _("%(where)s: the catalog gives %(key)s %(expected)s, the file says %(found)s")
        % {"where": where, "key": key, "expected": repr(expected[key]), "found": repr(line.get(key))}
        for key in expected
        if line.get(key) != expected[key]
    ]


def get_kind(game: str) -> DeckKind:
    """The list adapter of a deck game's key; an unknown key (or a game without decks) raises ``KeyError``."""
    kind = get_game(game).lists
    if kind is None:
        raise KeyError(game)
    return kind
