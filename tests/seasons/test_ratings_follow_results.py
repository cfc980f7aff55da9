"""Ratings follow an event's results by an explicit call of the services that make them final (finishing,
a correction after the finish, the import of a finished event), never as a side effect of saving an event."""

from __future__ import annotations

from datetime import date

import pytest

from seasons.models import RatingPoint
from tournaments.exports import event_json
from tournaments.games import event_game
from tournaments.models import Event, Match
from tournaments.services import event_import, result_enter

from .conftest import play_event

pytestmark = pytest.mark.django_db


def ratings(event) -> dict[str, int]:
    return {p.player.first_name: p.rating for p in RatingPoint.objects.filter(event=event).select_related("player")}


def test_finishing_an_event_rates_it(league, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        event = play_event(league, date(2026, 3, 5))
    assert set(ratings(event)) == {"Ada", "Ben", "Cy", "Di"}


def test_saving_a_finished_event_rates_nothing(league, django_capture_on_commit_callbacks):
    """A bare ``Event.save()`` is no call of the rating: with its points gone, saving the finished event
    (even naming its status) brings none back."""
    with django_capture_on_commit_callbacks(execute=True):
        event = play_event(league, date(2026, 3, 5))
    RatingPoint.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        event.save()
        event.save(update_fields=["status"])
    assert callbacks == [] and not RatingPoint.objects.exists()


def test_a_correction_after_the_finish_rates_the_event_again(league, django_capture_on_commit_callbacks):
    """Ada won every game; her last game corrected to a loss rates the event again, and lowers her."""
    with django_capture_on_commit_callbacks(execute=True):
        event = play_event(league, date(2026, 3, 5))
    before = ratings(event)
    last = Match.objects.filter(round__event=event, table__isnull=False, sides__registration__player__first_name="Ada")
    match = last.order_by("-round__number").first()
    ada_seat = match.sides.get(registration__player__first_name="Ada").seat
    lost = event_game(event.game).result_from_json({"winner": 3 - ada_seat})
    with django_capture_on_commit_callbacks(execute=True):
        result_enter(match=match, by=league["organizer"], result=lost)
    after = ratings(event)
    assert set(after) == set(before) and after["Ada"] < before["Ada"]
    assert RatingPoint.objects.filter(event=event).count() == 4  # in place of the old points, not beside them


def test_importing_a_finished_event_rates_it(league, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        event = play_event(league, date(2026, 3, 5))
    data = event_json(event)
    with django_capture_on_commit_callbacks(execute=True):
        copy = event_import(data=data, organizer=league["organizer"])
    assert copy.pk != event.pk and Event.objects.get(pk=copy.pk).status == event.status
    assert set(ratings(copy)) == {"Ada", "Ben", "Cy", "Di"}
