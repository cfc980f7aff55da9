"""Starship Command and Spearpoint events: results through the games' rules, points as the tie-breaker.

Seed 002, "Victory – Winning the Game": "The player with the most value points
at the end of a predetermined number of battles, or the first to reach a
pre-determined number of value points is the winner." Seed 004: "the first
player to score 51 Victory Points or Overrun their opponent ... is the victor."
"""

import pytest

from games.spearpoint.events import SpearpointResult
from games.starship_command.events import StarshipCommandResult
from tests.tournaments.deck_games import deck_event, enter_with_decks
from tournaments.errors import TournamentError
from tournaments.games import event_game
from tournaments.models import Match, MatchStatus
from tournaments.selectors import event_standings
from tournaments.services import event_start, result_confirm, result_enter, result_report, round_pair_next

pytestmark = pytest.mark.django_db


def first_table(game: str, players: int = 2, **fields) -> Match:
    event = deck_event(game, **fields)
    for _ in range(players):
        enter_with_decks(event)
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    return Match.objects.filter(round=round_, table=1).select_related("round__event").get()


def sides(match: Match) -> dict:
    return {side.seat: side for side in match.sides.select_related("registration__player")}


def enter(match, result):
    result_enter(match=match, by=match.round.event.organizer, result=result)
    return sides(match)


# --- Starship Command ----------------------------------------------------------------------------


def test_victory_after_two_battles_the_most_value_points_wins():
    match = first_table("starship-command", format="short-battles")
    seats = enter(match, StarshipCommandResult(((40, 55), (60, 20))))
    assert (seats[1].outcome, seats[2].outcome) == ("win", "loss")
    assert (seats[1].battle_points, seats[2].battle_points) == (100, 75)


def test_victory_the_first_to_250_points_wins_and_the_game_ends_there():
    match = first_table("starship-command", format="short-points")
    seats = enter(match, StarshipCommandResult(((120, 100), (90, 160))))
    assert (seats[1].outcome, seats[2].outcome) == ("loss", "win")
    with pytest.raises(TournamentError, match="battle 3 cannot count"):
        enter(match, StarshipCommandResult(((120, 100), (90, 160), (10, 10))))


def test_victory_when_both_pass_the_target_in_one_battle_the_most_points_wins_and_level_is_a_tie():
    match = first_table("starship-command", format="short-points")
    seats = enter(match, StarshipCommandResult(((200, 200), (60, 60))))
    assert (seats[1].outcome, seats[2].outcome) == ("tie", "tie")


def test_a_game_cut_short_by_time_goes_to_the_higher_total():
    match = first_table("starship-command", format="long-battles")
    seats = enter(match, StarshipCommandResult(((30, 45),)))
    assert (seats[1].outcome, seats[2].outcome) == ("loss", "win")


def test_starship_command_standings_rank_by_battle_points_after_match_points():
    match = first_table("starship-command", players=4)
    enter(match, StarshipCommandResult(((80, 10), (10, 10))))
    other = Match.objects.get(round=match.round, table=2)
    enter(other, StarshipCommandResult(((5, 30), (5, 30))))
    table = event_standings(match.round.event)
    assert table.columns == ("Match points", "Battle points", "Strength of schedule")
    assert [row.values[:2] for row in table.rows] == [(3, 90), (3, 60), (0, 20), (0, 10)]


def test_the_result_form_asks_for_each_battle_in_order():
    match = first_table("starship-command", format="short-battles")
    game = event_game("starship-command")
    form = game.result_form(match, {"battle_1_1": "40", "battle_1_2": "35", "battle_2_1": "", "battle_2_2": "9"})
    assert not form.is_valid() and "battle 2" in str(form.errors)
    form = game.result_form(match, {"battle_1_1": "40", "battle_1_2": "35"})
    assert form.is_valid() and form.result() == StarshipCommandResult(((40, 35),))


# --- Spearpoint ----------------------------------------------------------------------------------


def test_winning_the_game_51_victory_points_wins():
    match = first_table("spearpoint")
    seats = enter(match, SpearpointResult((51, 30)))
    assert (seats[1].outcome, seats[2].outcome) == ("win", "loss")
    assert (seats[1].battle_points, seats[2].battle_points) == (51, 30)


def test_winning_the_game_an_overrun_wins_whatever_the_points():
    match = first_table("spearpoint")
    seats = enter(match, SpearpointResult((12, 40), overrun=1))
    assert (seats[1].outcome, seats[2].outcome) == ("win", "loss")


def test_winning_the_game_only_one_player_can_reach_51_and_nobody_overruns_after_it():
    match = first_table("spearpoint")
    with pytest.raises(TournamentError, match="only one player can reach 51"):
        enter(match, SpearpointResult((51, 55)))
    with pytest.raises(TournamentError, match="had already won"):
        enter(match, SpearpointResult((10, 51), overrun=1))


def test_time_called_more_victory_points_win_and_level_is_a_tie():
    match = first_table("spearpoint")
    seats = enter(match, SpearpointResult((20, 20)))
    assert (seats[1].outcome, seats[2].outcome) == ("tie", "tie")


def test_an_overrun_is_recorded_by_a_judge_not_reported_by_a_player():
    match = first_table("spearpoint")
    seats = sides(match)
    with pytest.raises(TournamentError, match="recorded by a judge"):
        result_report(match=match, by=seats[1].registration.player, result=SpearpointResult((0, 0), overrun=1))
    result_report(match=match, by=seats[1].registration.player, result=SpearpointResult((51, 12)))
    assert result_confirm(match=match, by=seats[2].registration.player).status == MatchStatus.CONFIRMED


def test_only_the_staffs_form_offers_the_overrun():
    match = first_table("spearpoint")
    game = event_game("spearpoint")
    assert "overrun" not in game.result_form(match).fields
    form = game.result_form(match, {"victory_points_1": "3", "victory_points_2": "4", "overrun": "2"}, staff=True)
    assert form.is_valid() and form.result() == SpearpointResult((3, 4), overrun=2)


def test_spearpoint_standings_head_the_points_column_victory_points():
    match = first_table("spearpoint")
    enter(match, SpearpointResult((51, 30)))
    table = event_standings(match.round.event)
    assert table.columns == ("Match points", "Victory points", "Strength of schedule")
    assert [row.values[1] for row in table.rows] == [51, 30]


def test_the_event_page_names_each_games_tie_breakers():
    assert event_game("spearpoint").tiebreak_description(None).startswith("Match points, then victory points")
    assert event_game("starship-command").tiebreak_description(None).startswith("Match points, then battle points")
