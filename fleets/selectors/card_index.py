"""The card finder: one search box over names, ship classes, card text and keywords, with filters and sorting.

The catalog is a few thousand cards that change only when an import runs, so the finder keeps an
in-memory index of them (one per process, rebuilt when :func:`~.catalog.load_catalog` sees a new
catalog version) instead of asking the database: every query is then a few dict and set lookups, the
same on SQLite and PostgreSQL, with prefix and typo-tolerant matching that neither database's
``LIKE`` offers and that full-text search would give differently on each (SQLite FTS5 needs a virtual
table and its own tokenizer, PostgreSQL's ``tsvector`` stems English words, not card names like
"Kor'Tal").

Words are lower-case letters and digits (``[target-lock]`` reads "target lock", "Enterprise-D"
"enterprise d"); a query word matches a card when the card has a word starting with it, or, when no
word of the catalog starts with it, a word one or two typos away. Every query word must match.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date

from django.utils.translation import gettext_lazy

from rules.attack_wing.card_text.plain import plain_text
from rules.attack_wing.catalog import Card, CardSet, Catalog

from .catalog import catalog_version, faction_label, load_catalog

PAGE_SIZE = 20
# How much a word found in each part of a card counts towards its rank (the name above all).
NAME, CLASS, KEYWORD, TEXT = 8, 4, 2, 1
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "eq": operator.eq,
    "ge": operator.ge,
    "gt": operator.gt,
}
COMPARISON_SIGNS = {"lt": "<", "le": "≤", "eq": "=", "ge": "≥", "gt": ">"}
STATS = ("cost", "attack", "agility", "hull", "shields", "skill")
SORTS = {
    "relevance": gettext_lazy("Best match"),
    "cost": gettext_lazy("Cost"),
    "name": gettext_lazy("Name"),
    "skill": gettext_lazy("Captain skill"),
    "set": gettext_lazy("Expansion (newest first)"),
}

_WORD = re.compile(r"[a-z0-9]+")
_NO_DATE = date.min


def words(text: str) -> list[str]:
    """The search words of ``text``: lower-case runs of letters and digits (apostrophes dropped: "Kor'Tal" is
    "kortal")."""
    return _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))


@dataclass(frozen=True, slots=True)
class Stat:
    """A comparison of one number of the card: ``Stat("hull", "ge", 5)`` is "Hull ≥ 5"."""

    name: str
    op: str
    value: int

    def holds(self, card: Card) -> bool:
        return COMPARISONS[self.op](getattr(card, self.name), self.value)


@dataclass(frozen=True, slots=True)
class CardQuery:
    """What a player asks the finder for; every filter left empty allows everything."""

    text: str = ""
    kind: str | None = None
    upgrade_type: str | None = None
    faction: str | None = None
    stats: tuple[Stat, ...] = ()
    unique: bool | None = None  # True: unique cards only; False: generic only
    set_id: str | None = None
    owned_sets: frozenset[str] | None = None  # only cards printed in one of these expansions
    sort: str = "relevance"
    first_faction: str | None = None  # this faction's cards first (the fleet's declared faction)


@dataclass(frozen=True, slots=True)
class FoundCard:
    """One result: the card and the expansions it was printed in (the first is the earliest)."""

    card: Card
    sets: tuple[CardSet, ...]

    @property
    def expansion(self) -> CardSet | None:
        return self.sets[0] if self.sets else None


@dataclass(frozen=True, slots=True)
class FoundPage:
    """One page of matches, and how many match in all."""

    cards: list[FoundCard]
    total: int
    page: int
    page_size: int

    @property
    def shown_up_to(self) -> int:
        return (self.page - 1) * self.page_size + len(self.cards)

    @property
    def remaining(self) -> int:
        return max(0, self.total - self.shown_up_to)

    @property
    def next_page(self) -> int | None:
        return self.page + 1 if self.remaining else None


@dataclass
class CardIndex:
    """Every card's words by where they come from, and the catalog's sorted vocabulary."""

    catalog: Catalog
    sets_of: dict[str, tuple[CardSet, ...]] = field(default_factory=dict)
    weights: dict[str, dict[str, int]] = field(default_factory=dict)  # word -> card id -> best weight
    vocabulary: list[str] = field(default_factory=list)
    by_name: list[Card] = field(default_factory=list)  # every card in name order (name, cost, id)
    name_rank: dict[str, int] = field(default_factory=dict)  # card id -> its place in ``by_name``
    factions: list[str] = field(default_factory=list)  # every faction key some card carries, sorted
    newest_sets: list[CardSet] = field(default_factory=list)  # every expansion, newest first

    @classmethod
    def build(cls, catalog: Catalog) -> CardIndex:
        index = cls(catalog)
        for card in catalog.cards.values():
            index.sets_of[card.id] = _sets(catalog, card.set_ids)
            for weight, text in _fields(card):
                for word in words(text):
                    held = index.weights.setdefault(word, {})
                    if held.get(card.id, 0) < weight:
                        held[card.id] = weight
        index.vocabulary = sorted(index.weights)
        index.by_name = sorted(catalog.cards.values(), key=lambda card: (card.name.lower(), card.cost, card.id))
        index.name_rank = {card.id: rank for rank, card in enumerate(index.by_name)}
        index.factions = sorted({faction for card in catalog.cards.values() for faction in card.factions})
        index.newest_sets = sorted(
            catalog.sets.values(), key=lambda s: (-(s.release_date or _NO_DATE).toordinal(), s.name)
        )
        return index

    def matches(self, word: str) -> dict[str, int]:
        """Card id -> weight for one query word: every word of the catalog starting with it (a whole word counts
        double), else words a typo or two away; a single letter only as a whole word."""
        found: dict[str, int] = {}
        if len(word) == 1:  # "U.S.S.": a letter is a whole word, or it would match nearly every card
            candidates = [word] if word in self.weights else []
        else:
            candidates = self._starting_with(word) or self._close_to(word)
        for known in candidates:
            bonus = 2 if known == word else 1
            for card_id, weight in self.weights[known].items():
                found[card_id] = max(found.get(card_id, 0), weight * bonus)
        return found

    def _starting_with(self, word: str) -> list[str]:
        start = bisect.bisect_left(self.vocabulary, word)
        end = bisect.bisect_left(self.vocabulary, word + "\uffff")
        return self.vocabulary[start:end]

    def _close_to(self, word: str) -> list[str]:
        """Words a typo away (two for long words); the first letter is taken as typed, which keeps this fast."""
        if len(word) < 4:
            return []
        allowed = 1 if len(word) < 7 else 2
        return [
            known
            for known in self._starting_with(word[0])
            if abs(len(known) - len(word)) <= allowed and _within(word, known, allowed)
        ]


def _sets(catalog: Catalog, set_ids: Iterable[str]) -> tuple[CardSet, ...]:
    found = [catalog.sets.get(set_id) or CardSet(id=set_id, name=set_id) for set_id in dict.fromkeys(set_ids)]
    return tuple(sorted(found, key=lambda s: (s.release_date or date.max, s.name)))


def _fields(card: Card) -> Iterable[tuple[int, str]]:
    yield NAME, card.name
    yield NAME, card.id
    yield CLASS, card.ship_class
    yield KEYWORD, " ".join((card.kind, card.upgrade_type, *card.factions, *map(faction_label, card.factions)))
    yield TEXT, plain_text(card.text)


def _within(a: str, b: str, limit: int) -> bool:
    """``a`` and ``b`` are at most ``limit`` edits apart (insert, delete, substitute, swap two neighbours)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return False
        previous2, previous = previous, current
    return previous[-1] <= limit


