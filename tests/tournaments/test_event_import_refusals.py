"""``import_event`` refuses a hostile file cleanly: one line per problem, exit status 2, nothing written.

Each file here once got past the import: a database error half-way (duplicate rounds,
seats or players, negative or huge numbers, over-long text, NUL characters), a crash
(deep JSON), or worse, an import that went through (accounts with invalid usernames,
judges who do not hold the Judge role).
"""

import copy
import json
from datetime import date, time
from io import StringIO

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command

from fleets.models import Fleet, FleetVersion
from games.attack_wing.results import Losses, MatchResult
from stores.models import Store, StoreRoleKind
from stores.services import store_appoint, store_create
from tests.accounts.factories import JudgeFactory, OrganizerFactory
from tests.tournaments.factories import EventFactory
from tournaments.errors import TournamentError
from tournaments.management.commands import import_event
from tournaments.models import Event, Match, MatchSide, Registration, ResultChange, ResultReport, Round
from tournaments.serializers import MAX_PROBLEMS
from tournaments.services import (
    event_appoint_judge,
    event_create,
    event_import,
    event_start,
    event_update,
    result_enter,
    result_report,
    round_pair_next,
)
from tournaments.services.event_rules import EventInvalid

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(enter):
    """The export of a running event: four players, round 1 paired, one result reported, one entered."""
    event = EventFactory(name="Sector 001 Open")
    for _ in range(4):
        enter(event)
    event_start(event=event)
    first, second = Match.objects.filter(round=round_pair_next(event=event, by=event.organizer)).order_by("table")
    players = {side.seat: side.registration.player for side in first.sides.select_related("registration__player")}
    result_report(match=first, by=players[1], result=MatchResult(1))
    result_enter(match=second, by=event.organizer, result=MatchResult(2, {1: Losses.of(ships=["s1"])}))
    out = StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    return json.loads(out.getvalue())


def everything() -> dict:
    """How many rows of each kind the database holds, and who holds which role."""
    models = (Event, Registration, Round, Match, MatchSide, ResultReport, ResultChange, User, Fleet, FleetVersion)
    counts = {model.__name__: model.objects.count() for model in models}
    counts["roles"] = sorted(Group.objects.values_list("name", "user__username"), key=repr)
    counts["judges"] = sorted(Event.judges.through.objects.values_list("event_id", "user_id"))
    return counts


def refusal(tmp_path, data=None, raw: bytes | None = None) -> list[str]:
    """Import the file; it must be refused with exit status 2 and change nothing. Its problem lines."""
    path = tmp_path / "event.json"
    path.write_bytes(raw if raw is not None else json.dumps(data).encode())
    before = everything()
    errors = StringIO()
    with pytest.raises(CommandError, match="not an event export") as refused:
        call_command("import_event", str(path), stdout=StringIO(), stderr=errors)
    assert refused.value.returncode == 2
    assert everything() == before
    lines = errors.getvalue().splitlines()
    assert lines and all(line.strip() for line in lines)
    return lines


def a_match(data, number=0):
    return data["rounds"][0]["matches"][number]


def rename_player(data, old, new):
    for player in data["players"]:
        if player["player"] == old:
            player["player"] = new
    for round_ in data["rounds"]:
        for match in round_["matches"]:
            for side in match["sides"]:
                if side["player"] == old:
                    side["player"] = new


def duplicate_round(data):
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))


def duplicate_seat(data):
    a_match(data)["sides"][1]["seat"] = 1


def duplicate_player(data):
    data["players"].append(copy.deepcopy(data["players"][0]))


def player_seated_twice(data):
    a_match(data, 1)["sides"][0]["player"] = a_match(data, 0)["sides"][0]["player"]


def negative_round(data):
    data["rounds"][0]["number"] = -1


def seat_three(data):
    a_match(data)["sides"][1]["seat"] = 3


def long_club(data):
    data["players"][0]["club"] = "x" * 81


def huge_round(data):
    data["rounds"][0]["number"] = 10**12


def huge_fleet_points(data):
    a_match(data, 1)["sides"][0]["fleet_points"] = 10**15


def nul_in_text(data):
    data["event"]["venue"] = "Quark's\x00"


def nul_in_a_result(data):
    a_match(data, 1)["sides"][0]["losses"] = {"ships": ["s1\x00"]}


def nan_in_a_result(data):
    a_match(data, 1)["result"] = {"winner": float("nan")}


def moderately_deep(data):
    deep: list = []
    for _ in range(200):
        deep = [deep]
    a_match(data, 1)["result"] = deep


def invalid_username(data):
    rename_player(data, data["players"][0]["player"], "captain kirk!")


def judge_without_the_role(data):
    data["event"]["judges"] = [data["players"][0]["player"]]


