"""Wing Commander's part of ``seed_demo``: decks from the manual's own cards, a finished event and an open one.

The catalog is the manual's example cards (seed 001, loaded by the ``fleets``
migration 0004 and labelled "Sample from the rulebook"). They are enough for legal
decks, because the manual limits copies only of Luck cards: a Terran deck of
Arrows and Kickstops mustering two Arrows (2 points each), and a Kilrathi deck of
Darkets, Shakes and Tight Loops mustering four Darkets (1 point each) -- both
40 cards, the least the manual allows, with the 4 Mustering points spent.

"Wing Commander Demo Cup" is finished (two Swiss rounds, sides balanced by the
event's seating); "Wing Commander Demo Open" has the same players registered
with their decks, for an organizer to start and run.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.utils import timezone

from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from fleets.models import Deck
from rules.wing_commander import KILRATHI, TERRAN, Ending
from tournaments.services.demo import demo_deck_event

from . import KEY
from .events import TOURNAMENT, WingCommanderResult
from .models import WingCommanderCard

FINISHED_EVENT = "Wing Commander Demo Cup"
OPEN_EVENT = "Wing Commander Demo Open"
# side -> (deck name, [(card, copies)], [(card, mustered copies)])
DECKS = {
    TERRAN: ("Demo Terran deck: Arrows", [("Arrow", 30), ("Kickstop", 10)], [("Arrow", 2)]),
    KILRATHI: ("Demo Kilrathi deck: Darkets", [("Darket", 30), ("Shake", 5), ("Tight Loop", 5)], [("Darket", 4)]),
}


def demo(*, accounts: dict, log: Callable[[str], None]) -> None:
    needed = {name for _deck, cards, _muster in DECKS.values() for name, _count in cards}
    if WingCommanderCard.objects.filter(name__in=needed).exclude(side="").count() < len(needed):
        log("The Wing Commander catalog lacks the manual's cards; no Wing Commander demo event.")
        return
    players = [user for username, user in sorted(accounts.items()) if username.startswith("player")]
    entries = [(player, demo_decks(player)) for player in players]
    today = timezone.localdate()
    demo_deck_event(
        organizer=accounts["organizer"],
        judges=[accounts["judge"]],
        name=FINISHED_EVENT,
        game=KEY,
        format=TOURNAMENT,
        date=today - timedelta(days=7),
        venue="Tiger's Claw, flight deck",
        entries=entries,
        result_of=demo_result,
        rounds=2,
        finish=True,
        log=log,
    )
    demo_deck_event(
        organizer=accounts["organizer"],
        judges=[accounts["judge"]],
        name=OPEN_EVENT,
        game=KEY,
        format=TOURNAMENT,
        date=today + timedelta(days=7),
        venue="Tiger's Claw, rec room",
        entries=entries,
        log=log,
    )


def demo_decks(user) -> dict[str, Deck]:
    """The player's demo Terran and Kilrathi decks (made once, found again on later runs)."""
    decks = {}
    for side, (name, cards, muster) in DECKS.items():
        deck = Deck.objects.filter(owner=user, game=KEY, name=name).first()
        if deck is None:
            deck = deck_create(owner=user, game=KEY, name=name, side=side)
            for card_name, count in cards:
                deck = deck_add_card(deck=deck, card=WingCommanderCard.objects.get(name=card_name), count=count)
            for card_name, chosen in muster:
                count = dict(cards)[card_name]
                deck = deck_set_line(deck=deck, name=card_name, side=side, count=count, chosen=chosen)
        decks[side] = deck
    return decks


def demo_result(match) -> WingCommanderResult:
    """Odd tables: the Kilrathi carrier falls; even tables: the Terrans run out of Power Points."""
    if match.table % 2:
        return WingCommanderResult(Ending.CARRIER_DESTROYED, KILRATHI)
    return WingCommanderResult(Ending.POWER_POINTS, TERRAN)
