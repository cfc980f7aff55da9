"""A Wing Commander event: sides assigned at every table, results by how the game ended, standings.

Seed 001: setup step 1 ("One player plays with the Terran deck. The other player
plays with the Kilrathi deck."), the ways to win ("If you destroy the enemy
carrier the game is over! You win."; Combat Phase step 6: "the player with
Power Points remaining is the winner. If both Players are reduced to 0, the
game is considered a draw.").
"""

import pytest

from games.wing_commander.events import WingCommanderResult, side_records
from rules.wing_commander import KILRATHI, TERRAN, Ending, assign_sides
from tests.tournaments.deck_games import deck_event, enter_with_decks
from tournaments.errors import TournamentError
from tournaments.games import event_game
from tournaments.models import Match, MatchSide, MatchStatus
from tournaments.selectors import event_standings
from tournaments.services import event_start, result_confirm, result_enter, result_report, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def running():
    """``running(players, **event fields)``: a started Wing Commander event and its registrations."""

    def start(players: int, **fields):
        event = deck_event("wing-commander", **fields)
        entries = [enter_with_decks(event) for _ in range(players)]
        event_start(event=event)
        return event, entries

    return start


def tables(round_) -> list[Match]:
    return list(Match.objects.filter(round=round_, table__isnull=False).prefetch_related("sides").order_by("table"))


def by_side(match: Match) -> dict[str, MatchSide]:
    return {side.side: side for side in match.sides.all()}


def test_setup_step_1_every_table_has_a_terran_at_seat_1_and_a_kilrathi_at_seat_2(running):
    event, _ = running(6)
    round_ = round_pair_next(event=event, by=event.organizer)
    for match in tables(round_):
        assert [(side.seat, side.side) for side in match.sides.all()] == [(1, TERRAN), (2, KILRATHI)]


def test_round_two_sides_follow_assign_sides_on_each_players_history(running):
    event, _ = running(8)
    first = round_pair_next(event=event, by=event.organizer)
    for number, match in enumerate(tables(first)):
        result_enter(
            match=match,
            by=event.organizer,
            result=WingCommanderResult(Ending.POWER_POINTS, [TERRAN, KILRATHI][number % 2]),
        )
    records = side_records(event, before_round=2)
    assert sorted((r.terran, r.kilrathi) for r in records.values()) == [(0, 1)] * 4 + [(1, 0)] * 4
    second = round_pair_next(event=event, by=event.organizer)
    seated = [(by_side(m)[TERRAN].registration_id, by_side(m)[KILRATHI].registration_id) for m in tables(second)]
    expected = assign_sides([(str(a), str(b)) for a, b in seated], records)
    assert seated == [(int(table.terran), int(table.kilrathi)) for table in expected]


def test_players_alternate_sides_when_the_round_one_winners_played_different_sides(running):
    """Table 1's Terran and table 2's Kilrathi win, so round 2 pairs a Terran with a Kilrathi: all switch."""
    event, _ = running(4)
    first = round_pair_next(event=event, by=event.organizer)
    t1, t2 = tables(first)
    result_enter(match=t1, by=event.organizer, result=WingCommanderResult(Ending.CARRIER_DESTROYED, KILRATHI))
    result_enter(match=t2, by=event.organizer, result=WingCommanderResult(Ending.CARRIER_DESTROYED, TERRAN))
    round_pair_next(event=event, by=event.organizer)
    played = side_records(event, before_round=3)
    assert all((record.terran, record.kilrathi) == (1, 1) for record in played.values())
    assert len(played) == 4


