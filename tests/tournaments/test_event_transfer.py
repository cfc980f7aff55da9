"""``export_event`` and ``import_event``: an exported event comes back with the same results."""

import json
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from games.attack_wing.results import Losses, MatchResult
from tests.accounts.factories import OrganizerFactory
from tests.tournaments.factories import EventFactory
from tournaments.exports import event_csv, event_json
from tournaments.models import Event, FinalStanding, Match
from tournaments.selectors import event_standings
from tournaments.services import (
    event_finish,
    event_import,
    event_start,
    result_enter,
    result_report,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(enter):
    """Two rounds of four players; one match of round 2 went through a conflict and a ruling."""
    event = EventFactory(name="Archived Open")
    for _ in range(4):
        enter(event)
    event_start(event=event)
    for number in (1, 2):
        matches = list(Match.objects.filter(round=round_pair_next(event=event, by=event.organizer)))
        if number == 2:
            players = {s.seat: s.registration.player for s in matches[0].sides.select_related("registration__player")}
            result_report(match=matches[0], by=players[1], result=MatchResult(1))
            result_report(match=matches[0], by=players[2], result=MatchResult(2))
        for match in matches:
            result_enter(match=match, by=event.organizer, result=MatchResult(1, {2: Losses.of(ships=["s1"])}))
    event.refresh_from_db()
    return event


def export(event) -> str:
    out = StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    return out.getvalue()


def test_an_exported_event_imports_with_the_same_results(played, tmp_path):
    event = played
    path = tmp_path / "event.json"
    path.write_text(export(event))
    new_organizer = OrganizerFactory()
    call_command("import_event", str(path), "--organizer", new_organizer.username, stdout=StringIO())
    copy = Event.objects.exclude(pk=event.pk).get()
    assert copy.organizer == new_organizer and copy.status == event.status
    assert event_csv(copy).splitlines()[1:] == event_csv(event).splitlines()[1:]
    # Ranks between level players are drawn with the event as seed, so compare each player's line.
    lines = {row.name: (row.match_points, row.wins, row.losses, row.values) for row in event_standings(copy).rows}
    assert lines == {
        row.name: (row.match_points, row.wins, row.losses, row.values) for row in event_standings(event).rows
    }
    history = [(change["action"], change["changed_by"]) for change in event_json(copy)["history"]]
    assert history == [(change["action"], change["changed_by"]) for change in event_json(event)["history"]]
    assert ("resolved", event.organizer.username) in history
    assert all(r.fleet_version.fleet.is_locked for r in copy.registrations.select_related("fleet_version__fleet"))


def test_a_finished_event_imports_with_its_final_standings_stored(played, tmp_path):
    """Seasons and records read the stored lines: an imported finished event has them, as finishing stores them."""
    event = event_finish(event=played)
    path = tmp_path / "event.json"
    path.write_text(export(event))
    call_command("import_event", str(path), "--organizer", OrganizerFactory().username, stdout=StringIO())
    copy = Event.objects.exclude(pk=event.pk).get()
    lines = FinalStanding.objects.filter(event=copy).order_by("rank").values_list("registration_id", "rank")
    assert list(lines) == [(row.registration_id, row.rank) for row in event_standings(copy).rows]
    assert len(lines) == 4


def test_the_games_own_settings_travel_with_the_event(enter, tmp_path):
    """Attack Wing's settings are exported under ``settings`` and come back through its settings form."""
    event = EventFactory(name="Banned Open", fleet_point_base=125, bye_fleet_points=50, banned_resources="Sick Bay")
    data = json.loads(export(event))
    assert data["event"]["settings"] == {
        "fleet_point_base": 125,
        "bye_fleet_points": 50,
        "banned_resources": "Sick Bay",
        "resource_rule": "table-2016",
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), stdout=StringIO())
    assert Event.objects.exclude(pk=event.pk).get().game_settings == event.game_settings


def test_a_file_exported_while_the_settings_were_event_columns_imports_them(enter, tmp_path):
    """Older exports held the fleet points in ``scoring`` and the resources beside the event's fields;
    files older still have no retirement setting and retired by the 2016 table."""
    event = EventFactory(name="Old Open", fleet_point_base=125, bye_fleet_points=50, banned_resources="Sick Bay")
    data = json.loads(export(event))
    del data["event"]["settings"]
    data["event"]["scoring"].update(fleet_point_base=125, bye_fleet_points=50)
    data["event"]["banned_resources"] = "Sick Bay"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), stdout=StringIO())
    assert Event.objects.exclude(pk=event.pk).get().game_settings == {
        "fleet_point_base": 125,
        "bye_fleet_points": 50,
        "banned_resources": "Sick Bay",
        "resource_rule": "table-2016",
    }


def test_players_unknown_here_get_accounts_without_a_password(played):
    event = played
    data = json.loads(export(event))
    for player in data["players"]:
        player["player"] = "visitor-" + player["player"]
    for round_ in data["rounds"]:
        for match in round_["matches"]:
            for side in match["sides"]:
                side["player"] = "visitor-" + side["player"]
    copy = event_import(data=data)
    visitors = User.objects.filter(username__startswith="visitor-")
    assert visitors.count() == 4 and not any(user.has_usable_password() for user in visitors)
    assert copy.registrations.count() == 4


def test_a_file_that_is_not_an_export_is_refused_and_changes_nothing(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"event": {"name": "Half an export"}}))
    with pytest.raises(CommandError, match="not an event export"):
        call_command("import_event", str(path), stdout=StringIO())
    assert not Event.objects.exists()


def test_export_event_writes_csv_to_a_file(played, tmp_path):
    event = played
    path = tmp_path / "event.csv"
    call_command("export_event", str(event.pk), "--format", "csv", "--output", str(path), stderr=StringIO())
    assert path.read_text().splitlines()[0].startswith("round,stage,table,player")
    assert len(path.read_text().splitlines()) == 1 + 8


def test_export_of_an_unknown_event_is_an_error():
    with pytest.raises(CommandError, match="No event"):
        call_command("export_event", "999")
