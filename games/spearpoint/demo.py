"""Spearpoint 1943's part of ``seed_demo``: placeholder units, reserves decks and an event halfway through.

The player aid (seed 004) lists no units, so the demo loads a handful of
placeholder units, named and noted as such ("Placeholder — replace with your
cards"): their types are the aid's, their costs are made up so that a reserves
deck of 80-100 points can be built and the site tried. Nothing here is the
game's card data.

"Spearpoint Demo Skirmish" pairs two American and two German players; round 1
is played (so there are results and standings to look at), round 2 is for the
organizer to pair and enter.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.utils import timezone

from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from fleets.models import Deck
from rules.spearpoint import AMERICAN, GERMAN
from tournaments.services.demo import demo_deck_event

from . import KEY
from .events import STANDARD, SpearpointResult
from .models import SpearpointUnit

EVENT = "Spearpoint Demo Skirmish"
PLACEHOLDER = "Placeholder — replace with your cards. The player aid (seed 004) lists no units; this cost is made up."
# (type, cost, crew needed, copies in the demo deck, copies in the starting hand)
PLACEHOLDER_UNITS = [
    ("infantry", 10, "none", 4, 2),
    ("vehicle", 20, "tank-crew", 2, 1),
    ("crew", 5, "none", 2, 1),
]
SIDE_NAMES = {AMERICAN: "American", GERMAN: "German"}


def placeholder_name(side: str, unit_type: str) -> str:
    return f"Placeholder {SIDE_NAMES[side]} {unit_type}"


def load_placeholders() -> None:
    for side in SIDE_NAMES:
        for unit_type, cost, crew, _copies, _hand in PLACEHOLDER_UNITS:
            SpearpointUnit.objects.get_or_create(
                name=placeholder_name(side, unit_type),
                side=side,
                defaults={"unit_type": unit_type, "cost": cost, "crew": crew, "notes": PLACEHOLDER},
            )


def demo(*, accounts: dict, log: Callable[[str], None]) -> None:
    load_placeholders()
    players = [user for username, user in sorted(accounts.items()) if username.startswith("player")]
    entries = [(player, {"": demo_reserves(player, (AMERICAN, GERMAN)[i % 2])}) for i, player in enumerate(players)]
    demo_deck_event(
        organizer=accounts["organizer"],
        judges=[accounts["judge"]],
        name=EVENT,
        game=KEY,
        format=STANDARD,
        date=timezone.localdate() - timedelta(days=1),
        venue="Kasserine Pass",
        entries=entries,
        result_of=demo_result,
        rounds=1,
        planned_rounds=2,
        log=log,
    )


def demo_reserves(user, side: str) -> Deck:
    """A 90-point reserves deck of the placeholder units of ``side`` with a starting hand of four."""
    name = f"Demo {SIDE_NAMES[side]} reserves"
    deck = Deck.objects.filter(owner=user, game=KEY, name=name).first()
    if deck is not None:
        return deck
    deck = deck_create(owner=user, game=KEY, name=name, side=side)
    for unit_type, _cost, _crew, copies, hand in PLACEHOLDER_UNITS:
        unit = SpearpointUnit.objects.get(name=placeholder_name(side, unit_type), side=side)
        deck = deck_add_card(deck=deck, card=unit, count=copies)
        deck = deck_set_line(deck=deck, name=unit.name, side=side, count=copies, chosen=hand)
    return deck


def demo_result(match) -> SpearpointResult:
    """The American player (seat 1) reaches 51 Victory Points at odd tables; the German at even ones."""
    return SpearpointResult((51, 30) if match.table % 2 else (25, 51))
