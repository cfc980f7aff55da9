"""Reads for decks: a player's decks, and a deck as the builder and the sheet show it.

A deck's report is computed from its stored list file each time it is shown
(the rules are pure Python and a deck is small), so a page always shows what
the rules say today, and no stored verdict can go stale.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from fleets.models.deck import Deck
from game_registry import get_game, is_game
from rules.inputs.list_check import ListReport, Violation

from .deck_kind import DeckKind, get_kind, label


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a deck as shown: a card, ship or unit with its copies and what the rules say about it."""

    name: str
    side: str
    count: int
    chosen: int  # copies in the starting muster or hand
    details: str
    cost: int | None  # points per copy, where the game counts points
    chosen_cost: str  # what a mustered copy costs ("4 + 1 medal"), where the game prices the muster
    violations: tuple[Violation, ...]

    @property
    def subtotal(self) -> int | None:
        return None if self.cost is None else self.cost * self.count


@dataclass(frozen=True, slots=True)
class DeckView:
    deck: Deck
    kind: DeckKind
    report: ListReport
    rows: tuple[Row, ...]
    totals: tuple[tuple[str, str], ...]
    rules: str = ""  # the key of the rule set the report applied (:attr:`DeckKind.rule_sets`)

    @property
    def rules_applied(self) -> str:
        return _(self.kind.rule_sets[self.rules])

    @property
    def rule_choices(self) -> list[tuple[str, str, bool]]:
        """(key, label, chosen) of each way the builder can judge the list, where the game has more than one."""
        if len(self.kind.rule_sets) < 2:
            return []
        names = self.kind.rule_set_names
        return [(key, _(names[key]) if key in names else label(key), key == self.rules) for key in self.kind.rule_sets]

    @property
    def side(self) -> str:
        return self.deck.content[self.kind.side_key]

    @property
    def side_label(self) -> str:
        return label(self.side)

    @property
    def headline(self) -> tuple[str, str]:
        """The one total a list of decks shows: the deck's size or its points."""
        return self.kind.total_labels[self.kind.headline], str(self.report.totals()[self.kind.headline])


def deck_view(deck: Deck, rules: str | None = None) -> DeckView:
    """The deck as the builder shows it, judged by the rule set ``rules`` (``None``: the events' rules)."""
    kind = get_kind(deck.game)
    rules = kind.rules_key(rules)
    content = deck.content
    report = kind.report(content, rules=rules)
    chosen = kind.chosen(content)
    grouped: dict[tuple[str, str], list[dict]] = {}
    for line in kind.lines(content):
        grouped.setdefault((line["name"], line[kind.side_key]), []).append(line)
    rows = [
        _row(kind, content, report, name, side, lines[0], sum(kind.copies(line) for line in lines), chosen[name])
        for (name, side), lines in grouped.items()
    ]
    listed = {name for name, _side in grouped}
    rows += [
        _row(kind, content, report, name, content[kind.side_key], None, 0, count)
        for name, count in sorted(chosen.items())
        if name not in listed
    ]
    return DeckView(
        deck=deck,
        kind=kind,
        report=report,
        rows=tuple(rows),
        totals=tuple(kind.totals(report)),
        rules=rules,
    )


def _row(kind, content, report, name, side, line, count, chosen) -> Row:
    return Row(
        name=name,
        side=side,
        count=count,
        chosen=chosen,
        details=kind.details(line) if line else _("Not in the %(noun)s") % {"noun": kind.noun},
        cost=kind.line_cost(line) if line else None,
        chosen_cost=kind.chosen_cost(content, name),
        violations=tuple(v for v in report.violations if v.card == name),
    )


def decks_of(user) -> list[DeckView]:
    """The user's decks, newest change first, each with its report (one query)."""
    return [deck_view(deck) for deck in Deck.objects.filter(owner_id=user.pk)]


def offered_cards(deck: Deck) -> QuerySet:
    """The catalog cards the builder offers for the deck's side."""
    kind = get_kind(deck.game)
    return kind.offered(deck.content[kind.side_key])


# --- the catalogs organizers keep ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CatalogColumn:
    field: str
    label: str


def catalog_game(game: str):
    """The registry entry of a game whose catalog organizers keep; any other key is a 404."""
    if not is_game(game) or get_game(game).catalog is None:
        raise Http404("No such catalog.")
    return get_game(game)


def catalog_columns(game: str) -> list[CatalogColumn]:
    """The fields a catalog page lists, in the CSV's order, with the model's names for them (notes left out)."""
    spec = catalog_game(game).catalog
    model = spec.model
    return [
        CatalogColumn(field, str(model._meta.get_field(field).verbose_name).capitalize())
        for field in spec.columns.values()
        if field != "notes"
    ]


def catalog_entries(game: str, *, retired: bool = False) -> QuerySet:
    """The game's catalog cards in the catalog's order: the offered ones, or with ``retired`` the retired ones."""
    return catalog_game(game).catalog.model.objects.filter(retired=retired)


def catalog_entry(game: str, pk: int):
    return get_object_or_404(catalog_game(game).catalog.model, pk=pk)


def catalog_rows(game: str, entries) -> list[tuple[object, list[str], str]]:
    """Each entry with its cells as the page shows them (choices by their labels, weapons joined) and what
    the game's rules make of it (:meth:`DeckKind.catalog_remark`)."""
    columns = catalog_columns(game)
    kind = catalog_game(game).lists
    rows = []
    for entry in entries:
        cells = []
        for column in columns:
            display = getattr(entry, f"get_{column.field}_display", None)
            value = display() if display else getattr(entry, column.field)
            cells.append(", ".join(value) if isinstance(value, list) else ("" if value is None else str(value)))
        rows.append((entry, cells, kind.catalog_remark(entry) if kind else ""))
    return rows
