"""Wing Commander CCG play decks and starting musters, checked against the 1995 manual.

Sources in the manual (seed 001): the "play deck" restrictions 1-5, the Luck
card section ("No more than one of any Luck card may appear in a player's
deck"), setup step 2 (30 Power Points) and setup step 3 (the four Mustering
points, what they may bring out, and unused points exchanged for Power Points).

The manual knows two sides only -- "A deck is either a Kilrathi play deck
(using only Kilrathi cards) or a Terran play deck (using only Terran cards)" --
so there is no neutral card: a card of any other side is not a Wing Commander
card, and list files naming one are refused as bad input.

The deck file (documented in ``docs/other-games-rules.md``)::

    {"side": "terran",
     "cards": [{"name": "Arrow", "type": "fighter", "side": "terran", "count": 12}, ...],
     "muster": [{"name": "Arrow", "type": "fighter", "cost": 2, "medals": 0, "count": 1}]}

``muster`` is optional; in a muster card ``medals`` defaults to 0 and ``count`` to 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.inputs.list_check import ListReport, Violation, empty_list, file_record, tally
from rules.translation import gettext as _

TERRAN = "terran"
KILRATHI = "kilrathi"
SIDES = (TERRAN, KILRATHI)

CARD_TYPES = (
    "fighter",
    "pilot",
    "weapon",
    "crew",
    "maneuver",
    "battle-damage",
    "nav-point-modifier",
    "luck",
    "pilot-award",
    "secret-order",
    "carrier",
    "nav-point",
)
LUCK = "luck"
# Play deck restriction 5: "Carrier and Nav Point cards do not go into the play deck".
OUTSIDE_PLAY_DECK = frozenset({"carrier", "nav-point"})
# Setup step 3: "These cards may be only Fighters, Weapons, or Pilots."
MUSTER_TYPES = frozenset({"fighter", "weapon", "pilot"})

MIN_DECK_CARDS = 40  # play deck restriction 1
TOURNAMENT_MAX_DECK_CARDS = 100  # play deck restriction 4
STARTING_POWER_POINTS = 30  # setup step 2
MUSTER_POINTS = 4  # setup step 3


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of one card in a deck list."""

    name: str
    card_type: str
    side: str
    count: int


@dataclass(frozen=True, slots=True)
class MusterCard:
    """``count`` copies of a card brought out with the starting Mustering points.

    ``cost`` is the card's mustering cost in Power Points (the small fighters
    under its title), ``medals`` the medals in that cost.
    """

    name: str
    card_type: str
    cost: int
    medals: int = 0
    count: int = 1


@dataclass(frozen=True, slots=True)
class Deck:
    side: str
    cards: tuple[DeckEntry, ...]
    muster: tuple[MusterCard, ...] = ()


@dataclass(frozen=True, slots=True)
class DeckReport(ListReport):
    """The verdict on a deck, with what the rules count and what the player starts with."""

    counted: int  # cards in the play deck, carriers and nav points left out
    excluded_cards: tuple[str, ...]  # names of the carrier and nav point cards left out
    excluded: int  # how many carrier and nav point cards were left out
    starting_power_points: int
    violations: tuple[Violation, ...]

    def totals(self) -> dict[str, int | str]:
        return {"counted": self.counted, "excluded": self.excluded, "starting_power_points": self.starting_power_points}


def check_deck(deck: Deck, *, tournament: bool = True) -> DeckReport:
    """Judge ``deck``; outside tournament play (``tournament=False``) no deck is too large."""
    in_play_deck = [entry for entry in deck.cards if entry.card_type not in OUTSIDE_PLAY_DECK]
    left_out = [entry for entry in deck.cards if entry.card_type in OUTSIDE_PLAY_DECK]
    counted = sum(entry.count for entry in in_play_deck)
    violations = [
        *_size_violations(counted, tournament, empty=not deck.cards),
        *_side_violations(deck.side, in_play_deck),
        *_luck_violations(in_play_deck),
        *_muster_violations(deck.muster, in_play_deck),
    ]
    return DeckReport(
        counted=counted,
        excluded_cards=tuple(entry.name for entry in left_out),
        excluded=sum(entry.count for entry in left_out),
        starting_power_points=starting_power_points(deck.muster),
        violations=tuple(violations),
    )


def muster_cost(muster: tuple[MusterCard, ...]) -> int:
    return sum(card.cost * card.count for card in muster)


def starting_power_points(muster: tuple[MusterCard, ...]) -> int:
    """30, plus each of the four Mustering points the muster leaves unused (setup steps 2 and 3).

    An over-limit muster leaves nothing unused; it is reported as a violation, not
    turned into a negative bonus.
    """
    return STARTING_POWER_POINTS + max(0, MUSTER_POINTS - muster_cost(muster))


