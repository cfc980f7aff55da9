"""A site with finished events migrates in one go to the stored final standings and the meta's
tallies and periods (tournaments 0018–0019, seasons 0002–0003): the tallies' and periods' tables
exist before tournaments 0019 stores the final standings, which stores the tallies too and adds up
their month and year."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0017_event_settings_leave_the_event"), ("seasons", "0001_seasons_records_and_ratings")]


def migrate(targets=None):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.slow(reason="migrates the database back and forward again")
def test_a_site_with_a_finished_event_gets_its_final_standings_and_tallies():
    old = migrate(BEFORE)
    User, Event = old.get_model("auth", "User"), old.get_model("tournaments", "Event")
    Registration = old.get_model("tournaments", "Registration")
    kira, odo = User.objects.create(username="kira"), User.objects.create(username="odo")
    event = Event.objects.create(
        name="Last Night",
        game="attack-wing",
        format="wizkids-2016",
        date="2026-11-20",
        organizer=kira,
        status="finished",
    )
    for player in (kira, odo):
        Registration.objects.create(event=event, player=player, checked_in=True)
    try:
        new = migrate()
        assert new.get_model("tournaments", "FinalStanding").objects.filter(event_id=event.pk).count() == 2
        assert new.get_model("seasons", "EventCardTally").objects.count() == 0  # no public list to count
        periods = new.get_model("seasons", "MetaPeriod").objects.values_list("span", "start", "events", "lists")
        assert sorted(periods) == [("month", date(2026, 11, 1), 1, 0), ("year", date(2026, 1, 1), 1, 0)]
    finally:
        migrate()
