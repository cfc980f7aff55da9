"""What a newer card database would change: cards added, cards gone, costs and texts changed.

``update_cards`` shows this before it imports anything, so an organizer (or a judge reading
the log) knows which verdicts a new file can move. Cards are compared by their id in the
source database; a card's cost and its text are what change a verdict, everything else a
card holds (name, factions, stats, sets) is reported as "other details".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rules.attack_wing.catalog import Card, Catalog


@dataclass(frozen=True, slots=True)
class CostChange:
    card: Card
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class CatalogDiff:
    added: tuple[Card, ...] = ()
    gone: tuple[Card, ...] = ()
    cost_changed: tuple[CostChange, ...] = ()
    text_changed: tuple[Card, ...] = ()
    details_changed: tuple[Card, ...] = ()  # anything else: name, factions, stats, slots, sets, restrictions

    @property
    def empty(self) -> bool:
        return not (self.added or self.gone or self.cost_changed or self.text_changed or self.details_changed)


def diff_catalogs(before: Catalog, after: Catalog) -> CatalogDiff:
    """The differences from ``before`` to ``after``, each list sorted by card id."""
    added = [after.cards[card_id] for card_id in sorted(after.cards.keys() - before.cards.keys())]
    gone = [before.cards[card_id] for card_id in sorted(before.cards.keys() - after.cards.keys())]
    costs: list[CostChange] = []
    texts: list[Card] = []
    details: list[Card] = []
    for card_id in sorted(before.cards.keys() & after.cards.keys()):
        old, new = before.cards[card_id], after.cards[card_id]
        if old == new:
            continue
        if old.cost != new.cost:
            costs.append(CostChange(card=new, before=old.cost, after=new.cost))
        if old.text != new.text:
            texts.append(new)
        if dataclasses.replace(old, cost=new.cost, text=new.text) != new:
            details.append(new)
    return CatalogDiff(
        added=tuple(added),
        gone=tuple(gone),
        cost_changed=tuple(costs),
        text_changed=tuple(texts),
        details_changed=tuple(details),
    )