# (catalog version, index) of the last build in this process; see card_index.
_built: tuple[tuple, CardIndex] | None = None


def card_index() -> CardIndex:
    """The finder's index of the current catalog: built once per catalog version and process."""
    global _built
    version = catalog_version()
    if _built is None or _built[0] != version:
        _built = (version, CardIndex.build(load_catalog()))
    return _built[1]


def find_cards(
    query: CardQuery, *, page: int = 1, page_size: int = PAGE_SIZE, index: CardIndex | None = None
) -> FoundPage:
    """One page of the cards ``query`` asks for, in its order; a page past the end is empty. ``index``: the one
    the request already looked at (its form's choices), so the catalog's version is read once."""
    index = index or card_index()
    scores = _scores(index, query.text)
    candidates = index.by_name if scores is None else (index.catalog.cards[i] for i in scores)
    kept = [card for card in candidates if _allowed(card, query, index)]
    kept.sort(key=_order(query, scores or {}, index))
    page = max(1, page)
    start = (page - 1) * page_size
    shown = [FoundCard(card, index.sets_of[card.id]) for card in kept[start : start + page_size]]
    return FoundPage(shown, len(kept), page, page_size)


def _scores(index: CardIndex, text: str) -> dict[str, int] | None:
    """Card id -> rank for every card that has all the query's words; ``None`` when there are no words."""
    query_words = words(text)
    if not query_words:
        return None
    scores: dict[str, int] | None = None
    for word in dict.fromkeys(query_words):
        found = index.matches(word)
        scores = (
            found
            if scores is None
            else {card_id: score + found[card_id] for card_id, score in scores.items() if card_id in found}
        )
        if not scores:
            return {}
    return scores


