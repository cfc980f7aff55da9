"""The event night at the desk: late entries are checked in, pairing names who it leaves out,
"Check in everyone", and the pages offer only what can be done now, confirming what cannot be undone."""

import pytest
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tests.accounts.factories import JudgeFactory, PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments.errors import TournamentError
from tournaments.models import EventStatus, Match, MatchSide, StaffChange
from tournaments.services import (
    event_appoint_judge,
    event_start,
    registration_add,
    registration_check_in_all,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(event_staff, enter):
    event = event_staff["event"]
    event.planned_rounds = 2
    event.save(update_fields=["planned_rounds"])
    for _ in range(4):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event


def enter_all_results(event, number):
    for match in Match.objects.filter(round__event=event, round__number=number, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))


def test_a_late_entry_is_checked_in_may_submit_a_first_list_and_is_paired(running, make_fleet):
    late = PlayerFactory()
    registration = registration_add(event=running, player=late, added_by=running.organizer)
    assert registration.checked_in
    fleet = make_fleet(late)
    registration_submit_fleet(registration=registration, fleet=fleet)
    fleet.refresh_from_db()
    assert fleet.is_locked
    enter_all_results(running, 1)
    round_2 = round_pair_next(event=running, by=running.organizer)
    assert MatchSide.objects.filter(round=round_2, registration=registration).exists()
    with pytest.raises(TournamentError, match="cannot change"):
        registration_submit_fleet(registration=registration, fleet=make_fleet(late, name="Another"))


def test_before_the_start_an_added_player_waits_for_check_in(event_staff):
    event = event_staff["event"]
    assert not registration_add(event=event, player=PlayerFactory(), added_by=event.organizer).checked_in


def test_check_in_everyone_checks_in_players_with_lists_and_names_the_others(event_staff, enter):
    event = event_staff["event"]
    ready = [enter(event, check_in=False) for _ in range(2)]
    without = registration_add(event=event, player=PlayerFactory(username="nolist"))
    checked_in, left_out = registration_check_in_all(event=event)
    assert sorted(checked_in) == sorted(r.name for r in ready)
    assert left_out == ["nolist"]
    without.refresh_from_db()
    assert not without.checked_in
    assert event.registrations.filter(checked_in=True).count() == 2


def test_check_in_everyone_is_refused_once_the_event_runs(running):
    with pytest.raises(TournamentError):
        registration_check_in_all(event=running)


def test_pairing_asks_first_when_a_registered_player_is_not_checked_in(event_staff, enter, client):
    event = event_staff["event"]
    for _ in range(2):
        enter(event)
    absent = enter(event, player=PlayerFactory(username="absentee"), check_in=False)
    event_start(event=event)
    client.force_login(event.organizer)
    url = reverse("tournaments:pair_next", args=[event.pk])
    page = client.post(url)
    assert page.status_code == 200
    assert "absentee" in page.content.decode() and "Pair without them" in page.content.decode()
    assert not event.rounds.exists()
    client.post(url, {"confirm": "yes"})
    round_1 = event.rounds.get()
    assert not MatchSide.objects.filter(round=round_1, registration=absent).exists()


def test_pair_next_is_offered_only_when_it_can_be_done(running, client):
    client.force_login(running.organizer)
    event_url = reverse("tournaments:event", args=[running.pk])
    page = client.get(event_url).content.decode()
    assert "Pair next round" not in page and "still waits for 2 results" in page
    assert "Finish event" not in page
    enter_all_results(running, 1)
    page = client.get(event_url).content.decode()
    assert "Pair next round" in page
    round_pair_next(event=running, by=running.organizer)
    enter_all_results(running, 2)
    page = client.get(event_url).content.decode()
    assert "Pair next round" not in page and "Every round has been played" in page
    assert reverse("tournaments:finish", args=[running.pk]) in page


def test_finishing_asks_first(running, client):
    enter_all_results(running, 1)
    client.force_login(running.organizer)
    url = reverse("tournaments:finish", args=[running.pk])
    page = client.get(url)
    assert "Finish the event?" in page.content.decode() and "1 of 2 planned" in page.content.decode()
    running.refresh_from_db()
    assert running.status == EventStatus.RUNNING
    client.post(url)
    running.refresh_from_db()
    assert running.status == EventStatus.FINISHED


