"""A player's collection: the expansions they own, as a set of ids and as the text it exports to."""

from __future__ import annotations

from ..models import OwnedExpansion
from .card_index import catalog_sets


def owned_set_ids(user) -> frozenset[str]:
    """The ids of the expansions ``user`` owns (none for an anonymous visitor)."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(OwnedExpansion.objects.filter(owner=user).values_list("set_id", flat=True))


def collection_text(user) -> str:
    """The collection as text, one expansion a line ("<id> — <name>"), newest first; what
    :func:`fleets.services.collection_import` reads back."""
    owned = owned_set_ids(user)
    lines = [f"{card_set.id} — {card_set.name}" for card_set in catalog_sets() if card_set.id in owned]
    return "".join(f"{line}\n" for line in lines)
