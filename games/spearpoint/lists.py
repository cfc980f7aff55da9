"""Spearpoint reserves decks as the deck builder, the sheets and events handle them."""

from __future__ import annotations

from collections import Counter

from fleets.decks.deck_kind import DeckKind, label
from rules import spearpoint

from . import KEY
from .models import SpearpointUnit


class SpearpointReserves(DeckKind):
    """Seed 004, Standard Game Setup: a reserves deck of 80-100 points and a starting hand of 4."""

    game = KEY
    noun = "reserves deck"
    line_noun = "unit"
    sides = spearpoint.SIDES
    lines_key = "units"
    chosen_key = "starting_hand"
    chosen_label = "Starting hand"
    section_label = "starting hand"
    catalog = SpearpointUnit
    headline = "points"
    total_labels = {
        "points": f"Points ({spearpoint.RESERVES_MIN_POINTS}–{spearpoint.RESERVES_MAX_POINTS})",
        "units": "Units",
        "starting_hand": f"Starting hand ({spearpoint.STARTING_HAND_UNITS})",
    }

    rule_sets = {
        "": (
            f"Standard Game Setup (seed 004): {spearpoint.RESERVES_MIN_POINTS}–{spearpoint.RESERVES_MAX_POINTS} "
            f"points of one side's units, a starting hand of {spearpoint.STARTING_HAND_UNITS} units from the deck."
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
        crew = "" if line["crew"] == "none" else f", needs {label(line['crew']).lower()}"
        return f"{label(line['type'])}{crew}"

    def chosen(self, content):
        return Counter(content["starting_hand"])

    def set_chosen(self, content, *, name, count):
        kept = [unit for unit in content["starting_hand"] if unit != name]
        return self.canonical({**content, "starting_hand": kept + [name] * count})
