"""The Starship Command ship catalog's CSV: name, race, class, value, shields, structure, crippled
[, weapons, fighter_capacity, notes]; weapons separated by ``;``, e.g. ``phaser-1; torpedo``.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fleets.decks.csv_import import CatalogRowForm, CatalogSpec
from rules import starship_command

from .models import StarshipCommandShip


class StarshipCommandRowForm(CatalogRowForm):
    weapons = forms.CharField(label=gettext_lazy("Weapons"), required=False)

    class Meta:
        model = StarshipCommandShip
        fields = [
            "name",
            "race",
            "ship_class",
            "value",
            "shields",
            "structure",
            "crippled",
            "weapons",
            "fighter_capacity",
            "notes",
        ]

    def clean_weapons(self) -> list[str]:
        weapons = [w.strip().lower().replace(" ", "-") for w in re.split(r"[;,|]", self.cleaned_data["weapons"])]
        weapons = [weapon for weapon in weapons if weapon]
        unknown = sorted(set(weapons) - set(starship_command.WEAPONS))
        if unknown:
            raise forms.ValidationError(
                _("unknown weapon %(weapon)r (expected some of %(weapons)s)")
                % {"weapon": unknown[0], "weapons": ", ".join(starship_command.WEAPONS)}
            )
        return weapons

    def clean(self):
        """The ship must be one the rules accept (at least 1 Structure point, and so on)."""
        cleaned = super().clean()
        if not self.errors:
            ship = self.instance
            given = set(self._meta.fields)
            values = {field: cleaned[field] if field in given else getattr(ship, field) for field in self.Meta.fields}
            values.pop("notes", None)
            try:
                starship_command.ShipCard(**{**values, "weapons": tuple(values["weapons"])})
            except ValueError as error:
                raise forms.ValidationError(str(error).split(": ", 1)[-1]) from None
        return cleaned


CATALOG = CatalogSpec(
    form=StarshipCommandRowForm,
    columns={
        "name": "name",
        "race": "race",
        "class": "ship_class",
        "value": "value",
        "shields": "shields",
        "structure": "structure",
        "crippled": "crippled",
        "weapons": "weapons",
        "fighter_capacity": "fighter_capacity",
        "notes": "notes",
    },
    optional=frozenset({"weapons", "fighter_capacity", "notes"}),
    key=("name",),
    defaults={"fighter_capacity": "0"},
    choice_fields=frozenset({"race"}),
)
