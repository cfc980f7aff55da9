"""A top cut of 2, 4, 8 or 16, or none: single elimination seeded from the Swiss standings, the best
seed against the worst, named by its round; a cut larger than the field is refused in words."""

import pytest

from games.attack_wing.results import MatchResult
from tests.tournaments.factories import EventFactory
from tests.tournaments.test_round_services import finish_round
from tournaments.errors import TournamentError
from tournaments.models import EventStatus, Stage, TopCut
from tournaments.selectors import cut_seeds, event_standings
from tournaments.services import event_start, event_update, registration_drop, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


def test_every_cut_size_is_offered():
    assert [value for value, _ in TopCut.choices] == [0, 2, 4, 8, 16]


def play_swiss(event, rounds=1):
    for _ in range(rounds):
        finish_round(round_pair_next(event=event, by=event.organizer))


def tables(round_) -> dict[int, set[int]]:
    return {m.table: set(m.sides.values_list("registration_id", flat=True)) for m in round_.matches.all()}


def test_a_top_2_is_the_final_of_the_two_best(enter):
    event = EventFactory(planned_rounds=1, top_cut=2)
    for _ in range(4):
        enter(event)
    event_start(event=event)
    play_swiss(event)
    seeds = [row.registration_id for row in event_standings(event).rows]
    final = round_pair_next(event=event, by=event.organizer)
    assert (final.stage, final.name) == (Stage.CUT, "Final")
    assert tables(final) == {1: {seeds[0], seeds[1]}}
    finish_round(final)
    with pytest.raises(TournamentError, match="finish the event"):
        round_pair_next(event=event, by=event.organizer)


def better_seed_wins(round_, seeds):
    for match in round_.matches.all():
        sides = {side.registration_id: side.seat for side in match.sides.all()}
        best = min(sides, key=seeds.index)
        result_enter(match=match, by=round_.event.organizer, result=MatchResult(sides[best]))


def test_a_top_16_seeds_1v16_and_keeps_the_top_seeds_apart_until_the_final(enter):
    event = EventFactory(planned_rounds=1, top_cut=16)
    for _ in range(16):
        enter(event)
    event_start(event=event)
    play_swiss(event)
    seeds = cut_seeds(event)
    first = round_pair_next(event=event, by=event.organizer)
    assert first.name == "Top 16"
    expected = {1: (1, 16), 2: (8, 9), 3: (5, 12), 4: (4, 13), 5: (3, 14), 6: (6, 11), 7: (7, 10), 8: (2, 15)}
    assert tables(first) == {t: {seeds[a - 1], seeds[b - 1]} for t, (a, b) in expected.items()}
    names = []
    round_ = first
    while True:
        better_seed_wins(round_, seeds)
        names.append(round_.name)
        if round_.matches.count() == 1:
            break
        round_ = round_pair_next(event=event, by=event.organizer)
    assert names == ["Top 16", "Quarterfinal", "Semifinal", "Final"]
    assert tables(round_) == {1: {seeds[0], seeds[1]}}


def test_the_start_refuses_a_cut_larger_than_the_checked_in_field(enter):
    event = EventFactory(top_cut=8)
    for _ in range(6):
        enter(event)
    with pytest.raises(TournamentError, match="A top 8 needs at least 8 players, and 6 are checked in"):
        event_start(event=event)
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION
    event_update(event=event, top_cut=TopCut.TOP_4)
    event_start(event=event)


def test_the_cut_is_refused_when_drops_leave_too_few_for_it(enter):
    event = EventFactory(planned_rounds=1, top_cut=4)
    registrations = [enter(event) for _ in range(4)]
    event_start(event=event)
    play_swiss(event)
    registration_drop(registration=registrations[0])
    with pytest.raises(TournamentError, match="A top 4 needs at least 4 players, and only 3 are still in"):
        round_pair_next(event=event, by=event.organizer)
    assert event.rounds.count() == 1


def test_the_services_refuse_a_cut_larger_than_the_cap():
    event = EventFactory(player_cap=8)
    with pytest.raises(TournamentError, match="A top 16 needs at least 16 players, and the cap allows 8"):
        event_update(event=event, top_cut=TopCut.TOP_16)
    with pytest.raises(TournamentError, match="the cap allows 2"):
        event_update(event=event, top_cut=TopCut.TOP_8, player_cap=2)
    event.refresh_from_db()
    assert (event.top_cut, event.player_cap) == (0, 8)