def organizer_without_the_role(data):
    data["event"]["organizer"] = data["players"][0]["player"]


def naive_time(data):
    data["players"][0]["registered_at"] = "2026-01-01T10:00:00"


def number_as_text(data):
    data["rounds"][0]["number"] = "1"


def unknown_game(data):
    data["event"]["game"] = "tiddlywinks"


def huge_fleet_point_base(data):
    data["event"]["settings"]["fleet_point_base"] = 2**40


def settings_not_an_object(data):
    data["event"]["settings"] = ["fleet_point_base", 130]


def a_list_as_a_setting(data):
    data["event"]["settings"]["banned_resources"] = ["Sick Bay"]


def nul_in_a_setting(data):
    data["event"]["settings"]["banned_resources"] = "Sick\x00Bay"


def unknown_player_at_a_table(data):
    a_match(data)["sides"][0]["player"] = "nobody-registered"


@pytest.mark.parametrize(
    ("attack", "expected"),
    [
        (duplicate_round, "rounds[1]: repeats the round number 1"),
        (duplicate_seat, "rounds[0].matches[0].sides[1]: repeats the seat 1"),
        (duplicate_player, "players[4]: repeats the player"),
        (player_seated_twice, "is seated twice in this round"),
        (negative_round, "rounds[0].number: must be a whole number from 0 to 32767"),
        (seat_three, "sides[1].seat: must be 1 or 2"),
        (long_club, "players[0].club: Ensure this value has at most 80 characters (it has 81)."),
        (huge_round, "rounds[0].number: must be a whole number from 0 to 32767"),
        (huge_fleet_points, "sides[0].fleet_points: must be a whole number from 0 to 32767"),
        (nul_in_text, "event.venue: holds a NUL character"),
        (nul_in_a_result, "losses.ships[0]: holds a NUL character"),
        (nan_in_a_result, "result.winner: is not a finite number"),
        (moderately_deep, "nests deeper than 32 levels"),
        (invalid_username, "players[0].player: 'captain kirk!' is not a valid username"),
        (judge_without_the_role, "event.judges: "),
        (organizer_without_the_role, "event.organizer: "),
        (naive_time, "players[0].registered_at: must say its offset from UTC"),
        (number_as_text, "rounds[0].number: must be a whole number"),
        (unknown_game, "event.game: Value 'tiddlywinks' is not a valid choice."),
        (unknown_player_at_a_table, "'nobody-registered' is not a player"),
        (huge_fleet_point_base, "event.settings.fleet_point_base: Ensure this value is less than or equal to 32767"),
        (settings_not_an_object, "event.settings: must be an object"),
        (a_list_as_a_setting, "event.settings.banned_resources: must be text, a number or true/false"),
        (nul_in_a_setting, "event.settings.banned_resources: "),
    ],
    ids=lambda value: getattr(value, "__name__", ""),
)
def test_a_hostile_file_is_refused_with_its_problem_and_nothing_written(exported, tmp_path, attack, expected):
    attack(exported)
    lines = refusal(tmp_path, exported)
    assert any(expected in line for line in lines), lines


def test_no_account_with_an_invalid_username_is_created(exported, tmp_path):
    invalid_username(exported)
    refusal(tmp_path, exported)
    assert not User.objects.filter(username="captain kirk!").exists()


def test_a_player_named_as_judge_does_not_become_one(exported, tmp_path):
    judge_without_the_role(exported)
    [line] = refusal(tmp_path, exported)
    assert line == f"event.judges: {exported['players'][0]['player']!r} does not hold the Judge role here"


def test_every_problem_has_its_own_line(exported, tmp_path):
    long_club(exported)
    nul_in_text(exported)
    duplicate_seat(exported)
    lines = refusal(tmp_path, exported)
    assert len(lines) == 3, lines


def test_json_nested_too_deep_to_read_is_refused(tmp_path):
    assert refusal(tmp_path, raw=b'{"event": ' + b"[" * 100_000 + b"]" * 100_000 + b"}") == ["its JSON nests too deep"]


def test_a_file_over_the_size_limit_is_refused_unread(exported, tmp_path, monkeypatch):
    monkeypatch.setattr(import_event, "MAX_BYTES", 1000)
    assert refusal(tmp_path, exported) == ["it is larger than 1000 bytes"]


@pytest.mark.parametrize(("raw", "expected"), [(b"\xff\xfe", "not UTF-8"), (b"{event", "not JSON")])
def test_a_file_that_is_not_json_is_refused(tmp_path, raw, expected):
    [line] = refusal(tmp_path, raw=raw)
    assert expected in line


def test_a_hostile_file_cannot_make_thousands_of_lines(exported, tmp_path):
    exported["players"].extend({"player": f"bad name {number}"} for number in range(500))
    lines = refusal(tmp_path, exported)
    assert len(lines) == MAX_PROBLEMS + 1 and lines[-1].startswith("... and ")


