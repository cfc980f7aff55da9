"""The desk takes the fleet points typed in when a slip gives only the number (seed 003, "Fleet
Points" is still how the number was reached on the table); players tick what was lost, and a
typed number and ticks for the same fleet are refused together."""

import pytest
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tournaments.errors import TournamentError
from tournaments.models import Match, MatchStatus
from tournaments.services import event_start, result_report, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(event_staff, enter):
    event = event_staff["event"]
    for _ in range(2):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return Match.objects.get(round__event=event, table=1)


def desk(client, match, data):
    client.force_login(match.round.event.organizer)
    url = reverse("tournaments:enter_result", args=[match.round.event_id, 1, match.pk])
    return client.post(url, {f"table-1-{key}": value for key, value in data.items()}, follow=True)


def test_the_desk_saves_typed_fleet_points(table, client):
    desk(client, table, {"winner": "1", "fleet_points_1": "77", "fleet_points_2": "12"})
    table.refresh_from_db()
    assert table.status == MatchStatus.CONFIRMED
    assert {side.seat: side.fleet_points for side in table.sides.all()} == {1: 77, 2: 12}
    client.force_login(table.round.event.organizer)
    form = client.get(reverse("tournaments:match", args=[table.round.event_id, table.pk])).context["form"]
    assert form.initial["fleet_points_1"] == 77 and form.initial["fleet_points_2"] == 12


def test_one_typed_number_and_the_other_computed(table, client):
    desk(client, table, {"winner": "2", "fleet_points_2": "40"})
    points = {side.seat: side.fleet_points for side in table.sides.all()}
    assert (
        points[2] == 40 and points[1] == table.round.event.game_settings["fleet_point_base"] - 105
    )  # nothing of seat 2 lost


def test_typed_points_and_ticks_for_the_same_fleet_are_refused(table, client):
    page = desk(client, table, {"winner": "1", "fleet_points_1": "77", "lost_2": "s0"}).text
    assert "not both" in page
    table.refresh_from_db()
    assert table.status == MatchStatus.AWAITING


def test_players_do_not_type_fleet_points(table):
    player = table.sides.get(seat=1).registration.player
    with pytest.raises(TournamentError, match="only the staff"):
        result_report(match=table, by=player, result=MatchResult(1, typed_points={1: 120}))


def test_a_result_without_typed_points_keeps_its_json():
    assert "typed_points" not in MatchResult(1).to_json()
    assert MatchResult.from_json(MatchResult(1, typed_points={2: 5}).to_json()).typed_points == {2: 5}
