"""The card finder's form: the search box, its filters and its order, read from a GET query.

The query names are the finder's interface, shared by the catalog page (``fleets:cards``) and the
builder's search (``fleets:search``), so any page may link to a search preset:

``q``
    words of a card's name, ship class, text or keywords (faction, card type);
``type``
    a card type or upgrade slot key: ``ship``, ``captain``, ``admiral``, ``crew``, ``tech``, ``weapon``,
    ``talent``, ``borg``, ``squadron``, ``resource``, ``other``;
``faction``
    a faction key (``federation``, ``klingon``, …);
``cost``, ``attack``, ``agility``, ``hull``, ``shields``, ``skill``
    a number, compared as ``<name>_op`` says: ``lt``, ``le``, ``eq`` (the default), ``ge``, ``gt``;
``unique``
    ``unique`` or ``generic``;
``set``
    an expansion id;
``owned``
    ``1``: only cards of expansions the player owns (their collection);
``sort``
    ``relevance`` (the default), ``cost``, ``name``, ``skill``, ``set``;
``page``
    1 for the first page of results.
"""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from accounts.number_fields import WholeNumberField
from accounts.text_fields import CleanTextFormMixin
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, UPGRADE_TYPES

from ..selectors import UPGRADE_TYPE_LABELS, faction_label
from ..selectors.card_index import COMPARISON_SIGNS, SORTS, STATS, CardQuery, Stat, card_index

# What each ``type`` key finds: (label, card kind, upgrade type).
CARD_TYPES = {
    "ship": (gettext_lazy("Ship"), SHIP, None),
    "captain": (gettext_lazy("Captain"), CAPTAIN, None),
    "admiral": (gettext_lazy("Admiral"), ADMIRAL, None),
    **{
        t: (format_lazy(gettext_lazy("{type} upgrade"), type=UPGRADE_TYPE_LABELS[t]), UPGRADE, t) for t in UPGRADE_TYPES
    },
    "resource": (gettext_lazy("Resource"), RESOURCE, None),
    "other": (gettext_lazy("Other (fleet captain, officer, construction…)"), OTHER, None),
}
STAT_LABELS = {
    "cost": gettext_lazy("Cost"),
    "attack": gettext_lazy("Attack"),
    "agility": gettext_lazy("Agility"),
    "hull": gettext_lazy("Hull"),
    "shields": gettext_lazy("Shields"),
    "skill": gettext_lazy("Captain skill"),
}
UNIQUE_CHOICES = [
    ("", gettext_lazy("Unique or generic")),
    ("unique", gettext_lazy("Unique only")),
    ("generic", gettext_lazy("Generic only")),
]


def _select(**attrs) -> forms.Select:
    return forms.Select(attrs={"class": "form-select form-select-sm", **attrs})


def _stat_fields() -> dict[str, forms.Field]:
    """Each stat's comparison (``<stat>_op``) and number, declared once with the form."""
    fields: dict[str, forms.Field] = {}
    for stat in STATS:
        fields[f"{stat}_op"] = forms.ChoiceField(
            required=False,
            choices=list(COMPARISON_SIGNS.items()),
            label=format_lazy(gettext_lazy("{stat} is"), stat=STAT_LABELS[stat]),
            widget=_select(**{"class": "form-select form-select-sm finder-op"}),
        )
        fields[stat] = WholeNumberField(
            required=False,
            min_value=0,
            max_value=99,
            label=STAT_LABELS[stat],
            widget=forms.NumberInput(attrs={"class": "form-control form-control-sm"}),
        )
    return fields


class CardFinderForm(CleanTextFormMixin, forms.Form):
    """The finder's query; :meth:`card_query` turns a valid one into the selector's :class:`CardQuery`.

    The faction and expansion choices are the finder index's (one look at it per form)."""

    q = forms.CharField(
        required=False,
        max_length=100,
        label=gettext_lazy("Search cards"),
        widget=forms.TextInput(attrs={"class": "form-control form-control-sm"}),
    )
    type = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Card type"),
        choices=[("", gettext_lazy("Any type")), *((key, label) for key, (label, *_rest) in CARD_TYPES.items())],
        widget=_select(),
    )
    faction = forms.ChoiceField(required=False, label=gettext_lazy("Faction"), widget=_select())
    unique = forms.ChoiceField(required=False, choices=UNIQUE_CHOICES, label=gettext_lazy("Unique"), widget=_select())
    set = forms.ChoiceField(required=False, label=gettext_lazy("Expansion"), widget=_select())
    owned = forms.BooleanField(
        required=False,
        label=gettext_lazy("Only cards I own"),
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
    sort = forms.ChoiceField(
        required=False, choices=list(SORTS.items()), label=gettext_lazy("Sort by"), widget=_select()
    )
    page = WholeNumberField(required=False, min_value=1, max_value=1000, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.index = index = card_index()
        self.fields["faction"].choices = [
            ("", gettext_lazy("Any faction")),
            *((key, faction_label(key)) for key in index.factions),
        ]
        self.fields["set"].choices = [("", gettext_lazy("Any expansion")), *((s.id, s.name) for s in index.newest_sets)]

    def stat_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each stat's comparison and number, in order, for the template."""
        return [(self[f"{stat}_op"], self[stat]) for stat in STATS]

    def card_query(self, *, owned_sets: frozenset[str] | None = None, first_faction: str | None = None) -> CardQuery:
        data = self.cleaned_data
        _label, kind, upgrade_type = CARD_TYPES.get(data["type"], (None, None, None))
        stats = tuple(Stat(stat, data[f"{stat}_op"] or "eq", data[stat]) for stat in STATS if data[stat] is not None)
        return CardQuery(
            text=data["q"],
            kind=kind,
            upgrade_type=upgrade_type,
            faction=data["faction"] or None,
            stats=stats,
            unique={"unique": True, "generic": False}.get(data["unique"]),
            set_id=data["set"] or None,
            owned_sets=owned_sets if data["owned"] else None,
            sort=data["sort"] or "relevance",
            first_faction=first_faction,
        )


CardFinderForm.base_fields.update(_stat_fields())
