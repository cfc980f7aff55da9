"""What differs between the three games' decks, in one class per game.

A deck's ``content`` is the game's list file as ``check_deck`` / ``check_list``
read it. Each :class:`DeckKind` knows its game's file: how the rules read and
judge it (:meth:`~DeckKind.read`, :meth:`~DeckKind.report`), how it is written
back in canonical form (lines merged and sorted, every optional field spelt
out, so the same list always gives the same verification code), how a catalog
card becomes a line, and which catalog card a line must agree with.

Lines are kept as the file's dicts. Every line has a ``name`` and a side (the
``race`` of a Starship Command ship); the builder edits a line by that pair.
Wing Commander and Spearpoint lines carry a ``count``; a Starship Command
fleet repeats a ship's line instead, as the file does. The *chosen* copies are
the Wing Commander starting muster and the Spearpoint starting hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db import models

from fleets.models.deck import (
    SPEARPOINT,
    STARSHIP_COMMAND,
    WING_COMMANDER,
    SpearpointUnit,
    StarshipCommandShip,
    WingCommanderCard,
)
from rules import spearpoint, starship_command, wing_commander
from rules.list_check import ListReport
from rules.registry import get_game

MAX_COPIES = 999  # copies of one line in any file or form: far above any real deck, far below anything costly

Line = dict  # one line of a list file, e.g. {"name": "Arrow", "type": "fighter", "side": "terran", "count": 12}


class DeckContentError(ValueError):
    """A change or a file the deck cannot take; the message is fit to show the player."""


def label(key: str) -> str:
    """How a rules key reads on a page: ``battle-damage`` -> ``Battle damage``."""
    return key.replace("-", " ").capitalize()


class DeckKind:
    game: str
    noun: str  # what players call the list: "deck", "fleet", "reserves deck"
    line_noun: str  # what its lines are: "card", "ship", "unit"
    side_key: str = "side"
    sides: tuple[str, ...]
    lines_key: str
    chosen_key: str | None = None
    chosen_label: str = ""  # the column of chosen copies in the builder and on the sheet
    counted: bool = True  # lines carry a count (False: a line is repeated per copy)
    section_label: str = ""  # the text format's one section: the chosen copies, or a fleet's destroyed ships
    catalog: type[models.Model]
    catalog_side_field = "side"
    total_labels: dict[str, str]
    headline: str  # the total a list of decks shows for each: its size or its points

    @property
    def name(self) -> str:
        return get_game(self.game).name

    # --- the rules -------------------------------------------------------------------------------

    def read(self, data: object):
        """The rules' record of a parsed list file; raises :class:`~rules.list_check.ListFileError`."""
        raise NotImplementedError

    def check(self, record) -> ListReport:
        raise NotImplementedError

    def write(self, record) -> dict:
        """The canonical list file of a rules record."""
        raise NotImplementedError

    def canonical(self, data: object) -> dict:
        return self.write(self.read(data))

    def report(self, content: dict) -> ListReport:
        return self.check(self.read(content))

    def empty(self, side: str) -> dict:
        return self.canonical({self.side_key: side, self.lines_key: [], **self.empty_extras()})

    def empty_extras(self) -> dict:
        """Fields the file requires besides the side and the lines."""
        return {self.chosen_key: []} if self.chosen_key else {}

    def totals(self, report: ListReport) -> list[tuple[str, str]]:
        """(label, value) pairs of the report's totals, as the builder and the sheet show them."""
        return [
            (self.total_labels[key], label(value) if isinstance(value, str) else str(value))
            for key, value in report.totals().items()
        ]

    # --- lines ----------------------------------------------------------------------------------

    def lines(self, content: dict) -> list[Line]:
        return content[self.lines_key]

    def copies(self, line: Line) -> int:
        return line["count"] if self.counted else 1

    def matches(self, line: Line, name: str, side: str) -> bool:
        return line["name"] == name and line[self.side_key] == side

    def set_copies(self, content: dict, *, name: str, side: str, count: int) -> dict:
        """``content`` with exactly ``count`` copies of the line ``name``/``side`` (0 removes it)."""
        matching = [line for line in self.lines(content) if self.matches(line, name, side)]
        if not matching:
            raise DeckContentError(f"{name} is not in this {self.noun}.")
        kept = [line for line in self.lines(content) if not self.matches(line, name, side)]
        content = {**content, self.lines_key: kept + self.repeat(matching[0], count)}
        if count == 0 and self.chosen_key and not any(line["name"] == name for line in kept):
            content = self.set_chosen(content, name=name, count=0)
        return self.canonical(content)

    def add(self, content: dict, card: models.Model, count: int) -> dict:
        """``content`` with ``count`` more copies of the catalog ``card``."""
        line = self.catalog_line(card)
        present = sum(
            self.copies(item) for item in self.lines(content) if self.matches(item, line["name"], line[self.side_key])
        )
        if present:
            return self.set_copies(content, name=line["name"], side=line[self.side_key], count=present + count)
        return self.canonical({**content, self.lines_key: [*self.lines(content), *self.repeat(line, count)]})

    def repeat(self, line: Line, count: int) -> list[Line]:
        if not count:
            return []
        return [{**line, "count": count}] if self.counted else [dict(line) for _ in range(count)]

    def catalog_line(self, card: models.Model) -> Line:
        """The line a catalog card adds (without its count)."""
        raise NotImplementedError

    def usable(self, card: models.Model) -> bool:
        """Whether the catalog tells enough about ``card`` for a deck to hold it."""
        return True

    def line_cost(self, line: Line) -> int | None:
        """What one copy adds to the list's points, or ``None`` where the game counts cards, not points."""
        return None

    def details(self, line: Line) -> str:
        raise NotImplementedError

    # --- chosen copies (starting muster, starting hand) ------------------------------------------

    def chosen(self, content: dict) -> Counter[str]:
        """Chosen copies per name."""
        return Counter()

    def chosen_cost(self, content: dict, name: str) -> str:
        """What a chosen copy costs, where the game prices the choice (the muster), else ``""``."""
        return ""

    def set_chosen(self, content: dict, *, name: str, count: int) -> dict:
        raise DeckContentError(f"A {self.name} {self.noun} has no {self.chosen_label or 'chosen cards'}.")

    def section(self, content: dict) -> Counter[str]:
        """Copies per name in the text format's section."""
        return self.chosen(content)

    def add_to_section(self, content: dict, *, name: str, count: int) -> dict:
        return self.set_chosen(content, name=name, count=self.chosen(content)[name] + count)

    def text_headers(self, content: dict) -> list[tuple[str, str]]:
        """The ``key: value`` lines that open the text format."""
        return [(self.side_key, content[self.side_key])]

    # --- the catalog -----------------------------------------------------------------------------

    def offered(self, side: str) -> models.QuerySet:
        """The catalog cards the builder offers for a list of ``side``."""
        return self.catalog.objects.filter(**{self.catalog_side_field: side})

    def catalog_cards(self, names: Iterable[str]) -> dict[tuple[str, str], models.Model]:
        """Catalog cards by (name, side) for the given names, in one query."""
        cards = self.catalog.objects.filter(name__in=set(names))
        return {(card.name, getattr(card, self.catalog_side_field)): card for card in cards}

    def catalog_problems(self, content: dict) -> list[str]:
        """Every line that names no catalog card or disagrees with it (a file may not set its own costs)."""
        cards = self.catalog_cards(line["name"] for line in self.lines(content))
        return self.line_problems(
            self.lines_key,
            self.lines(content),
            lambda line: find_card(cards, line["name"], line[self.side_key]),
            self.catalog_line,
        )

    def line_problems(self, key: str, lines: list[Line], find, expected) -> list[str]:
        """Problems of the lines under ``key``: ``find(line)`` is its card, ``expected(card)`` the line it gives."""
        problems = []
        for index, line in enumerate(lines):
            where = f"{key}[{index}] {line['name']}"
            card = find(line)
            if card is None:
                problems.append(f"{where}: no such {self.line_noun} in the {self.name} catalog")
                continue
            try:
                problems += disagreements(where, line, expected(card))
            except DeckContentError as error:
                problems.append(f"{where}: {error}")
        return problems


