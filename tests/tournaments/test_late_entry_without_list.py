"""A late entry added at the desk with no list, then paired: his table's result is saved like any other
at the desk, on the match page and through the API, and the desk may still enter his first fleet
until a result of his is in. A fleet the site does not know is scored as an empty fleet (seed 003,
"Fleet Points": the base minus the SP left in the opponent's surviving fleet, here none)."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from fleets.services import api_token_create
from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import legal_fleet_content
from tournaments.errors import TournamentError
from tournaments.models import EventStatus, Match, MatchSide, MatchStatus
from tournaments.services import (
    event_start,
    registration_add,
    registration_add_walk_in,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(event_staff, enter):
    """Five players play round 1 (one bye); a late entry with no list joins, and round 2 is paired
    with six players, so he sits at a table."""
    event = event_staff["event"]
    event.planned_rounds = 3
    event.save(update_fields=["planned_rounds"])
    for _ in range(5):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    late = registration_add_walk_in(event=event, name="Vic Fontaine", added_by=event.organizer)
    for match in Match.objects.filter(round__event=event, round__number=1, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    round_pair_next(event=event, by=event.organizer)
    match = MatchSide.objects.select_related("match").get(round__number=2, registration=late).match
    return event, late, match


def late_seat(match, late) -> int:
    return match.sides.get(registration=late).seat


def assert_scored(match, late):
    """The table is confirmed; the late entry's opponent scores the full base against his unknown fleet."""
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    opponent = match.sides.exclude(registration=late).get()
    assert opponent.fleet_points == match.round.event.game_settings["fleet_point_base"]


def test_the_desk_saves_the_late_entrys_table(evening, client):
    event, late, match = evening
    client.force_login(event.organizer)
    url = reverse("tournaments:enter_result", args=[event.pk, 2, match.pk])
    response = client.post(url, {f"table-{match.table}-winner": str(late_seat(match, late))})
    assert response.status_code == 302
    assert_scored(match, late)
    assert match.sides.get(registration=late).outcome == "win"


def test_the_match_page_saves_the_late_entrys_table(evening, client):
    event, late, match = evening
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk]))
    assert page.status_code == 200
    response = client.post(reverse("tournaments:match", args=[event.pk, match.pk]), {"winner": "tie"})
    assert response.status_code == 302
    assert_scored(match, late)


def test_the_api_saves_the_late_entrys_table(evening):
    event, late, match = evening
    _record, token = api_token_create(user=event.organizer, name="bot")
    answer = Client(HTTP_AUTHORIZATION=f"Bearer {token}").post(
        f"/api/events/{event.pk}/matches/{match.pk}/result",
        {"fields": {"winner": str(3 - late_seat(match, late))}},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert_scored(match, late)


def test_the_round_completes_and_the_next_one_pairs(evening):
    event, late, _match = evening
    for match in Match.objects.filter(round__event=event, round__number=2, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    round_3 = round_pair_next(event=event, by=event.organizer)
    assert MatchSide.objects.filter(round=round_3, registration=late).exists()
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


def test_the_desk_may_enter_his_first_fleet_until_a_result_of_his_is_in(evening, client, catalog):
    event, late, match = evening
    client.force_login(event.organizer)
    url = reverse("tournaments:walk_in_list", args=[event.pk, late.pk])
    page = client.post(url, {"text": json.dumps(legal_fleet_content(catalog))}).text
    assert "Submitted: Vic Fontaine" in page
    late.refresh_from_db()
    assert late.fleet_version is not None and late.fleet_version.fleet.is_locked
    page = client.post(url, {"text": json.dumps(legal_fleet_content(catalog))}).text
    assert "cannot change" in page


def test_no_first_fleet_once_a_result_of_his_is_in(evening, make_fleet):
    event, late, match = evening
    result_enter(match=match, by=event.organizer, result=MatchResult(None))
    with pytest.raises(TournamentError, match="cannot change"):
        registration_submit_fleet(registration=late, fleet=make_fleet(late.player), by=event.organizer)
    late.refresh_from_db()
    assert late.fleet_version is None


def test_the_desk_warns_before_scoring_his_table_against_an_empty_fleet(evening, client):
    """Seed 003, "Fleet Points": a fleet the site does not know scores as an empty one, so the desk's
    form of that table says so before the result is saved; the other tables carry no warning."""
    event, late, match = evening
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:round", args=[event.pk, 2])).text
    assert page.count("without-list-warning") == 1
    warning = page[page.index(f'id="without-list-{match.table}"') :]
    assert warning.index("No fleet entered for Vic Fontaine") < warning.index(f"Save table {match.table}")
    assert "empty fleet" in warning[: warning.index("</div>")]


def test_the_match_page_warns_the_staff_too_until_the_result_is_in(evening, client):
    event, late, match = evening
    client.force_login(event.organizer)
    url = reverse("tournaments:match", args=[event.pk, match.pk])
    page = client.get(url).text
    assert page.index("No fleet entered for Vic Fontaine") < page.index('id="result-form"')
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    assert "No fleet entered" not in client.get(url).text


def test_an_account_late_entry_paired_without_a_list_is_offered_to_submit_it(event_staff, enter, client):
    """A late entry added by account name and paired before his list is in may still submit it
    (the event page offers it, as the service takes it) until a result of his is in."""
    event = event_staff["event"]
    for _ in range(3):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    player = PlayerFactory()
    late = registration_add(event=event, player=player, added_by=event.organizer)
    for match in Match.objects.filter(round__event=event, round__number=1, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    round_pair_next(event=event, by=event.organizer)
    client.force_login(player)
    page = reverse("tournaments:event", args=[event.pk])
    assert "Submit fleet" in client.get(page).text
    match = MatchSide.objects.select_related("match").get(round__number=2, registration=late).match
    assert not match.is_bye  # four players in round 2
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    assert "Submit fleet" not in client.get(page).text
