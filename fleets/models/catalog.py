"""The STAW card catalog as stored: one ``Card`` table, one proxy model per kind, and the sets.

One table rather than one per kind keeps the engine's view simple: loading the
whole catalog is a single query, and every card keeps its source id in one
unique column whatever its kind. The proxies (``Ship``, ``Captain``, …) only
narrow the queryset, so the admin gets a page per kind for free.

Columns mirror :class:`rules.attack_wing.catalog.Card` field for field (the
record's ``id`` is ``source_id`` here); tuples are stored as JSON lists, each
restriction as the list of its fields. :func:`card_values` and
:func:`card_record` convert between the two and are the only place that knows
the storage format; the field lists are read off the records, so a new record
field only needs its column.

Factions and set ids are JSON lists so the engine gets them back in source
order. Filtering on them goes through :func:`json_list_has`, which works the
same on SQLite and PostgreSQL but cannot use an index; with a few thousand
cards, usually narrowed first by the indexed ``kind`` or ``name``, the scan is cheap.
"""

from __future__ import annotations

import dataclasses
import json

from django.db import models
from django.db.models.functions import Cast
from django.db.models.lookups import Contains
from django.utils.translation import gettext_lazy as _

from rules.attack_wing import catalog as records

SOURCE_CHOICES = [("utopia", "Utopia"), ("spacedock", "Space Dock")]
KIND_LABELS = {
    "ship": _("Ship"),
    "captain": _("Captain"),
    "admiral": _("Admiral"),
    "upgrade": _("Upgrade"),
    "resource": _("Resource"),
    "other": _("Other"),
}
KIND_CHOICES = [(kind, KIND_LABELS.get(kind, kind.capitalize())) for kind in records.KINDS]


# Record fields with a column of the same name; tuples (default ``()``) are stored as JSON lists.
CARD_RECORD_FIELDS = tuple(f.name for f in dataclasses.fields(records.Card) if f.name != "id")
LIST_FIELDS = frozenset(f.name for f in dataclasses.fields(records.Card) if f.default == ()) - {"restrictions"}
RESTRICTION_FIELDS = tuple(f.name for f in dataclasses.fields(records.Restriction))
SET_RECORD_FIELDS = tuple(f.name for f in dataclasses.fields(records.CardSet) if f.name != "id")
# The columns an import writes, in a fixed order so stored and incoming values compare as tuples.
CARD_VALUE_FIELDS = ("source", *CARD_RECORD_FIELDS, "alias_ids")


def json_list_has(field: str, item: str) -> Contains:
    """A filter expression: the JSON list in ``field`` contains the string ``item``.

    JSON ``contains`` lookups exist on PostgreSQL only, so the list is compared
    as text (``["federation", "klingon"]``) for its quoted item instead. Items are
    ASCII keys (faction keys, set ids), which both databases serialise alike.
    """
    return Contains(Cast(field, output_field=models.TextField()), json.dumps(item))


class CardSet(models.Model):
    """A product (expansion, OP prize, …) that released cards; its date decides legality windows."""

    source_id = models.CharField(max_length=64, unique=True, verbose_name=_("source id"))
    name = models.CharField(max_length=200, verbose_name=_("name"))
    release_date = models.DateField(null=True, blank=True, verbose_name=_("release date"))
    blind_booster = models.BooleanField(default=False, verbose_name=_("blind booster"))
    updated = models.DateTimeField(auto_now=True, db_index=True, verbose_name=_("updated"))

    class Meta:
        ordering = ["release_date", "name"]
        verbose_name = _("card set")
        verbose_name_plural = _("card sets")

    def __str__(self) -> str:
        return self.name


