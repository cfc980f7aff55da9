"""Wing Commander decks as the deck builder, the sheets and events handle them."""

from __future__ import annotations

from collections import Counter

from django.utils.functional import Promise
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from fleets.decks.deck_kind import DeckContentError, DeckKind, Line, find_card, label
from rules import wing_commander

from . import KEY
from .models import WingCommanderCard

TOURNAMENT_RULES = "tournament"
CASUAL_RULES = "casual"


class WingCommanderDecks(DeckKind):
    """Seed 001: the play deck (cards by side and type) and the starting muster."""

    game = KEY
    noun = gettext_lazy("deck")
    line_noun = gettext_lazy("card")
    sides = wing_commander.SIDES
    lines_key = "cards"
    chosen_key = "muster"
    chosen_label = gettext_lazy("Starting muster")
    section_label = "muster"
    catalog = WingCommanderCard
    headline = "counted"
    total_labels: dict[str, str | Promise] = {
        "counted": format_lazy(
            gettext_lazy("Play deck cards ({min}–{max})"),
            min=wing_commander.MIN_DECK_CARDS,
            max=wing_commander.TOURNAMENT_MAX_DECK_CARDS,
        ),
        "excluded": gettext_lazy("Carrier and nav point cards (not counted)"),
        "starting_power_points": gettext_lazy("Starting Power Points"),
    }

    def read(self, data):
        return wing_commander.deck_from_data(data)

    rule_sets: dict[str, str | Promise] = {
        TOURNAMENT_RULES: format_lazy(
            gettext_lazy(
                "Tournament rules (the manual's play deck restrictions): {min}–{max} cards, one side's cards only, "
                "one of any Luck card, a starting muster of at most {muster} points."
            ),
            min=wing_commander.MIN_DECK_CARDS,
            max=wing_commander.TOURNAMENT_MAX_DECK_CARDS,
            muster=wing_commander.MUSTER_POINTS,
        ),
        CASUAL_RULES: format_lazy(
            gettext_lazy(
                "Casual play, as check_deck --casual: the same rules without the {max}-card maximum "
                "(at least {min} cards, no upper limit)."
            ),
            min=wing_commander.MIN_DECK_CARDS,
            max=wing_commander.TOURNAMENT_MAX_DECK_CARDS,
        ),
    }

    rule_set_names = {TOURNAMENT_RULES: gettext_noop("Tournament"), CASUAL_RULES: gettext_noop("Casual")}

    def check(self, record, rules: str = TOURNAMENT_RULES):
        """Seed 001, play deck restriction 4: the 100-card maximum is for tournament play only."""
        return wing_commander.check_deck(record, tournament=rules != CASUAL_RULES)

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

    def catalog_remark(self, card):
        """Seed 001: what counts toward the play deck, the Luck card limit, and what can be mustered."""
        remarks = []
        if card.card_type in wing_commander.OUTSIDE_PLAY_DECK:
            remarks.append(_("not counted in the play deck"))
        elif card.card_type:
            remarks.append(_("counted in the play deck"))
        if card.card_type == "luck":
            remarks.append(_("one per deck"))
        if not card.playable:
            remarks.append(_("needs a side and a type before a deck can hold it"))
        elif card.card_type in wing_commander.MUSTER_TYPES and card.musterable and not card.medal_cost:
            remarks.append(_("may be in the starting muster"))
        return capfirst("; ".join(remarks))

    def usable(self, card):
        return card.playable

    def offered(self, side):
        return super().offered(side).exclude(card_type="")

    def muster_line(self, card: WingCommanderCard) -> Line:
        if not card.musterable:
            raise DeckContentError(
                _("The catalog gives no full mustering cost for %(card)s, so it cannot be mustered.")
                % {"card": card.name}
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
        if not card["medals"]:
            return f"{card['cost']}"
        medals = ngettext("%(count)s medal", "%(count)s medals", card["medals"]) % {"count": card["medals"]}
        return f"{card['cost']} + {medals}"

    def set_chosen(self, content, *, name, count):
        matching = [card for card in content["muster"] if card["name"] == name]
        kept = [card for card in content["muster"] if card["name"] != name]
        if count and not matching:
            card = find_card(self.catalog_cards([name]), name, "")
            if card is None:
                raise DeckContentError(
                    _("There is no card named %(card)s in the %(game)s catalog.") % {"card": name, "game": self.name}
                )
            matching = [self.muster_line(card)]
        added = [{**matching[0], "count": count}] if count else []
        return self.canonical({**content, "muster": kept + added})

    def catalog_problems(self, content):
        cards = self.catalog_cards(line["name"] for line in content["muster"])
        muster = self.line_problems(
            "muster", content["muster"], lambda line: find_card(cards, line["name"], ""), self.muster_line
        )
        return super().catalog_problems(content) + muster
