"""The second report is the reporter's own: the form of a player whose opponent has reported starts
empty (the opponent's claim is shown beside it), so a player who changes only the winner does not
report the opponent's kills as his own."""

import pytest
from django.urls import reverse

from games.attack_wing.results import Losses, MatchResult
from tournaments.models import Match, MatchStatus, ResultReport
from tournaments.services import event_start, result_report, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def reported(event_staff, enter):
    event = event_staff["event"]
    for _ in range(2):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    match = Match.objects.get(round__event=event, table=1)
    players = {side.seat: side.registration.player for side in match.sides.select_related("registration__player")}
    claim = MatchResult(1, {2: Losses.of(ships=["s0"])})
    result_report(match=match, by=players[1], result=claim)
    return match, players


def test_the_second_players_form_starts_empty_beside_the_opponents_claim(reported, client):
    match, players = reported
    client.force_login(players[2])
    response = client.get(reverse("tournaments:match", args=[match.round.event_id, match.pk]))
    assert not response.context["form"].initial
    page = response.text
    assert 'id="report-1"' in page and "Your form starts from your own report" in page


def test_changing_only_the_winner_reports_no_kills_of_the_opponent(reported, client):
    match, players = reported
    client.force_login(players[2])
    client.post(reverse("tournaments:match", args=[match.round.event_id, match.pk]), {"winner": "2"})
    own = ResultReport.objects.get(match=match, seat=2)
    assert MatchResult.from_json(own.result) == MatchResult(2)
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED


def test_the_first_player_sees_his_own_report_again(reported, client):
    match, players = reported
    client.force_login(players[1])
    form = client.get(reverse("tournaments:match", args=[match.round.event_id, match.pk])).context["form"]
    assert form.initial["winner"] == "1" and form.initial["lost_2"] == ["s0"]
