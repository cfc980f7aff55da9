"""Starship Command fleets as the deck builder, the sheets and events handle them."""

from __future__ import annotations

from collections import Counter

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from fleets.decks.deck_kind import DeckKind, label
from rules import starship_command

from . import KEY
from .models import StarshipCommandShip


class StarshipCommandFleets(DeckKind):
    """Seed 002, Campaign Rules: a fleet of one race bought by value points."""

    game = KEY
    noun = gettext_lazy("fleet")
    line_noun = gettext_lazy("ship")
    side_key = "race"
    side_noun = gettext_lazy("race")
    sides = starship_command.RACES
    lines_key = "ships"
    counted = False
    section_label = "destroyed"
    catalog = StarshipCommandShip
    catalog_side_field = "race"
    headline = "spent"
    total_labels: dict[str, str | Promise] = {
        "race": gettext_lazy("Race"),
        "ships": gettext_lazy("Ships"),
        "spent": gettext_lazy("Points spent"),
        "budget": gettext_lazy("Budget"),
        "banked": gettext_lazy("Banked"),
    }

    rule_sets: dict[str, str | Promise] = {
        "": format_lazy(
            gettext_lazy(
                "Campaign Rules (seed 002): ships of the fleet's race only, each ship card once, none destroyed "
                "earlier in the campaign, within the budget ({budget} points to start)."
            ),
            budget=starship_command.FLEET_BUDGET,
        )
    }

    def read(self, data):
        return starship_command.fleet_from_data(data)

    def check(self, record):
        return starship_command.check_fleet(record)

    def write(self, record):
        return {
            "race": record.race,
            "budget": record.budget,
            "ships": sorted(
                ({"name": ship.name, "race": ship.race, "value": ship.value} for ship in record.ships),
                key=lambda ship: (ship["name"], ship["race"], ship["value"]),
            ),
            "destroyed": sorted(record.destroyed),
        }

    def empty_extras(self):
        return {"budget": starship_command.FLEET_BUDGET, "destroyed": []}

    def catalog_line(self, card):
        return {"name": card.name, "race": card.race, "value": card.value}

    def section(self, content):
        return Counter(content["destroyed"])

    def add_to_section(self, content, *, name, count):
        return self.canonical({**content, "destroyed": [*content["destroyed"], name]})

    def text_headers(self, content):
        return [*super().text_headers(content), ("budget", str(content["budget"]))]

    def line_cost(self, line):
        return line["value"]

    def details(self, line):
        return label(line["race"])
