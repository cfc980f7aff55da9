"""The migrations that move Attack Wing's event settings from four event columns into
``Event.game_settings`` (tournaments 0015 and 0016, attack_wing 0001), and back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0015_match_bye_reason")]
AFTER = [
    ("tournaments", "0017_event_settings_leave_the_event"),
    ("attack_wing", "0001_event_settings_from_event_columns"),
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.slow(reason="migrates the database back and forward again")
def test_attack_wings_columns_become_its_settings_and_other_games_get_none():
    old = migrate(BEFORE)
    User, Event = old.get_model("auth", "User"), old.get_model("tournaments", "Event")
    kira = User.objects.create(username="kira")

    def event(name, game, **columns):
        return Event.objects.create(name=name, game=game, format="f", date="2026-12-05", organizer=kira, **columns).pk

    community = event(
        "Community Night",
        "attack-wing",
        fleet_point_base=125,
        bye_fleet_points=50,
        banned_resources="Sick Bay",
        retire_resources=False,
    )
    plain = event("Plain Open", "attack-wing", fleet_point_base=130)
    deck = event("Vega Campaign", "wing-commander", fleet_point_base=0)

    try:
        new = migrate(AFTER)
        Event = new.get_model("tournaments", "Event")
        assert Event.objects.get(pk=community).game_settings == {
            "fleet_point_base": 125,
            "bye_fleet_points": 50,
            "banned_resources": "Sick Bay",
            "retire_resources": False,
        }
        assert Event.objects.get(pk=plain).game_settings == {
            "fleet_point_base": 130,
            "bye_fleet_points": 60,
            "banned_resources": "",
            "retire_resources": True,
        }
        assert Event.objects.get(pk=deck).game_settings == {}
        assert not any(f.name == "fleet_point_base" for f in Event._meta.get_fields())

        Event = migrate(BEFORE).get_model("tournaments", "Event")  # and back: the columns hold them again
        back = Event.objects.get(pk=community)
        assert (back.fleet_point_base, back.bye_fleet_points, back.banned_resources, back.retire_resources) == (
            125,
            50,
            "Sick Bay",
            False,
        )
        assert Event.objects.get(pk=deck).fleet_point_base == 0
    finally:
        latest()


@pytest.mark.slow(reason="migrates the database back and forward again")
def test_the_retirement_tick_box_becomes_the_rule_each_event_had():
    """attack_wing 0002: ticked is the 2016 table (seed 003, Resources 4; its banned list still applies),
    unticked the banned list when it names any, else none retired; and back."""
    tournaments = ("tournaments", "0019_store_final_standings_of_finished_events")
    before = [("attack_wing", "0001_event_settings_from_event_columns"), tournaments]
    old = migrate(before)
    User, Event = old.get_model("auth", "User"), old.get_model("tournaments", "Event")
    kira = User.objects.create(username="kira")

    def event(name, **settings):
        base = {"fleet_point_base": 130, "bye_fleet_points": 60, "banned_resources": ""}
        return Event.objects.create(
            name=name,
            game="attack-wing",
            format="f",
            date="2026-12-05",
            organizer=kira,
            game_settings={**base, **settings},
        ).pk

    table = event("Store Championship", retire_resources=True, banned_resources="Sick Bay")
    listed = event("Community Night", retire_resources=False, banned_resources="Sick Bay")
    none = event("Anything Goes", retire_resources=False)
    try:
        after = [("attack_wing", "0002_resource_rule_replaces_retire_tick_box"), tournaments]
        Event = migrate(after).get_model("tournaments", "Event")
        rules = {pk: Event.objects.get(pk=pk).game_settings for pk in (table, listed, none)}
        assert [rules[pk]["resource_rule"] for pk in (table, listed, none)] == ["table-2016", "list", "none"]
        assert rules[table]["banned_resources"] == "Sick Bay"
        assert not any("retire_resources" in settings for settings in rules.values())
        Event = migrate(before).get_model("tournaments", "Event")
        back = [Event.objects.get(pk=pk).game_settings["retire_resources"] for pk in (table, listed, none)]
        assert back == [True, False, False]
    finally:
        latest()
