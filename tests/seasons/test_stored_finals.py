"""The final lines an event stores when it finishes (tournaments.FinalStanding) and the meta's faction
tallies stored with them: always what the event's own standings page and the lists say, after a
correction made after the finish and after ``manage.py final_standings`` too."""

from __future__ import annotations

from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command

from fleets.models import Fleet
from seasons.meta import MetaFilter, game_meta
from seasons.models import EventFactionTally
from tournaments.games import event_game
from tournaments.models import FinalStanding, Stage
from tournaments.selectors.standings import event_standings
from tournaments.services import result_enter

from .conftest import play_event

pytestmark = pytest.mark.django_db


def stored(event) -> list[tuple]:
    return list(
        FinalStanding.objects.filter(event=event)
        .order_by("rank", "pk")
        .values_list("registration_id", "rank", "wins", "ties", "losses", "byes", "match_points")
    )


def computed(event) -> list[tuple]:
    return [
        (row.registration_id, row.rank, row.wins, row.ties, row.losses, row.byes, row.match_points)
        for row in event_standings(event).rows
    ]


def klingon_rates() -> list[tuple]:
    return [(rate.faction, rate.games, rate.wins) for rate in game_meta(MetaFilter(game="attack-wing")).win_rates]


def test_finishing_stores_the_rows_of_the_standings_page(league):
    event = play_event(league, date(2026, 3, 5))
    assert stored(event) == computed(event)
    assert [line[1] for line in stored(event)] == [1, 2, 3, 4]


def test_a_correction_after_the_finish_stores_the_lines_and_tallies_again(league):
    """Ada (Klingon) won both her games; the judge then gives her first game to her opponent: the
    stored lines follow the corrected standings, and the meta's win rates follow the corrected game."""
    ada = league["players"][0]
    Fleet.objects.filter(pk=league["fleets"][ada.pk].pk).update(faction="klingon")
    event = play_event(league, date(2026, 3, 5))
    before = stored(event)
    assert klingon_rates() == [("federation", 2, 0), ("klingon", 2, 2)]
    match = (
        event.rounds.get(number=1, stage=Stage.SWISS)
        .matches.filter(sides__registration__player=ada)
        .prefetch_related("sides__registration")
        .get()
    )
    other_seat = next(side.seat for side in match.sides.all() if side.registration.player_id != ada.pk)
    game = event_game(event.game)
    result_enter(match=match, by=league["organizer"], result=game.result_from_json({"winner": other_seat}))
    assert stored(event) == computed(event) != before
    assert klingon_rates() == [("federation", 2, 1), ("klingon", 2, 1)]


def test_the_command_stores_every_finished_event_again(league):
    first = play_event(league, date(2026, 3, 5))
    second = play_event(league, date(2026, 3, 12), lists_public=False, players=list(reversed(league["players"])))
    meta = game_meta(MetaFilter(game="attack-wing"))
    FinalStanding.objects.all().delete()
    EventFactionTally.objects.all().delete()
    call_command("final_standings", stdout=StringIO())
    assert stored(first) == computed(first) and stored(second) == computed(second)
    assert game_meta(MetaFilter(game="attack-wing")) == meta
    assert not EventFactionTally.objects.filter(event=second).exists()  # its lists are sealed
