"""Two desks, one table: a staff result form carries the version of the table it was opened on, and
saving over a result entered since asks first ("Table 1 was saved by … at 20:14 as …; replace it?")
instead of overwriting it; sending the form again replaces it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from fleets.services import api_token_create
from games.attack_wing.results import MatchResult
from tournaments.errors import ResultChanged
from tournaments.models import Match, ResultChange
from tournaments.selectors import result_versions
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(event_staff, enter):
    event = event_staff["event"]
    for _ in range(4):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event


def table_1(event) -> Match:
    return Match.objects.get(round__event=event, round__number=1, table=1)


def winner(match: Match) -> int:
    return next(side.seat for side in match.sides.all() if side.outcome == "win")


def desk(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def version_on(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="(\d+)"', page).group(1)


def test_the_second_desk_is_asked_before_its_entry_replaces_the_first(running, event_staff):
    match = table_1(running)
    round_url = reverse("tournaments:round", args=[running.pk, 1])
    save_url = reverse("tournaments:enter_result", args=[running.pk, 1, match.pk])
    first, second = desk(event_staff["organizer"]), desk(event_staff["judge"])
    opened = version_on(second.get(round_url).content.decode(), "table-1-version")
    assert opened == "0" and first.get(round_url).status_code == 200
    first.post(save_url, {"table-1-winner": "1", "table-1-version": opened})
    assert winner(table_1(running)) == 1

    page = second.post(save_url, {"table-1-winner": "2", "table-1-version": opened}).content.decode()
    judge_name = event_staff["organizer"].username
    assert re.search(rf"Table 1 was saved by {judge_name} at \d\d:\d\d as [^;]+ won since this form was opened", page)
    assert "replace it?" in page and winner(table_1(running)) == 1  # nothing overwritten
    newer = version_on(page, "table-1-version")
    assert int(newer) == ResultChange.objects.filter(match=match).latest("pk").pk

    second.post(save_url, {"table-1-winner": "2", "table-1-version": newer})
    assert winner(table_1(running)) == 2


def test_the_match_page_asks_the_same_before_a_correction_replaces_a_newer_result(running, event_staff):
    match = table_1(running)
    url = reverse("tournaments:match", args=[running.pk, match.pk])
    correcting = desk(event_staff["judge"])
    opened = version_on(correcting.get(url).content.decode(), "version")
    result_enter(match=match, by=event_staff["organizer"], result=MatchResult(1))
    page = correcting.post(url, {"winner": "2", "version": opened}).content.decode()
    assert "Table 1 was saved by" in page and "replace it?" in page and winner(table_1(running)) == 1
    correcting.post(url, {"winner": "2", "version": version_on(page, "version")})
    assert winner(table_1(running)) == 2


def test_the_service_refuses_a_stale_version_and_changes_nothing(running, event_staff):
    match = table_1(running)
    result_enter(match=match, by=event_staff["organizer"], result=MatchResult(1), opened_at=0)
    current = result_versions([match])[match.pk]
    with pytest.raises(ResultChanged) as refused:
        result_enter(match=match, by=event_staff["judge"], result=MatchResult(2), opened_at=0)
    assert refused.value.version == current and winner(table_1(running)) == 1
    assert ResultChange.objects.filter(match=match).count() == 1
    result_enter(match=match, by=event_staff["judge"], result=MatchResult(2), opened_at=current)
    assert winner(table_1(running)) == 2


def test_a_form_without_a_version_saves_as_before(running, event_staff):
    match = table_1(running)
    save_url = reverse("tournaments:enter_result", args=[running.pk, 1, match.pk])
    result_enter(match=match, by=event_staff["organizer"], result=MatchResult(1))
    desk(event_staff["judge"]).post(save_url, {"table-1-winner": "2"})
    assert winner(table_1(running)) == 2


def api(user) -> Client:
    _record, token = api_token_create(user=user, name="desk bot")
    return Client(HTTP_AUTHORIZATION=f"Bearer {token}")


def test_the_api_answers_412_to_a_stale_if_match_and_saves_nothing(running, event_staff):
    """The API's two desks: If-Match names the version a round listed; a newer result is not overwritten."""
    bot, other = api(event_staff["organizer"]), api(event_staff["judge"])
    listed = bot.get(f"/api/events/{running.pk}/rounds/1").json()["matches"]
    match = next(m for m in listed if m["table"] == 1)
    url = f"/api/events/{running.pk}/matches/{match['id']}/result"
    first = other.post(url, {"fields": {"winner": "1"}}, content_type="application/json", HTTP_IF_MATCH='"0"')
    assert first.status_code == 200 and first["ETag"] == f'"{first.json()["version"]}"' != '"0"'

    stale = bot.post(url, {"fields": {"winner": "2"}}, content_type="application/json", HTTP_IF_MATCH='"0"')
    assert stale.status_code == 412 and winner(table_1(running)) == 1
    assert f"saved by {event_staff['judge'].username}" in stale.json()["detail"]
    assert first["ETag"] in stale.json()["detail"]
    for odd in ('"nonsense"', 'W/"999999"'):
        refused = bot.post(url, {"fields": {"winner": "2"}}, content_type="application/json", HTTP_IF_MATCH=odd)
        assert refused.status_code == 412 and winner(table_1(running)) == 1

    fresh = bot.post(url, {"fields": {"winner": "2"}}, content_type="application/json", HTTP_IF_MATCH=first["ETag"])
    assert fresh.status_code == 200 and winner(table_1(running)) == 2
    unconditional = other.post(url, {"fields": {"winner": "1"}}, content_type="application/json")
    assert unconditional.status_code == 200 and winner(table_1(running)) == 1