@pytest.mark.parametrize(
    ("result", "terran", "kilrathi"),
    [
        (WingCommanderResult(Ending.CARRIER_DESTROYED, KILRATHI), "win", "loss"),
        (WingCommanderResult(Ending.CARRIER_DESTROYED, TERRAN), "loss", "win"),
        (WingCommanderResult(Ending.POWER_POINTS, TERRAN), "loss", "win"),
        (WingCommanderResult(Ending.POWER_POINTS, KILRATHI), "win", "loss"),
        (WingCommanderResult(Ending.BOTH_POWER_POINTS), "tie", "tie"),
    ],
)
def test_combat_phase_step_6_the_ending_decides_each_sides_outcome(running, result, terran, kilrathi):
    event, _ = running(2)
    match = tables(round_pair_next(event=event, by=event.organizer))[0]
    result_enter(match=match, by=event.organizer, result=result)
    match.refresh_from_db()
    sides = by_side(match)
    assert (sides[TERRAN].outcome, sides[KILRATHI].outcome) == (terran, kilrathi)
    assert match.result == result.to_json()
    assert sides[TERRAN].fleet_points is None and sides[TERRAN].battle_points == 0


def test_players_report_and_confirm_an_ending(running):
    event, _ = running(2)
    match = tables(round_pair_next(event=event, by=event.organizer))[0]
    sides = by_side(match)
    result = WingCommanderResult(Ending.CARRIER_DESTROYED, TERRAN)
    result_report(match=match, by=sides[KILRATHI].registration.player, result=result)
    confirmed = result_confirm(match=match, by=sides[TERRAN].registration.player)
    assert confirmed.status == MatchStatus.CONFIRMED
    assert event_game(event.game).current_result(Match.objects.get(pk=match.pk)) == result


def test_different_reports_wait_for_a_judge(running):
    event, _ = running(2)
    match = tables(round_pair_next(event=event, by=event.organizer))[0]
    sides = by_side(match)
    result_report(
        match=match, by=sides[KILRATHI].registration.player, result=WingCommanderResult(Ending.BOTH_POWER_POINTS)
    )
    disputed = result_report(
        match=match, by=sides[TERRAN].registration.player, result=WingCommanderResult(Ending.POWER_POINTS, KILRATHI)
    )
    assert disputed.status == MatchStatus.DISPUTED


def test_a_top_cut_game_cannot_be_a_draw(running):
    event, _ = running(4, planned_rounds=1, top_cut=4)
    for match in tables(round_pair_next(event=event, by=event.organizer)):
        result_enter(match=match, by=event.organizer, result=WingCommanderResult(Ending.POWER_POINTS, KILRATHI))
    cut = tables(round_pair_next(event=event, by=event.organizer))
    assert all(set(by_side(match)) == {TERRAN, KILRATHI} for match in cut)
    with pytest.raises(TournamentError, match="cannot end in a tie"):
        result_enter(match=cut[0], by=event.organizer, result=WingCommanderResult(Ending.BOTH_POWER_POINTS))


def test_a_result_names_a_side_only_when_one_side_lost():
    with pytest.raises(ValueError, match="no side for a draw"):
        WingCommanderResult(Ending.BOTH_POWER_POINTS, TERRAN)
    with pytest.raises(ValueError, match="name the side"):
        WingCommanderResult(Ending.CARRIER_DESTROYED)
    result = WingCommanderResult(Ending.POWER_POINTS, KILRATHI)
    assert WingCommanderResult.from_json(result.to_json()) == result


def test_standings_rank_by_match_points_then_the_schedule_without_fleet_points(running):
    event, entries = running(4)
    first = round_pair_next(event=event, by=event.organizer)
    t1, t2 = tables(first)
    result_enter(match=t1, by=event.organizer, result=WingCommanderResult(Ending.CARRIER_DESTROYED, KILRATHI))
    result_enter(match=t2, by=event.organizer, result=WingCommanderResult(Ending.BOTH_POWER_POINTS))
    table = event_standings(event)
    assert table.columns == ("Match points", "Strength of schedule")
    winner = by_side(t1)[TERRAN].registration_id
    assert table.rows[0].registration_id == winner and table.rows[0].values[0] == 3
    assert [row.match_points for row in table.rows] == [3, 1, 1, 0]
