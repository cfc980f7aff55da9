"""The meta of a period reads whole months and years from their added-up tallies (seasons.MetaPeriod)
and only the days at its ends event by event (rules.tournament.meta.calendar_cover): it must say exactly what
reading every event one by one says, for any period, and follow a correction after the finish."""

from __future__ import annotations

from datetime import date

import pytest

from seasons.meta import MetaFilter, game_meta
from seasons.models import MetaPeriod
from tests.fleets.factories import UpgradeFactory
from tests.tournaments.factories import fleet_for
from tournaments.games import event_game
from tournaments.models import Stage
from tournaments.services import result_enter

from .conftest import play_event

pytestmark = pytest.mark.django_db

NIGHTS = (date(2025, 12, 20), date(2026, 1, 1), date(2026, 1, 31), date(2026, 2, 14), date(2026, 3, 2))
PERIODS = (
    (None, None),
    (date(2026, 1, 1), None),
    (None, date(2026, 1, 31)),
    (date(2025, 12, 21), date(2026, 3, 1)),
    (date(2026, 1, 2), date(2026, 2, 28)),
    (date(2026, 2, 14), date(2026, 2, 14)),
    (date(2025, 1, 1), date(2025, 12, 31)),
    (date(2026, 4, 1), None),
)


@pytest.fixture
def nights(league):
    """Five nights over three months and two years; Ben flies another crew card from the third on,
    and the second is sealed, so the periods' figures differ from one another."""
    ada, ben, _, _ = league["players"]
    events = []
    for n, day in enumerate(NIGHTS):
        if n == 2:
            content = league["fleets"][ben.pk].versions.get().content
            ships = [{**ship, "upgrades": [UpgradeFactory().source_id]} for ship in content["ships"]]
            league["fleets"][ben.pk] = fleet_for(ben, {**content, "ships": ships}, name="Ben's new fleet")
        events.append(play_event(league, day, lists_public=n != 1))
    return events


def test_every_period_says_what_reading_each_event_says(league, nights):
    store = (league["store"].pk,)
    for since, until in PERIODS:
        from_periods = game_meta(MetaFilter(game="attack-wing", since=since, until=until))
        each_event = game_meta(MetaFilter(game="attack-wing", stores=store, since=since, until=until))
        assert (from_periods.events, from_periods.lists) == (each_event.events, each_event.lists), (since, until)
        assert from_periods.factions == each_event.factions
        assert from_periods.win_rates == each_event.win_rates
        assert from_periods.items == each_event.items
    assert game_meta(MetaFilter(game="attack-wing")).events == len(NIGHTS)
    assert game_meta(MetaFilter(game="attack-wing", since=date(2026, 1, 2), until=date(2026, 2, 28))).events == 2


def test_the_months_and_years_hold_their_events(nights):
    periods = MetaPeriod.objects.filter(game="attack-wing", format="wizkids-2016")
    assert sorted(periods.values_list("span", "start", "events", "lists")) == [
        ("month", date(2025, 12, 1), 1, 4),
        ("month", date(2026, 1, 1), 2, 4),  # the first night of January is sealed
        ("month", date(2026, 2, 1), 1, 4),
        ("month", date(2026, 3, 1), 1, 4),
        ("year", date(2025, 1, 1), 1, 4),
        ("year", date(2026, 1, 1), 4, 12),
    ]


def test_a_correction_after_the_finish_adds_up_its_month_and_year_again(league, nights):
    MetaPeriod.objects.update(events=99)
    event = nights[-1]
    match = event.rounds.get(number=1, stage=Stage.SWISS).matches.filter(table__isnull=False).first()
    result_enter(match=match, by=league["organizer"], result=event_game(event.game).result_from_json({"winner": 2}))
    again = {(span, start): events for span, start, events in MetaPeriod.objects.values_list("span", "start", "events")}
    assert again.pop(("month", date(2026, 3, 1))) == 1  # read again from its events
    assert again.pop(("year", date(2026, 1, 1))) == 99 + 99 + 1  # a year adds up its months
    assert set(again.values()) == {99}  # the other months and years are not read again
