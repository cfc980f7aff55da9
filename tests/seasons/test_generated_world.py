"""The seasons benchmark's generated years (bench.seasons_world) are data the site reads like played events."""

from __future__ import annotations

import pytest

from bench.seasons_world import seasons_world
from seasons.models import Season
from seasons.selectors import season_table
from seasons.services import ratings_recompute
from tests.tournaments.factories import legal_fleet_content, small_catalog
from tournaments.models import Event, MatchSide, Registration

pytestmark = pytest.mark.django_db


def test_a_generated_world_is_finished_events_with_full_rounds_and_seasons():
    world = seasons_world(
        events=6, stores=2, contents=[legal_fleet_content(small_catalog())], factions=["federation"], prefix="t"
    )
    assert (world.events, world.matches, world.registrations, world.list_entries) == (6, 90, 60, 180)
    assert Event.objects.count() == 6 and Registration.objects.filter(fleet_version__isnull=False).count() == 60
    assert not MatchSide.objects.filter(outcome="").exists()
    tables = [season_table(season) for season in Season.objects.filter(name__startswith="t store 0 ")]
    assert len(tables) == 5  # a season a year; the store's three events fall in three of them
    assert sum(len(table.events) for table in tables) == 3
    assert sum(line.row.events_played for table in tables for line in table.lines) == 30
    assert ratings_recompute(game="attack-wing") == 60