class Card(models.Model):
    """Any card of the catalog; fields that do not apply to its kind keep their empty default."""

    source_id = models.CharField(
        max_length=64, unique=True, help_text=_("The card's id in its source database."), verbose_name=_("source id")
    )
    alias_ids = models.JSONField(
        default=list, blank=True, help_text=_("Further source ids of the same card."), verbose_name=_("alias ids")
    )
    source = models.CharField(max_length=16, choices=SOURCE_CHOICES, verbose_name=_("source"))
    kind = models.CharField(max_length=16, choices=KIND_CHOICES, db_index=True, verbose_name=_("kind"))
    name = models.CharField(max_length=200, db_index=True, verbose_name=_("name"))
    cost = models.SmallIntegerField(default=0, db_index=True, verbose_name=_("cost"))
    factions = models.JSONField(default=list, blank=True, verbose_name=_("factions"))
    unique = models.BooleanField(default=False, verbose_name=_("unique"))
    mirror_unique = models.BooleanField(default=False, verbose_name=_("mirror unique"))
    set_ids = models.JSONField(default=list, blank=True, verbose_name=_("set ids"))
    text = models.TextField(
        blank=True, help_text=_("Source markup; templates render it with the card_html filter."), verbose_name=_("text")
    )
    # ships
    ship_class = models.CharField(max_length=100, blank=True, verbose_name=_("ship class"))
    hull = models.SmallIntegerField(default=0, verbose_name=_("hull"))
    shields = models.SmallIntegerField(default=0, verbose_name=_("shields"))
    attack = models.SmallIntegerField(default=0, verbose_name=_("attack"))
    agility = models.SmallIntegerField(default=0, verbose_name=_("agility"))
    slots = models.JSONField(
        default=list, blank=True, help_text=_("One entry per upgrade slot."), verbose_name=_("slots")
    )
    squadron = models.BooleanField(default=False, verbose_name=_("squadron"))
    # captains and admirals
    skill = models.SmallIntegerField(default=0, verbose_name=_("skill"))
    talent_slots = models.SmallIntegerField(default=0, verbose_name=_("talent slots"))
    # upgrades, and the source type of other cards
    upgrade_type = models.CharField(max_length=32, blank=True, db_index=True, verbose_name=_("upgrade type"))
    restrictions = models.JSONField(
        default=list, blank=True, help_text=_("One list of Restriction fields each."), verbose_name=_("restrictions")
    )
    grants_slots = models.JSONField(default=list, blank=True, verbose_name=_("grants slots"))
    updated = models.DateTimeField(auto_now=True, db_index=True, verbose_name=_("updated"))

    class Meta:
        ordering = ["name", "source_id"]
        indexes = [models.Index(fields=["kind", "name"], name="card_kind_name")]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return f"{self.name} ({self.source_id})"

    @property
    def oversized_base(self) -> bool:
        """The ship stands on the oversized base (the readers mark it as a restriction)."""
        return any(code == "oversized_base" for code, *_ in self.restrictions)


def card_values(card: records.Card, *, source: str, alias_ids: list[str]) -> tuple:
    """The column values for ``card``, in ``CARD_VALUE_FIELDS`` order, as the database returns them."""
    values = [source]
    for name in CARD_RECORD_FIELDS:
        value = getattr(card, name)
        if name == "restrictions":
            value = [[getattr(r, f) for f in RESTRICTION_FIELDS] for r in value]
        elif name in LIST_FIELDS:
            value = list(value)
        values.append(value)
    values.append(alias_ids)
    return tuple(values)


def card_record(source_id: str, values) -> records.Card:
    """The engine's record from a card's ``CARD_RECORD_FIELDS`` column values."""
    fields = dict(zip(CARD_RECORD_FIELDS, values, strict=True))
    for name in LIST_FIELDS:
        fields[name] = tuple(fields[name])
    fields["restrictions"] = tuple(records.Restriction(*row) for row in fields["restrictions"])
    return records.Card(id=source_id, **fields)


def set_values(card_set: records.CardSet) -> tuple:
    """The column values for ``card_set``, in ``SET_RECORD_FIELDS`` order."""
    return tuple(getattr(card_set, name) for name in SET_RECORD_FIELDS)


def set_record(source_id: str, values) -> records.CardSet:
    """The engine's record from a set's ``SET_RECORD_FIELDS`` column values."""
    return records.CardSet(id=source_id, **dict(zip(SET_RECORD_FIELDS, values, strict=True)))


class KindManager(models.Manager):
    """The cards of one kind; each proxy model uses one."""

    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def get_queryset(self):
        return super().get_queryset().filter(kind=self.kind)


class Ship(Card):
    objects = KindManager(records.SHIP)

    class Meta:
        proxy = True
        verbose_name = _("ship")
        verbose_name_plural = _("ships")


class Captain(Card):
    objects = KindManager(records.CAPTAIN)

    class Meta:
        proxy = True
        verbose_name = _("captain")
        verbose_name_plural = _("captains")


class Admiral(Card):
    objects = KindManager(records.ADMIRAL)

    class Meta:
        proxy = True
        verbose_name = _("admiral")
        verbose_name_plural = _("admirals")


class Upgrade(Card):
    objects = KindManager(records.UPGRADE)

    class Meta:
        proxy = True
        verbose_name = _("upgrade")
        verbose_name_plural = _("upgrades")


class Resource(Card):
    objects = KindManager(records.RESOURCE)

    class Meta:
        proxy = True
        verbose_name = _("resource")
        verbose_name_plural = _("resources")
