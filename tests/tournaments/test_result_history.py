"""The event's result history tells each change in a sentence: who did what to which table, and the
result it left (the fleet points of a confirmed result, the ships and cards a report says were lost)."""

import pytest
from django.urls import reverse

from games.attack_wing.results import Losses, MatchResult
from games.attack_wing.scoring import fleet_items
from tests.accounts.factories import PlayerFactory
from tournaments.models import Match
from tournaments.selectors import event_history
from tournaments.services import event_start, result_enter, result_report, round_pair_next, round_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(event_staff, enter):
    event = event_staff["event"]
    for name in ("odo", "kira"):
        enter(event, PlayerFactory(username=name))
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    match = Match.objects.get(round__event=event, table=1)
    seats = {side.seat: side.registration for side in match.sides.select_related("registration__player")}
    return event, match, seats


def sentences(event):
    return [change.sentence for change in reversed(event_history(event))]


def test_reports_a_dispute_and_the_judges_ruling_are_told_in_words(table, event_staff):
    event, match, seats = table
    first, second = seats[1].player.username, seats[2].player.username
    items = fleet_items(seats[2].fleet_version)
    ship = next(item for item in items if item.is_ship)
    card = next(item for item in items if not item.is_ship and item.ship_index != ship.ship_index)
    claim = MatchResult(1, {2: Losses.of(ships=[ship.key], upgrades=[card.key])})
    result_report(match=match, by=seats[1].player, result=claim)
    result_report(match=match, by=seats[2].player, result=MatchResult(2))
    result_enter(match=match, by=event_staff["judge"], result=claim)
    points = {side.seat: side.fleet_points for side in match.sides.all()}
    judge = event_staff["judge"].username

    assert sentences(event) == [
        f"{first} reported: {first} won, {second} lost 1 ship and 1 card; the opponent has yet to confirm.",
        f"{second} reported: {second} won; the players disagree, a judge settles the table.",
        f"Judge {judge} settled table 1: {first} won, {points[1]} fleet points to {points[2]}.",
    ]


def test_a_correction_and_a_reopening_name_the_organizer_and_the_result_before(table):
    event, match, seats = table
    organizer = event.organizer.username
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    result_enter(match=match, by=event.organizer, result=MatchResult(2))
    round_reopen(round_=match.round, by=event.organizer)
    first, second = seats[1].player.username, seats[2].player.username
    told = sentences(event)
    assert told[0].startswith(f"Organizer {organizer} entered the result of table 1: {first} won, ")
    assert told[1].startswith(f"Organizer {organizer} corrected table 1: {first} won, ")
    assert f" → {second} won, " in told[1]
    assert told[2].startswith(f"Organizer {organizer} reopened table 1 for corrections; it stood at: {second} won, ")


def test_players_are_named_as_on_every_page_of_the_event(table):
    event, match, seats = table
    seats[1].player.first_name, seats[1].player.last_name = "Constable", "Odo"
    seats[1].player.save()
    result_report(match=match, by=seats[1].player, result=MatchResult(1))
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    reported, entered = sentences(event)
    assert reported.startswith("Constable Odo reported: Constable Odo won")
    assert entered.startswith(f"Organizer {event.organizer.username} entered the result of table 1: Constable Odo won")


def test_a_confirmation_is_told_with_the_confirmed_result(table):
    event, match, seats = table
    result_report(match=match, by=seats[1].player, result=MatchResult(None))
    result_report(match=match, by=seats[2].player, result=MatchResult(None))
    assert sentences(event)[-1].startswith(f"{seats[2].player.username} confirmed the opponent's report: a tie, ")


def test_the_history_page_shows_sentences_not_json(table, client):
    event, match, seats = table
    result_report(match=match, by=seats[1].player, result=MatchResult(1))
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:history", args=[event.pk])).content.decode()
    assert f"{seats[1].player.username} reported: {seats[1].player.username} won; the opponent" in page
    assert "&quot;winner&quot;" not in page and '"winner"' not in page


def test_the_history_costs_the_same_queries_however_many_changes(table, django_assert_max_num_queries):
    event, match, seats = table
    result_report(match=match, by=seats[1].player, result=MatchResult(1))
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    with django_assert_max_num_queries(10) as few:
        event_history(event)
    for _ in range(3):
        round_reopen(round_=match.round, by=event.organizer)
        result_report(match=match, by=seats[2].player, result=MatchResult(2))
        result_enter(match=match, by=event.organizer, result=MatchResult(2))
    with django_assert_max_num_queries(len(few)):
        assert len(event_history(event)) == 11


def test_the_match_page_tells_a_correction_as_the_old_result_and_the_new(table, client):
    """Not "corrected (status confirmed → confirmed)": the result the table had, then the one it has."""
    event, match, seats = table
    first, second = seats[1].player.username, seats[2].player.username
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    result_enter(match=match, by=event.organizer, result=MatchResult(2))
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).content.decode()
    history = page[page.index('id="match-history"') :]
    assert "status confirmed → confirmed" not in history
    corrected = next(line for line in history.splitlines() if " corrected table 1" in line)
    assert f": {first} won, " in corrected and f" → {second} won, " in corrected
    assert corrected.index(f"{first} won") < corrected.index(f"{second} won")