def test_pairing_again_asks_first_and_reopen_shows_only_with_a_result(running, client):
    client.force_login(running.organizer)
    round_url = reverse("tournaments:round", args=[running.pk, 1])
    repair_url = reverse("tournaments:repair", args=[running.pk, 1])
    page = client.get(round_url).content.decode()
    assert repair_url in page and "Reopen for corrections" not in page and "2 results still missing" in page
    confirm = client.get(repair_url)
    assert "Pair Round 1 again?" in confirm.content.decode()
    assert running.rounds.get().pairing_attempt == 0
    client.post(repair_url)
    assert running.rounds.get().pairing_attempt == 1
    enter_all_results(running, 1)
    page = client.get(round_url).content.decode()
    assert repair_url not in page and "Reopen for corrections" in page and "Every result of this round is in" in page


def test_a_visitor_of_a_running_event_is_told_how_to_ask_for_a_late_entry(running, client):
    client.force_login(PlayerFactory())
    page = client.get(reverse("tournaments:event", args=[running.pk])).content.decode()
    assert "late entry" in page and running.organizer.username in page


def test_a_player_sees_their_table_and_opponent(running, client):
    side = MatchSide.objects.filter(round__event=running, match__table=1).select_related("registration__player")
    me, them = side.order_by("seat")
    client.force_login(me.registration.player)
    page = client.get(reverse("tournaments:event", args=[running.pk])).content.decode()
    assert "table 1</strong> against <strong>" + them.registration.name in page


def test_the_organizer_appoints_a_judge_by_username_and_the_history_says_who(event_staff, client):
    event, organizer = event_staff["event"], event_staff["organizer"]
    JudgeFactory(username="Garak")
    client.force_login(organizer)
    client.post(reverse("tournaments:appoint_judge", args=[event.pk]), {"username": "garak"})
    assert event.judges.filter(username="Garak").exists()
    change = StaffChange.objects.get(event=event, person__username="Garak")
    assert change.action == "appointed" and change.changed_by == organizer
    history = client.get(reverse("tournaments:history", args=[event.pk])).content.decode()
    assert "Garak" in history and "appointed judge" in history
    garak = event.judges.get(username="Garak")
    client.post(reverse("tournaments:remove_judge", args=[event.pk, garak.pk]))
    assert not event.judges.filter(pk=garak.pk).exists()
    assert StaffChange.objects.filter(event=event, person=garak, action="removed", changed_by=organizer).exists()


def test_only_accounts_with_the_judge_role_are_appointed(event_staff):
    event = event_staff["event"]
    with pytest.raises(TournamentError, match="does not hold the Judge role"):
        event_appoint_judge(event=event, judge=PlayerFactory(), by=event.organizer)


def test_the_desk_enters_each_tables_result_on_the_round_page(running, client):
    client.force_login(running.organizer)
    round_url = reverse("tournaments:round", args=[running.pk, 1])
    page = client.get(round_url).content.decode()
    assert "Enter the result of table 1" in page and "Enter the result of table 2" in page
    table_2 = Match.objects.get(round__event=running, round__number=1, table=2)
    url = reverse("tournaments:enter_result", args=[running.pk, 1, table_2.pk])
    response = client.post(url, {"table-2-winner": "2"})
    assert response.status_code == 302 and response.url == f"{round_url}#table-2"
    table_2.refresh_from_db()
    assert table_2.status == "confirmed"
    page = client.get(round_url).content.decode()
    assert "1 result still missing" in page and "Enter the result of table 2" not in page
    assert "Table 2: result saved." in page


def test_a_desk_entry_without_a_winner_is_refused_beside_its_form(running, client):
    client.force_login(running.organizer)
    table_1 = Match.objects.get(round__event=running, round__number=1, table=1)
    response = client.post(reverse("tournaments:enter_result", args=[running.pk, 1, table_1.pk]), {})
    page = response.content.decode()
    assert response.status_code == 200 and "This field is required." in page
    assert "result saved" not in page
    table_1.refresh_from_db()
    assert table_1.status == "awaiting"


def test_the_desk_costs_the_same_queries_whatever_the_field(event_staff, enter, client, django_assert_max_num_queries):
    counts = []
    for players in (4, 10):
        event = EventFactory(organizer=event_staff["organizer"])
        for _ in range(players):
            enter(event)
        event_start(event=event)
        round_pair_next(event=event, by=event.organizer)
        client.force_login(event.organizer)
        with django_assert_max_num_queries(40) as queries:
            page = client.get(reverse("tournaments:round", args=[event.pk, 1]))
        assert page.content.decode().count("Enter the result of table") == players // 2
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_live_pairings_put_the_viewers_table_on_top(running, client):
    side = MatchSide.objects.filter(round__event=running, match__table=2, seat=2).select_related("registration__player")
    me = side.get().registration
    client.force_login(me.player)
    page = client.get(reverse("tournaments:live", args=[running.pk, 1])).content.decode()
    assert f"{me.name}: table 2</strong>" in page
    assert 'hx-trigger="every 20s"' in page
