"""The card catalog: the engine's copy of it (:func:`load_catalog`), the builder's card search, faction names."""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Case, Count, Max, Q, QuerySet, Value, When

from rules.attack_wing.catalog import Catalog

from ..models.catalog import (
    CARD_RECORD_FIELDS,
    SET_RECORD_FIELDS,
    Card,
    CardSet,
    card_record,
    json_list_has,
    set_record,
)

MAX_SEARCH_RESULTS = 100

# (catalog version, catalog) of the last load in this process; see load_catalog.
_loaded: tuple[tuple, Catalog] | None = None


def load_catalog() -> Catalog:
    """The whole catalog as :class:`rules.attack_wing.catalog.Catalog`, as the engine reads it.

    Loaded once per process and kept; every call asks the database for the
    catalog's version (row counts and latest change of cards and sets, one
    cheap aggregate each) and reloads when it moved, so an import, from this
    process or another, is seen by the next call. The caller gets its own dicts
    (changing them cannot spoil the kept copy) but shares ``lookup_cache``, so
    the engine derives its per-catalog lookups once per version, not per call.
    """
    global _loaded
    version = _catalog_version()
    if _loaded is None or _loaded[0] != version:
        _loaded = (version, _read_catalog())
    catalog = _loaded[1]
    return replace(catalog, cards=dict(catalog.cards), sets=dict(catalog.sets), aliases=dict(catalog.aliases))


def catalog_version() -> tuple:
    """The catalog's version as stored (row counts and latest change of cards and sets): a cache built from
    :func:`load_catalog` is kept under it and rebuilt when it moves."""
    return _catalog_version()


def _catalog_version() -> tuple:
    cards = Card.objects.aggregate(count=Count("pk"), updated=Max("updated"))
    sets = CardSet.objects.aggregate(count=Count("pk"), updated=Max("updated"))
    return cards["count"], cards["updated"], sets["count"], sets["updated"]


def _read_catalog() -> Catalog:
    catalog = Catalog()
    for source_id, *values in CardSet.objects.order_by().values_list("source_id", *SET_RECORD_FIELDS):
        catalog.sets[source_id] = set_record(source_id, values)
    for source_id, alias_ids, *values in Card.objects.order_by().values_list(
        "source_id", "alias_ids", *CARD_RECORD_FIELDS
    ):
        catalog.cards[source_id] = card_record(source_id, values)
        catalog.aliases.update(dict.fromkeys(alias_ids, source_id))
    return catalog


def _matching_cards(*, query: str, kind: str | None, faction: str | None, upgrade_type: str | None) -> QuerySet[Card]:
    cards = Card.objects.all()
    if query:
        cards = cards.filter(Q(name__icontains=query) | Q(ship_class__icontains=query) | Q(source_id__iexact=query))
    if kind:
        cards = cards.filter(kind=kind)
    if faction:
        cards = cards.filter(json_list_has("factions", faction))
    if upgrade_type:
        cards = cards.filter(upgrade_type=upgrade_type)
    return cards


def card_search(
    *,
    query: str,
    kind: str | None = None,
    faction: str | None = None,
    upgrade_type: str | None = None,
    first_faction: str | None = None,
    limit: int = 20,
) -> list[Card]:
    """Cards whose name or ship class contains ``query`` (or whose source id is ``query``).

    Cards of ``first_faction`` (the fleet's declared faction) come first, then, in each group,
    names starting with ``query``.

    ``kind`` (``"ship"``, ``"captain"``, …), ``faction`` (a faction key such as
    ``"federation"``) and ``upgrade_type`` (``"crew"``, ``"tech"``, …) narrow the
    search; an empty ``query`` lists everything they allow. At most
    ``MAX_SEARCH_RESULTS`` cards come back, whatever ``limit`` asks.
    """
    query = query.strip()
    cards = _matching_cards(query=query, kind=kind, faction=faction, upgrade_type=upgrade_type)
    ours = (
        Case(When(json_list_has("factions", first_faction), then=Value(0)), default=Value(1))
        if first_faction
        else Value(0)
    )
    first = Case(When(name__istartswith=query, then=Value(0)), default=Value(1)) if query else Value(0)
    cards = cards.annotate(ours=ours, rank=first).order_by("ours", "rank", "name", "cost", "source_id")
    return list(cards[: max(0, min(limit, MAX_SEARCH_RESULTS))])


def catalog_factions() -> list[str]:
    """Every faction key some card carries, sorted: the choices of a faction filter."""
    return sorted({faction for card in load_catalog().cards.values() for faction in card.factions})


UPGRADE_TYPE_LABELS = {
    "crew": "Crew",
    "tech": "Tech",
    "weapon": "Weapon",
    "talent": "Elite Talent",
    "borg": "Borg",
    "squadron": "Squadron",
}


def slot_label(slot: str) -> str:
    """An upgrade slot key as a ship's upgrade bar reads: ``"talent"`` -> ``"Elite Talent"``."""
    return UPGRADE_TYPE_LABELS.get(slot, slot.title())


def faction_label(key: str) -> str:
    """``"mirror-universe"`` -> ``"Mirror Universe"``: how a faction key reads on a page or sheet."""
    return key.replace("-", " ").replace("_", " ").title()


def faction_choices() -> list[tuple[str, str]]:
    return [(key, faction_label(key)) for key in catalog_factions()]