def find_card(cards: dict[tuple[str, str], models.Model], name: str, side: str) -> models.Model | None:
    """The card ``name`` of ``side``, else the only card of that name (so a message can say the side differs)."""
    named = [card for (card_name, _side), card in cards.items() if card_name == name]
    return cards.get((name, side)) or (named[0] if len(named) == 1 else None)


def disagreements(where: str, line: Line, expected: Line) -> list[str]:
    """What a line says unlike its catalog card, one message per field."""
    return [
        f"{where}: the catalog does not give its {key} yet"
        if expected[key] in ("", None)
        else f"{where}: the catalog gives {key} {expected[key]!r}, the file says {line.get(key)!r}"
        for key in expected
        if line.get(key) != expected[key]
    ]


class WingCommanderDecks(DeckKind):
    """Seed 001: the play deck (cards by side and type) and the starting muster."""

    game = WING_COMMANDER
    noun = "deck"
    line_noun = "card"
    sides = wing_commander.SIDES
    lines_key = "cards"
    chosen_key = "muster"
    chosen_label = "Starting muster"
    section_label = "muster"
    catalog = WingCommanderCard
    headline = "counted"
    total_labels = {
        "counted": f"Play deck cards ({wing_commander.MIN_DECK_CARDS}–{wing_commander.TOURNAMENT_MAX_DECK_CARDS})",
        "excluded": "Carrier and nav point cards (not counted)",
        "starting_power_points": "Starting Power Points",
    }

    def read(self, data):
        return wing_commander.deck_from_data(data)

    def check(self, record):
        return wing_commander.check_deck(record, tournament=True)

    def write(self, record):
        cards = Counter()
        for entry in record.cards:
            cards[entry.name, entry.card_type, entry.side] += entry.count
        muster = Counter()
        for card in record.muster:
            muster[card.name, card.card_type, card.cost, card.medals] += card.count
        return {
            "side": record.side,
            "cards": [
                {"name": name, "type": card_type, "side": side, "count": count}
                for (name, card_type, side), count in sorted(cards.items())
            ],
            "muster": [
                {"name": name, "type": card_type, "cost": cost, "medals": medals, "count": count}
                for (name, card_type, cost, medals), count in sorted(muster.items())
            ],
        }

    def catalog_line(self, card):
        return {"name": card.name, "type": card.card_type, "side": card.side}

    def details(self, line):
        return label(line["type"])

    def usable(self, card):
        return card.playable

    def offered(self, side):
        return super().offered(side).exclude(card_type="")

    def muster_line(self, card: WingCommanderCard) -> Line:
        if not card.musterable:
            raise DeckContentError(
                f"The catalog gives no full mustering cost for {card.name}, so it cannot be mustered."
            )
        return {"name": card.name, "type": card.card_type, "cost": card.mustering_cost, "medals": card.medal_cost}

    def chosen(self, content):
        counts = Counter()
        for card in content["muster"]:
            counts[card["name"]] += card["count"]
        return counts

    def chosen_cost(self, content, name):
        card = next((card for card in content["muster"] if card["name"] == name), None)
        if card is None:
            return ""
        medals = f" + {card['medals']} medal{'s' if card['medals'] > 1 else ''}" if card["medals"] else ""
        return f"{card['cost']}{medals}"

    def set_chosen(self, content, *, name, count):
        matching = [card for card in content["muster"] if card["name"] == name]
        kept = [card for card in content["muster"] if card["name"] != name]
        if count and not matching:
            card = find_card(self.catalog_cards([name]), name, "")
            if card is None:
                raise DeckContentError(f"There is no card named {name} in the {self.name} catalog.")
            matching = [self.muster_line(card)]
        added = [{**matching[0], "count": count}] if count else []
        return self.canonical({**content, "muster": kept + added})

    def catalog_problems(self, content):
        cards = self.catalog_cards(line["name"] for line in content["muster"])
        muster = self.line_problems(
            "muster", content["muster"], lambda line: find_card(cards, line["name"], ""), self.muster_line
        )
        return super().catalog_problems(content) + muster


class StarshipCommandFleets(DeckKind):
    """Seed 002, Campaign Rules: a fleet of one race bought by value points."""

    game = STARSHIP_COMMAND
    noun = "fleet"
    line_noun = "ship"
    side_key = "race"
    sides = starship_command.RACES
    lines_key = "ships"
    counted = False
    section_label = "destroyed"
    catalog = StarshipCommandShip
    catalog_side_field = "race"
    headline = "spent"
    total_labels = {
        "race": "Race",
        "ships": "Ships",
        "spent": "Points spent",
        "budget": "Budget",
        "banked": "Banked",
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


class SpearpointReserves(DeckKind):
    """Seed 004, Standard Game Setup: a reserves deck of 80-100 points and a starting hand of 4."""

    game = SPEARPOINT
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


KINDS: dict[str, DeckKind] = {
    kind.game: kind for kind in (WingCommanderDecks(), StarshipCommandFleets(), SpearpointReserves())
}


def get_kind(game: str) -> DeckKind:
    """The kind for a deck game key; an unknown key raises ``KeyError``."""
    return KINDS[game]