def _allowed(card: Card, query: CardQuery, index: CardIndex) -> bool:
    if query.kind and card.kind != query.kind:
        return False
    if query.upgrade_type and card.upgrade_type != query.upgrade_type:
        return False
    if query.faction and query.faction not in card.factions:
        return False
    if query.unique is not None and (card.unique or card.mirror_unique) != query.unique:
        return False
    if query.set_id and query.set_id not in card.set_ids:
        return False
    if query.owned_sets is not None and query.owned_sets.isdisjoint(card.set_ids):
        return False
    return all(stat.holds(card) for stat in query.stats)


def _order(query: CardQuery, scores: dict[str, int], index: CardIndex) -> Callable[[Card], tuple]:
    first, rank = query.first_faction, index.name_rank

    def release(card: Card) -> int:
        sets = index.sets_of[card.id]
        return ((sets[0].release_date or _NO_DATE) if sets else _NO_DATE).toordinal()

    if query.sort == "cost":
        return lambda card: (card.cost, rank[card.id])
    if query.sort == "name":
        return lambda card: rank[card.id]
    if query.sort == "skill":
        return lambda card: (-card.skill, rank[card.id])
    if query.sort == "set":
        return lambda card: (-release(card), rank[card.id])
    return lambda card: (first is not None and first not in card.factions, -scores.get(card.id, 0), rank[card.id])


def printings(card: Card) -> list[FoundCard]:
    """The other cards of the same name and kind, and for a ship of the same class (another expansion's
    printing, another cost, text or upgrade bar), oldest expansion first."""
    index = card_index()
    same = [
        other
        for other in index.catalog.cards.values()
        if other.id != card.id
        and (other.kind, other.name.lower(), other.ship_class) == (card.kind, card.name.lower(), card.ship_class)
    ]
    found = [FoundCard(other, index.sets_of[other.id]) for other in same]
    return sorted(found, key=lambda f: ((f.expansion.release_date or date.max) if f.expansion else date.max, f.card.id))


def found_card(card_id: str) -> FoundCard | None:
    """A card of the catalog by its id (or an alias of it), with its expansions; ``None`` when there is none."""
    index = card_index()
    card = index.catalog.get(card_id)
    return FoundCard(card, index.sets_of[card.id]) if card is not None else None


def catalog_sets() -> list[CardSet]:
    """Every expansion of the catalog, newest first: the choices of the expansion filter and the collection."""
    return card_index().newest_sets
