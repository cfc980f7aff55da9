"""Spearpoint reserves decks as the deck builder, the sheets and events handle them."""

from __future__ import annotations

from collections import Counter

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fleets.decks.deck_kind import DeckKind, label
from rules import spearpoint

from . import KEY
from .models import SpearpointUnit


class SpearpointReserves(DeckKind):
    """Seed 004, Standard Game Setup: a reserves deck of 80-100 points and a starting hand of 4."""

    game = KEY
    noun = gettext_lazy("reserves deck")
    line_noun = gettext_lazy("unit")
    sides = spearpoint.SIDES
    lines_key = "units"
    chosen_key = "starting_hand"
    chosen_label = gettext_lazy("Starting hand")
    section_label = "starting hand"
    catalog = SpearpointUnit
    headline = "points"
    total_labels: dict[str, str | Promise] = {
        "points": format_lazy(
            gettext_lazy("Points ({min}–{max})"), min=spearpoint.RESERVES_MIN_POINTS, max=spearpoint.RESERVES_MAX_POINTS
        ),
        "units": gettext_lazy("Units"),
        "starting_hand": format_lazy(gettext_lazy("Starting hand ({units})"), units=spearpoint.STARTING_HAND_UNITS),
    }

    rule_sets: dict[str, str | Promise] = {
        "": format_lazy(
            gettext_lazy(
                "Standard Game Setup (seed 004): {min}–{max} points of one side's units, "
                "a starting hand of {units} units from the deck."
            ),
            min=spearpoint.RESERVES_MIN_POINTS,
            max=spearpoint.RESERVES_MAX_POINTS,
            units=spearpoint.STARTING_HAND_UNITS,
        )
    }

    def read(self, data):
        return spearpoint.reserves_from_data(data)

    def check(self, record):
        return spearpoint.check_reserves(record)

    def write(self, record):
        units = Counter()
        for entry in record.units:
            unit = entry.unit
            units[unit.name, unit.side, unit.unit_type, unit.cost, unit.crew] += entry.count
        return {
            "side": record.side,
            "units": [
                {"name": name, "side": side, "type": unit_type, "cost": cost, "crew": crew, "count": count}
                for (name, side, unit_type, cost, crew), count in sorted(units.items())
            ],
            "starting_hand": sorted(record.starting_hand),
        }

    def catalog_line(self, card):
        return {"name": card.name, "side": card.side, "type": card.unit_type, "cost": card.cost, "crew": card.crew}

    def line_cost(self, line):
        return line["cost"]

    def details(self, line):
        if line["crew"] == "none":
            return label(line["type"])
        return _("%(type)s, needs %(crew)s") % {"type": label(line["type"]), "crew": label(line["crew"]).lower()}

    def chosen(self, content):
        return Counter(content["starting_hand"])

    def set_chosen(self, content, *, name, count):
        kept = [unit for unit in content["starting_hand"] if unit != name]
        return self.canonical({**content, "starting_hand": kept + [name] * count})
