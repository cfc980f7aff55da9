"""Reporting, confirming, conflicts, judges' rulings and the audit history, on the real database.

Fleet points follow seed 003, "Fleet Points": the base (the event's fleet limit)
minus the SP left in the opponent's surviving fleet. The test fleets have three
ships of 35 SP (ship 28, captain 4, crew upgrade 3).
"""

import pytest

from games.attack_wing.results import Losses, MatchResult
from tests.tournaments.factories import EventFactory
from tournaments.errors import TournamentError
from tournaments.models import MatchSide, MatchStatus, ResultChange
from tournaments.services import (
    build_verify,
    event_finish,
    event_start,
    result_confirm,
    result_enter,
    result_report,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(enter, event_staff):
    """Round 1 of a two-player event: the match and its two players by seat."""
    event = event_staff["event"]
    enter(event), enter(event)
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    match = round_.matches.get()
    players = {side.seat: side.registration.player for side in match.sides.select_related("registration__player")}
    return match, players, event_staff


def sides(match) -> dict[int, MatchSide]:
    return {side.seat: side for side in MatchSide.objects.filter(match=match)}


def test_a_report_confirmed_by_the_opponent_is_the_result(table):
    match, players, _ = table
    result = MatchResult(1, {2: Losses.of(ships=["s0"])})
    match = result_report(match=match, by=players[1], result=result)
    assert match.status == MatchStatus.REPORTED
    match = result_confirm(match=match, by=players[2])
    assert match.status == MatchStatus.CONFIRMED
    seat = sides(match)
    assert (seat[1].outcome, seat[2].outcome) == ("win", "loss")
    assert seat[1].fleet_points == 130 - 70  # two of the loser's three 35 SP ships survive
    assert seat[2].fleet_points == 130 - 105  # nothing of the winner's fleet was lost


def test_a_wiped_out_fleet_scores_the_whole_base(table):
    match, players, _ = table
    result = MatchResult(1, {2: Losses.of(ships=["s0", "s1", "s2"])})
    result_report(match=match, by=players[1], result=result)
    result_report(match=match, by=players[2], result=result)
    assert sides(match)[1].fleet_points == 130


def test_a_removed_upgrade_counts_against_the_surviving_fleet(table):
    """Seed 003: the surviving fleet is the ships not destroyed and the upgrades still equipped."""
    match, players, event_staff = table
    result = MatchResult(None, {2: Losses.of(upgrades=["s0:2:" + upgrade_id(match, seat=2)])})
    result_enter(match=match, by=event_staff["judge"], result=result)
    seat = sides(match)
    assert (seat[1].outcome, seat[2].outcome) == ("tie", "tie")
    assert seat[1].fleet_points == 130 - (105 - 3)


def upgrade_id(match, seat):
    side = MatchSide.objects.select_related("registration__fleet_version").get(match=match, seat=seat)
    return side.registration.fleet_version.content["ships"][0]["upgrades"][0]


def test_conflicting_reports_wait_for_a_judge_who_resolves_them(table):
    match, players, event_staff = table
    result_report(match=match, by=players[1], result=MatchResult(1))
    match = result_report(match=match, by=players[2], result=MatchResult(2))
    assert match.status == MatchStatus.DISPUTED
    assert sides(match)[1].outcome == ""
    match = result_enter(match=match, by=event_staff["judge"], result=MatchResult(2))
    assert match.status == MatchStatus.CONFIRMED
    assert sides(match)[2].outcome == "win"
    history = list(ResultChange.objects.filter(match=match).values_list("action", "changed_by"))
    assert history == [
        ("reported", players[1].pk),
        ("disputed", players[2].pk),
        ("resolved", event_staff["judge"].pk),
    ]
    resolved = ResultChange.objects.get(match=match, action="resolved")
    assert resolved.before["status"] == "disputed" and resolved.after["status"] == "confirmed"
    assert resolved.after["sides"]["2"]["outcome"] == "win"


def test_a_player_may_report_only_their_own_match(table, other_player):
    match, _, _ = table
    with pytest.raises(TournamentError, match="your own match"):
        result_report(match=match, by=other_player, result=MatchResult(1))


def test_confirming_needs_the_opponents_report(table):
    match, players, _ = table
    with pytest.raises(TournamentError, match="not reported"):
        result_confirm(match=match, by=players[1])


def test_players_cannot_change_a_confirmed_result_but_staff_correct_it(table):
    match, players, event_staff = table
    result_report(match=match, by=players[1], result=MatchResult(1))
    result_confirm(match=match, by=players[2])
    with pytest.raises(TournamentError, match="ask a judge"):
        result_report(match=match, by=players[2], result=MatchResult(2))
    result_enter(match=match, by=event_staff["organizer"], result=MatchResult(2))
    assert sides(match)[2].outcome == "win"
    assert ResultChange.objects.filter(match=match, action="corrected").exists()


def test_losses_must_be_items_of_the_fleet(table):
    match, players, _ = table
    with pytest.raises(TournamentError, match="not part of the fleet"):
        result_report(match=match, by=players[1], result=MatchResult(1, {2: Losses.of(ships=["s9"])}))
    assert not match.reports.exists()


def test_an_upgrade_is_lost_with_its_destroyed_ship(table):
    match, players, _ = table
    upgrade = "s0:2:" + upgrade_id(match, seat=2)
    result = MatchResult(1, {2: Losses.of(ships=["s0"], upgrades=[upgrade])})
    with pytest.raises(TournamentError, match="tick only the ship"):
        result_report(match=match, by=players[1], result=result)


def test_players_verify_each_others_builds(table):
    """Seed 003: at the start of every Battle Round players verify their opponent's build and sign off."""
    match, players, _ = table
    side = build_verify(match=match, by=players[2])
    assert side.seat == 2 and side.opponent_build_verified_at is not None


def test_a_finished_events_results_are_final_for_players_and_corrected_only_by_staff(table):
    match, players, event_staff = table
    result_enter(match=match, by=event_staff["organizer"], result=MatchResult(1))
    event_finish(event=event_staff["event"])
    with pytest.raises(TournamentError, match="final"):
        result_report(match=match, by=players[2], result=MatchResult(2))
    result_enter(match=match, by=event_staff["organizer"], result=MatchResult(2))
    assert match.changes.filter(action="corrected after finish").exists()
    event_staff["event"].refresh_from_db()
    assert event_staff["event"].status == "finished"


def test_a_refused_report_changes_nothing(enter):
    event = EventFactory()
    enter(event), enter(event)
    event_start(event=event)
    match = round_pair_next(event=event, by=event.organizer).matches.get()
    player = match.sides.get(seat=1).registration.player
    with pytest.raises(TournamentError):
        result_report(match=match, by=player, result=MatchResult(1, {1: Losses.of(upgrades=["s0"])}))
    assert not match.changes.exists()