def _size_violations(counted: int, tournament: bool, *, empty: bool = False) -> list[Violation]:
    if empty:
        return [
            empty_list(_("The deck is empty; a play deck needs at least %(count)d cards.") % {"count": MIN_DECK_CARDS})
        ]
    if counted < MIN_DECK_CARDS:
        return [
            Violation(
                "DECK_TOO_SMALL",
                _(
                    "The play deck has %(count)d cards; it must have at least %(least)d "
                    "(carrier and nav point cards do not count)."
                )
                % {"count": counted, "least": MIN_DECK_CARDS},
            )
        ]
    if tournament and counted > TOURNAMENT_MAX_DECK_CARDS:
        return [
            Violation(
                "DECK_TOO_LARGE",
                _(
                    "The play deck has %(count)d cards; in tournament play it may not have more than "
                    "%(most)d (carrier and nav point cards do not count)."
                )
                % {"count": counted, "most": TOURNAMENT_MAX_DECK_CARDS},
            )
        ]
    return []


def _side_violations(side: str, in_play_deck: list[DeckEntry]) -> list[Violation]:
    return [
        Violation(
            "MIXED_SIDES",
            _("%(card)s is a %(card_side)s card; a %(side)s play deck uses only %(side)s cards.")
            % {"card": entry.name, "card_side": entry.side.capitalize(), "side": side.capitalize()},
            entry.name,
        )
        for entry in in_play_deck
        if entry.side != side
    ]


def card_name_key(name: str) -> str:
    """How the rules tell two card names apart: case and runs of spaces do not count ("Capture  pilot" is
    "Capture Pilot"), so a Luck card cannot be doubled by spelling it twice."""
    return " ".join(name.split()).casefold()


def _luck_violations(in_play_deck: list[DeckEntry]) -> list[Violation]:
    lucky = [entry for entry in in_play_deck if entry.card_type == LUCK]
    copies = tally((card_name_key(entry.name), entry.count) for entry in lucky)
    first_name: dict[str, str] = {}
    for entry in lucky:
        first_name.setdefault(card_name_key(entry.name), entry.name)
    return [
        Violation(
            "DUPLICATE_LUCK",
            _(
                "The deck has %(count)d copies of the Luck card %(card)s; only one of any Luck card may appear "
                "in a deck."
            )
            % {"count": count, "card": first_name[key]},
            first_name[key],
        )
        for key, count in copies.items()
        if count > 1
    ]


def _muster_violations(muster: tuple[MusterCard, ...], in_play_deck: list[DeckEntry]) -> list[Violation]:
    violations = []
    cost = muster_cost(muster)
    if cost > MUSTER_POINTS:
        violations.append(
            Violation(
                "MUSTER_OVER_LIMIT",
                _("The starting muster costs %(cost)d points; its total value must not exceed %(limit)d.")
                % {"cost": cost, "limit": MUSTER_POINTS},
            )
        )
    for card in muster:
        if card.card_type not in MUSTER_TYPES:
            violations.append(
                Violation(
                    "MUSTER_WRONG_TYPE",
                    _("%(card)s is a %(type)s card; the starting muster may be only fighters, weapons or pilots.")
                    % {"card": card.name, "type": card.card_type},
                    card.name,
                )
            )
        if card.medals:
            violations.append(
                Violation(
                    "MUSTER_MEDAL_COST",
                    _("%(card)s has a Medal Point in its cost, so it may not be brought out in the starting muster.")
                    % {"card": card.name},
                    card.name,
                )
            )
    in_deck = tally((entry.name, entry.count) for entry in in_play_deck)
    mustered = tally((card.name, card.count) for card in muster)
    violations += [
        Violation(
            "MUSTER_NOT_IN_DECK",
            _("The starting muster brings out %(count)d of %(card)s, but the play deck holds %(held)d.")
            % {"count": count, "card": name, "held": in_deck[name]},
            name,
        )
        for name, count in mustered.items()
        if count > in_deck[name]
    ]
    return violations


def deck_from_data(data: object) -> Deck:
    """Read a parsed deck file; anything malformed raises :class:`~rules.inputs.list_check.ListFileError`."""
    top = file_record(data, ("side", "cards", "muster"))
    side = top.text("side", choices=SIDES)
    cards = tuple(
        DeckEntry(
            name=card.text("name"),
            card_type=card.text("type", choices=CARD_TYPES),
            side=card.text("side", choices=SIDES),
            count=card.number("count", minimum=1),
        )
        for card in top.records("cards", ("name", "type", "side", "count"))
    )
    muster = tuple(
        MusterCard(
            name=card.text("name"),
            card_type=card.text("type", choices=CARD_TYPES),
            cost=card.number("cost", minimum=0),
            medals=card.number("medals", minimum=0, default=0),
            count=card.number("count", minimum=1, default=1),
        )
        for card in top.records("muster", ("name", "type", "cost", "medals", "count"), required=False)
    )
    return Deck(side=side, cards=cards, muster=muster)


def check_deck_data(data: object, *, tournament: bool = True) -> DeckReport:
    """Read and judge a parsed deck file in one step, as the command line and the API do."""
    return check_deck(deck_from_data(data), tournament=tournament)
