"""The Spearpoint unit catalog's CSV: name, side, type, cost [, crew, notes]; an empty crew means none."""

from __future__ import annotations

from fleets.decks.csv_import import CatalogRowForm, CatalogSpec

from .models import SpearpointUnit


class SpearpointRowForm(CatalogRowForm):
    class Meta:
        model = SpearpointUnit
        fields = ["name", "side", "unit_type", "cost", "crew", "notes"]


CATALOG = CatalogSpec(
    form=SpearpointRowForm,
    columns={"name": "name", "side": "side", "type": "unit_type", "cost": "cost", "crew": "crew", "notes": "notes"},
    optional=frozenset({"crew", "notes"}),
    key=("name", "side"),
    defaults={"crew": "none"},
    choice_fields=frozenset({"side", "unit_type", "crew"}),
)
