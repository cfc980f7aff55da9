"""Standings of an event as the pages show them: the database's results ranked by rules.tournament.standings."""

import pytest

from games.attack_wing.results import Losses, MatchResult
from rules.tournament.standings import TIEBREAK_PRESETS
from tests.tournaments.factories import EventFactory
from tournaments.models import Match, TieBreakPreset
from tournaments.selectors import event_standings
from tournaments.services import event_start, registration_drop, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


def test_the_events_presets_are_the_rules_presets():
    assert set(TieBreakPreset.values) == set(TIEBREAK_PRESETS)


def start(enter, players: int, **settings):
    event = EventFactory(**settings)
    registrations = [enter(event) for _ in range(players)]
    event_start(event=event)
    event.refresh_from_db()
    return event, registrations


def play_round(event, result_for):
    """Pair a round and enter ``result_for(match)`` for every real match."""
    round_ = round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round=round_, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=result_for(match))
    return round_


def test_standings_rank_by_match_points_then_fleet_points(enter):
    event, _ = start(enter, 4)
    # Table 1's winner wipes the loser's fleet; table 2's winner destroys one ship only.
    play_round(event, lambda m: MatchResult(1, {2: Losses.of(ships=["s0", "s1", "s2"] if m.table == 1 else ["s0"])}))
    table = event_standings(event)
    assert table.columns == ("Match points", "Fleet points", "Strength of schedule")
    first, second = table.rows[:2]
    assert (first.match_points, first.values[1]) == (3, 130)
    assert (second.match_points, second.values[1]) == (3, 130 - 70)
    assert [row.rank for row in table.rows] == [1, 2, 3, 4]


def test_a_bye_counts_as_a_win_with_the_events_bye_fleet_points(enter):
    """Seed 003, Fleet Points: a bye is "a Win with 60 Fleet Points"."""
    event, _ = start(enter, 3, bye_fleet_points=60)
    round_ = play_round(event, lambda m: MatchResult(1))
    bye = round_.matches.get(table__isnull=True).sides.get()
    row = next(r for r in event_standings(event).rows if r.registration_id == bye.registration_id)
    assert (row.wins, row.match_points, row.values[1]) == (0, 3, 60)  # a bye is no game played, but scores a win


def test_dropped_players_stay_in_the_standings_marked(enter):
    event, registrations = start(enter, 4)
    play_round(event, lambda m: MatchResult(1))
    registration_drop(registration=registrations[0])
    row = next(r for r in event_standings(event).rows if r.registration_id == registrations[0].pk)
    assert row.dropped and row.wins + row.losses == 1


def test_the_2014_preset_ranks_by_battle_points_first(enter):
    """2014 FAQ ruling 31: "When Battle Points are scored, they are the determinant for tournament
    winner. Win/Loss record is a tie breaker when Battle Points are tied, followed by Fleet Points."""
    event, _ = start(enter, 4, tiebreaks=TieBreakPreset.FAQ_2014)
    # Every loser scores more battle points than any winner.
    play_round(event, lambda m: MatchResult(1, battle_points={1: m.table, 2: 10 + m.table}))
    table = event_standings(event)
    assert table.columns[:3] == ("Battle points", "Match points", "Fleet points")
    assert [row.losses for row in table.rows] == [1, 1, 0, 0]
    assert [row.values[0] for row in table.rows] == [12, 11, 2, 1]


def test_battle_points_are_asked_only_where_they_rank_players(client, enter):
    for preset, asked in ((TieBreakPreset.DEFAULT, False), (TieBreakPreset.FAQ_2014, True)):
        event, _ = start(enter, 2, tiebreaks=preset)
        match = round_pair_next(event=event, by=event.organizer).matches.get()
        client.force_login(event.organizer)
        page = client.get(f"/events/{event.pk}/matches/{match.pk}/").text
        assert ('name="battle_points_1"' in page) is asked
