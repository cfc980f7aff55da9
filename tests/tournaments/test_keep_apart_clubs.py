"""Keep-apart clubs: players of one club or store are not paired together while the pairing can avoid it.

The pairing engine (:mod:`rules.tournament.pairing`, priority 4) keeps a ``group`` apart
whenever that costs nothing above it; in round one, where every score is equal,
it always can when the field allows it.
"""

import pytest

from tests.tournaments.deck_games import deck_event, enter_with_decks
from tests.tournaments.factories import EventFactory
from tournaments.models import MatchSide
from tournaments.selectors import player_records
from tournaments.services import event_start, registration_set_club, round_pair_next

pytestmark = pytest.mark.django_db

CLUBS = ["Quark's", "quark's ", "Ten Forward", "TEN FORWARD", "Ops", "Ops"]


def clubs_at_tables(round_) -> list[set[str]]:
    tables: dict[int, set[str]] = {}
    for side in MatchSide.objects.filter(round=round_, match__table__isnull=False).select_related("registration"):
        tables.setdefault(side.match_id, set()).add(side.registration.club.casefold())
    return list(tables.values())


@pytest.mark.parametrize("events_before", range(4))
def test_round_one_keeps_clubmates_apart_in_a_wing_commander_event(events_before):
    for _ in range(events_before):  # earlier events change this one's id, and so its pairing seed
        deck_event("wing-commander")
    event = deck_event("wing-commander")
    for club in CLUBS:
        enter_with_decks(event, club=club)
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    assert all(len(clubs) == 2 for clubs in clubs_at_tables(round_))


def test_staff_set_clubs_keep_an_attack_wing_field_apart(enter):
    event = EventFactory()
    for club in CLUBS[:4]:
        registration_set_club(registration=enter(event), club=club)
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    assert all(len(clubs) == 2 for clubs in clubs_at_tables(round_))


def test_the_club_reaches_the_pairing_records_as_a_case_blind_group():
    event = deck_event("spearpoint")
    entries = [enter_with_decks(event, club=club) for club in ("Quark's", "QUARK'S", "")]
    groups = {record.id: record.group for record in player_records(event, entries)}
    assert groups == {str(entries[0].pk): "quark's", str(entries[1].pk): "quark's", str(entries[2].pk): None}
