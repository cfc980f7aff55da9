"""Correct one table: the staff open a confirmed table (its form holds the result as entered), save the
correction, and only that table, the standings and the history change. A finished event stays
finished, and its history says the table was corrected after the finish."""

import pytest
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tournaments import selectors
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchSide,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    RoundChange,
    SubmissionChange,
)
from tournaments.services import event_finish, event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db

TABLES = (Event, Registration, Round, Match, MatchSide, ResultReport, ResultChange, RoundChange, SubmissionChange)


@pytest.fixture
def finished(event_staff, enter):
    event = event_staff["event"]
    event.planned_rounds = 2
    event.save(update_fields=["planned_rounds"])
    for _ in range(4):
        enter(event)
    event_start(event=event)
    for _ in range(2):
        round_ = round_pair_next(event=event, by=event.organizer)
        for match in round_.matches.filter(table__isnull=False):
            result_enter(match=match, by=event.organizer, result=MatchResult(1))
    event_finish(event=event)
    return event


def database() -> dict:
    return {model.__name__: {row["id"]: row for row in model.objects.values()} for model in TABLES}


def ranking(event) -> list:
    return [(row.registration_id, row.match_points) for row in selectors.event_standings(event).rows]


def test_correcting_one_table_of_a_finished_event_changes_that_table_the_standings_and_the_history_only(
    finished, client
):
    event = finished
    match = Match.objects.get(round__event=event, round__number=1, table=1)
    before, standings_before = database(), ranking(event)
    client.force_login(event.organizer)
    url = reverse("tournaments:match", args=[event.pk, match.pk])
    page = client.get(url).text
    assert "Correct this table's result" in page and "the event stays finished" in page
    assert client.post(url, {"winner": "2"}).status_code == 302

    after = database()
    changed = {
        name: {pk for pk in before[name].keys() | after[name].keys() if before[name].get(pk) != after[name].get(pk)}
        for name in before
    }
    sides = set(MatchSide.objects.filter(match=match).values_list("pk", flat=True))
    new_change = ResultChange.objects.get(match=match, action="corrected after finish")
    assert changed == {
        "Event": set(),
        "Registration": set(),
        "Round": set(),
        "Match": {match.pk},
        "MatchSide": sides,
        "ResultReport": set(),
        "ResultChange": {new_change.pk},
        "RoundChange": set(),
        "SubmissionChange": set(),
    }
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    assert ranking(event) != standings_before
    seat_2 = match.sides.get(seat=2)
    assert seat_2.outcome == "win"
    history = client.get(reverse("tournaments:history", args=[event.pk])).text
    assert (
        f"corrected table 1 after the event was finished: it stood at {match.sides.get(seat=1).registration.name} won"
        in history
    )


def test_the_match_page_of_a_confirmed_table_holds_the_result_as_entered(finished, client):
    match = Match.objects.get(round__event=finished, round__number=2, table=1)
    client.force_login(finished.organizer)
    form = client.get(reverse("tournaments:match", args=[finished.pk, match.pk])).context["form"]
    assert form.initial["winner"] == "1"


def test_players_still_cannot_change_a_finished_events_result(finished, client):
    match = Match.objects.get(round__event=finished, round__number=1, table=1)
    player = match.sides.get(seat=2).registration.player
    client.force_login(player)
    client.post(reverse("tournaments:match", args=[finished.pk, match.pk]), {"winner": "2"})
    assert match.sides.get(seat=2).outcome == "loss"
    assert not ResultChange.objects.filter(match=match, action="corrected after finish").exists()
