"""When two players are level on every column of the standings, the standings say how their order
was decided (head-to-head, else the seeded draw)."""

import pytest
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tournaments import selectors
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


def test_players_level_on_every_column_are_told_apart_by_the_seeded_draw(event_staff, enter, client):
    event = event_staff["event"]
    enter(event), enter(event)
    event_start(event=event)
    match = round_pair_next(event=event, by=event.organizer).matches.get()
    result_enter(match=match, by=event.organizer, result=MatchResult(None))
    first, second = selectors.event_standings(event).rows
    assert first.values == second.values and first.tie_note == ""
    assert second.tie_note == (
        f"Level with {first.name} on every column, and no game between them decides; "
        f"a seeded draw put {first.name} first."
    )
    page = client.get(reverse("tournaments:standings", args=[event.pk])).text
    assert "How level players were ordered" in page and f"2. {second.name}: Level with {first.name}" in page


def test_no_note_when_the_columns_decide(event_staff, enter, client):
    event = event_staff["event"]
    enter(event), enter(event)
    event_start(event=event)
    match = round_pair_next(event=event, by=event.organizer).matches.get()
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    assert not selectors.event_standings(event).tied_rows
    assert "How level players were ordered" not in client.get(reverse("tournaments:standings", args=[event.pk])).text
