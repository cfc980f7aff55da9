"""Spearpoint events pit an American reserves deck against a German one (seed 004: "Select Units for
Reserves Deck"; a deck is one side's) wherever the field allows, with byes and rematches as in every game."""

import pytest

from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from games.spearpoint.events import SpearpointResult
from tests.accounts.factories import PlayerFactory
from tests.fleets.decks.factories import SpearpointUnitFactory
from tests.tournaments.deck_games import deck_event
from tournaments.models import Match
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_decks,
    result_enter,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


def reserves(player, side: str):
    unit = SpearpointUnitFactory(cost=6, side=side)
    deck = deck_create(owner=player, game="spearpoint", name=f"{side} reserves", side=side)
    deck = deck_add_card(deck=deck, card=unit, count=15)
    return deck_set_line(deck=deck, name=unit.name, side=side, count=15, chosen=4)


def event_of(sides: list[str]):
    event = deck_event("spearpoint", planned_rounds=3)
    for index, side in enumerate(sides):
        player = PlayerFactory(username=f"{side}-{index}")
        registration = registration_add(event=event, player=player, added_by=event.organizer)
        registration_submit_decks(registration=registration, decks={"": reserves(player, side)})
        registration_check_in(registration=registration)
    return event_start(event=event)


def seating(event, number: int) -> list[list[str]]:
    matches = Match.objects.filter(round__event=event, round__number=number).order_by("table")
    return [[side.side for side in match.sides.order_by("seat")] for match in matches]


def play(event, number: int) -> None:
    round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round__event=event, round__number=number, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=SpearpointResult((51, 10)))


def test_seed_004_americans_meet_germans_at_every_table_round_after_round():
    event = event_of(["american", "german"] * 3)
    for number in (1, 2, 3):
        play(event, number)
        assert seating(event, number) == [["american", "german"]] * 3
    met = {}
    for match in Match.objects.filter(round__event=event):
        a, b = (side.registration_id for side in match.sides.all())
        assert b not in met.get(a, set())  # no rematch while a fresh cross pairing exists
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)


def test_seed_004_a_lopsided_field_pairs_the_leftover_same_side_players_and_gives_one_bye():
    event = event_of(["american", "american", "american", "german", "german"])
    play(event, 1)
    seats = seating(event, 1)
    assert seats.count(["american", "german"]) == 2
    assert [""] in seats  # the bye: no side at an empty table
