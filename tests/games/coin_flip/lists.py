"""A purse as the deck builder, the sheets and events handle it."""

from fleets.decks.deck_kind import DeckKind, label

from . import KEY
from .models import Coin
from .rules import CALLS, check_purse, purse_from_data


class Purses(DeckKind):
    game = KEY
    noun = "purse"
    line_noun = "coin"
    sides = CALLS
    lines_key = "coins"
    catalog = Coin
    headline = "coins"
    total_labels = {"coins": "Coins (1–3)"}

    def read(self, data):
        return purse_from_data(data)

    def check(self, record):
        return check_purse(record)

    def write(self, record):
        return {
            "side": record.call,
            "coins": [{"name": name, "side": call, "count": count} for name, call, count in sorted(record.coins)],
        }

    def catalog_line(self, card):
        return {"name": card.name, "side": card.side}

    def details(self, line):
        return label(line["side"])
