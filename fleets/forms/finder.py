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

from accounts.number_fields import WholeNumberField
from accounts.text_fields import CleanTextFormMixin
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, UPGRADE_TYPES

from ..selectors import UPGRADE_TYPE_LABELS, faction_choices
from ..selectors.card_index import COMPARISON_SIGNS, SORTS, STATS, CardQuery, Stat, catalog_sets

# What each ``type`` key finds: (label, card kind, upgrade type).
CARD_TYPES = {
    "ship": ("Ship", SHIP, None),
    "captain": ("Captain", CAPTAIN, None),
    "admiral": ("Admiral", ADMIRAL, None),
    **{t: (f"{UPGRADE_TYPE_LABELS[t]} upgrade", UPGRADE, t) for t in UPGRADE_TYPES},
    "resource": ("Resource", RESOURCE, None),
    "other": ("Other (fleet captain, officer, construction…)", OTHER, None),
}
STAT_LABELS = {
    "cost": "Cost",
    "attack": "Attack",
    "agility": "Agility",
    "hull": "Hull",
    "shields": "Shields",
    "skill": "Captain skill",
}
_CONTROL_CLASSES = {forms.Select: "form-select form-select-sm", forms.CheckboxInput: "form-check-input"}
UNIQUE_CHOICES = [("", "Unique or generic"), ("unique", "Unique only"), ("generic", "Generic only")]


class CardFinderForm(CleanTextFormMixin, forms.Form):
    """The finder's query; :meth:`card_query` turns a valid one into the selector's :class:`CardQuery`."""

    q = forms.CharField(required=False, max_length=100, label="Search cards")
    type = forms.ChoiceField(required=False, label="Card type")
    faction = forms.ChoiceField(required=False, label="Faction")
    unique = forms.ChoiceField(required=False, choices=UNIQUE_CHOICES, label="Unique")
    set = forms.ChoiceField(required=False, label="Expansion")
    owned = forms.BooleanField(required=False, label="Only cards I own")
    sort = forms.ChoiceField(required=False, choices=list(SORTS.items()), label="Sort by")
    page = WholeNumberField(required=False, min_value=1, max_value=1000, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["type"].choices = [("", "Any type"), *((key, label) for key, (label, *_rest) in CARD_TYPES.items())]
        self.fields["faction"].choices = [("", "Any faction"), *faction_choices()]
        self.fields["set"].choices = [("", "Any expansion"), *((s.id, s.name) for s in catalog_sets())]
        operators = [(op, sign) for op, sign in COMPARISON_SIGNS.items()]
        for stat in STATS:
            self.fields[f"{stat}_op"] = forms.ChoiceField(
                required=False, choices=operators, label=f"{STAT_LABELS[stat]} is"
            )
            self.fields[stat] = WholeNumberField(required=False, min_value=0, max_value=99, label=STAT_LABELS[stat])
        for name, field in self.fields.items():
            field.widget.attrs["class"] = _CONTROL_CLASSES.get(type(field.widget), "form-control form-control-sm")
            if name.endswith("_op"):
                field.widget.attrs["class"] += " finder-op"

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
