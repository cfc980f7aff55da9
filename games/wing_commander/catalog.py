"""The Wing Commander catalog's CSV: name, side, type, mustering_cost, medal_cost [, notes].

Side, type and costs may be left empty where no source states them yet.
"""

from __future__ import annotations

from fleets.decks.csv_import import CatalogRowForm, CatalogSpec

from .models import WingCommanderCard


class WingCommanderRowForm(CatalogRowForm):
    class Meta:
        model = WingCommanderCard
        fields = ["name", "side", "card_type", "mustering_cost", "medal_cost", "notes"]


CATALOG = CatalogSpec(
    form=WingCommanderRowForm,
    columns={
        "name": "name",
        "side": "side",
        "type": "card_type",
        "mustering_cost": "mustering_cost",
        "medal_cost": "medal_cost",
        "notes": "notes",
    },
    optional=frozenset({"notes"}),
    key=("name",),
    defaults={},
    choice_fields=frozenset({"side", "card_type"}),
)