def test_times_the_database_keeps_itself_may_be_left_out(exported):
    """Exports of older versions lack some times (when the event was created, when a player registered)."""
    del exported["event"]["created_at"]
    del exported["players"][0]["registered_at"]
    exported["rounds"][0]["paired_at"] = None
    event = event_import(data=exported)
    assert event.created_at is not None and all(r.registered_at for r in event.registrations.all())


def test_missing_staff_accounts_are_created_with_their_role(exported):
    exported["event"]["organizer"] = "visiting-organizer"
    exported["event"]["judges"] = ["visiting-judge"]
    event = event_import(data=exported)
    assert list(event.organizer.groups.values_list("name", flat=True)) == ["Organizer"]
    assert [list(judge.groups.values_list("name", flat=True)) for judge in event.judges.all()] == [["Judge"]]
    assert not event.organizer.has_usable_password()
    assert User.objects.filter(username="visiting-judge").exists()


@pytest.fixture
def other_store(admin_user):
    """Quark's organizes the Promenade store; the Yorktown store is another organizer's."""
    quark, odo = OrganizerFactory(username="quark"), OrganizerFactory(username="odo")
    store_create(name="Promenade Games", town="Deep Space Nine", first_organizer=quark, by=admin_user)
    yorktown = store_create(name="Starbase Hobbies", town="Yorktown", first_organizer=odo, by=admin_user)
    return quark, yorktown


def test_an_event_at_a_store_he_does_not_organize_ending_before_it_starts_is_not_imported(other_store, tmp_path):
    """The import keeps the rules every event keeps (``tournaments.services.event_rules``): the store
    and the times are refused with a line each, and nothing is written."""
    quark, yorktown = other_store
    event = EventFactory(name="Yorktown Open", store=yorktown, start_time=time(19, 0), end_time=time(22, 0))
    out = StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    data = json.loads(out.getvalue())
    data["event"]["end_time"] = "18:00:00"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    before = everything()
    errors = StringIO()
    with pytest.raises(CommandError, match="2 problems"):
        call_command("import_event", str(path), "--organizer", "quark", stdout=StringIO(), stderr=errors)
    assert everything() == before
    lines = errors.getvalue()
    assert "event.store: quark does not organize Starbase Hobbies, Yorktown here" in lines
    assert "event.end_time: The end comes after the start" in lines


def test_the_services_refuse_what_the_form_refuses(other_store):
    """``event_create`` and ``event_update`` ask the same rules as the form: another organizer's store
    and an end before the start are refused, and nothing is written."""
    quark, yorktown = other_store
    fields = {"name": "Yorktown Open", "game": "attack-wing", "format": "wizkids-2016", "date": date(2026, 12, 5)}
    with pytest.raises(EventInvalid) as refused:
        event_create(organizer=quark, store=yorktown, start_time=time(19, 0), end_time=time(18, 0), **fields)
    assert set(refused.value.problems) == {"store", "end_time"}
    assert not Event.objects.filter(name="Yorktown Open").exists()
    event = event_create(organizer=quark, **fields)
    with pytest.raises(EventInvalid, match="does not organize Starbase Hobbies"):
        event_update(event=event, by=quark, store=yorktown)
    with pytest.raises(EventInvalid, match="Give the start time too"):
        event_update(event=event, by=quark, end_time=time(18, 0))
    event.refresh_from_db()
    assert (event.store, event.end_time) == (None, None)


def test_the_services_refuse_a_judge_the_form_does_not_offer(other_store):
    """The judge rule is one (``event_rules.judge_refusal``): the form, ``event_create``, ``event_update``
    and appointing a judge refuse another store's judge for an event held at Quark's store."""
    quark, yorktown = other_store
    promenade = Store.objects.get(name="Promenade Games")
    stranger = JudgeFactory(username="garak")
    store_appoint(store=yorktown, person=stranger, role=StoreRoleKind.JUDGE, by=None)
    fields = {"name": "Promenade Open", "game": "attack-wing", "format": "wizkids-2016", "date": date(2026, 12, 5)}
    with pytest.raises(EventInvalid) as refused:
        event_create(organizer=quark, store=promenade, judges=[stranger], **fields)
    assert set(refused.value.problems) == {"judges"} and "garak may not judge" in refused.value.problems["judges"]
    assert not Event.objects.filter(name="Promenade Open").exists()
    event = event_create(organizer=quark, store=promenade, **fields)
    with pytest.raises(EventInvalid, match="garak may not judge"):
        event_update(event=event, by=quark, judges=[stranger])
    with pytest.raises(TournamentError, match="garak may not judge"):
        event_appoint_judge(event=event, judge=stranger, by=quark)
    assert not event.judges.exists()
