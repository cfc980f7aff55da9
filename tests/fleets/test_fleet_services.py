"""Fleet services: every saved change is a version, refusals change nothing, locks hold."""

import json
from datetime import date

import pytest

from fleets.codes import version_code
from fleets.models import Fleet, FleetVersion
from fleets.selectors import content_fleet, load_catalog
from fleets.services import (
    FleetContentError,
    FleetError,
    FleetIllegal,
    FleetInUse,
    FleetLocked,
    FleetStale,
    fleet_change,
    fleet_create,
    fleet_delete,
    fleet_duplicate,
    fleet_import,
    fleet_lock,
    fleet_rename,
    fleet_submission_version,
    fleet_update,
    fleet_update_details,
)
from fleets.views.exports import export_json
from rules.attack_wing import canonical_json
from tests.fleets.factories import FleetFactory, fleet_catalog, legal_content, saved_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


def test_a_new_fleet_has_no_version_until_it_is_saved(cards, player):
    fleet = fleet_create(owner=player, name="  Home Guard ", faction="federation", format_key="wizkids-2014")
    assert (fleet.name, fleet.format_key, fleet.current_version) == ("Home Guard", "wizkids-2014", None)


@pytest.mark.parametrize(
    ("name", "faction", "format_key"),
    [
        ("", "federation", "wizkids-2016"),
        ("x" * 101, "", "wizkids-2016"),
        ("A", "", "nope"),
        ("A", "borg", "wizkids-2016"),
    ],
    ids=["no name", "long name", "unknown format", "faction no card has"],
)
def test_fleet_create_refuses_bad_details(cards, player, name, faction, format_key):
    with pytest.raises(FleetError):
        fleet_create(owner=player, name=name, faction=faction, format_key=format_key)
    assert not Fleet.objects.exists()


def test_every_saved_change_is_a_new_version_with_the_engine_verdict(cards):
    fleet = saved_fleet(cards)
    first = fleet.current_version
    assert (first.number, first.total, first.legal) == (1, 78, True)

    content = legal_content(cards)
    content["ships"] = content["ships"][:2]
    second = fleet_update(fleet=fleet, content=content, by=fleet.owner, base=1)
    assert (second.number, second.total, second.legal) == (2, 52, False)  # two ships: TOO_FEW_SHIPS
    assert [v.number for v in fleet.versions.order_by("number")] == [1, 2]
    first.refresh_from_db()
    assert first.total == 78  # history kept as it was


def test_content_is_stored_canonical_with_the_fleet_format_and_coded(cards):
    content = legal_content(cards)
    del content["format"]  # a file without a format keeps the fleet's
    fleet = saved_fleet(cards, content=content, format_key="wizkids-2014")
    version = fleet.current_version
    engine_fleet = content_fleet(version.content, load_catalog())
    assert version.content["format"] == "wizkids-2014"
    assert version.content["ships"][0]["admiral"] is None  # every key written
    # The code is keyed over the canonical text, which is exactly the engine's canonical_json.
    assert json.dumps(version.content, sort_keys=True, separators=(",", ":"), ensure_ascii=False) == (
        canonical_json(engine_fleet, "wizkids-2014")
    )
    assert version.code == version_code(fleet_id=fleet.pk, number=1, content=version.content)
    assert len(version.code) == 8 and version.code.isalnum() and version.code.isupper()


def test_saving_unchanged_content_adds_no_version(cards):
    fleet = saved_fleet(cards)
    again = fleet_update(fleet=fleet, content=legal_content(cards), by=fleet.owner)
    assert again.number == 1 and fleet.versions.count() == 1


def test_a_change_made_on_an_older_version_is_refused(cards):
    fleet = saved_fleet(cards)
    with pytest.raises(FleetStale):
        fleet_update(fleet=fleet, content={"ships": []}, by=fleet.owner, base=0)
    assert fleet.versions.count() == 1


@pytest.mark.parametrize(
    "content",
    [
        {"ships": [{"ship": "NOPE"}]},
        {"ships": [{"ship": "Cap0"}]},
        {"ships": [], "resources": ["S0"]},
        {"ships": [{"ship": "S0", "warp": 9}]},
        {"format": "no-such-format", "ships": []},
        {"format": ["wizkids-2016"], "ships": []},
        {"ships": [], "resources": "R"},
        {"ships": [], "resources": [7]},
        {"ships": [], "colour": "red"},
        {"ships": {}},
        ["not", "an", "object"],
    ],
    ids=[
        "unknown card",
        "captain as ship",
        "ship as resource",
        "unknown key",
        "unknown format",
        "format not text",
        "resources not a list",
        "resource not an id",
        "unknown key of an empty fleet",
        "ships not a list",
        "not an object",
    ],
)
def test_unreadable_content_is_refused_and_changes_nothing(cards, content):
    fleet = saved_fleet(cards)
    content = json.loads(json.dumps(content).replace('"S0"', json.dumps(cards.ships[0])))
    content = json.loads(json.dumps(content).replace('"Cap0"', json.dumps(cards.captains[0])))
    with pytest.raises(FleetError):
        fleet_update(fleet=fleet, content=content, by=fleet.owner)
    assert fleet.versions.count() == 1
    fleet.refresh_from_db()
    assert fleet.format_key == "wizkids-2016"


def test_a_fleet_may_lose_every_ship_and_keep_its_resource(cards):
    fleet = saved_fleet(cards)
    version = fleet_update(fleet=fleet, content={"ships": [], "resources": [cards.resource]}, by=fleet.owner)
    assert (version.number, version.total, version.legal) == (2, 5, False)


def test_locked_fleets_refuse_every_change(cards):
    fleet = saved_fleet(cards)
    fleet_lock(fleet=fleet)
    for change in (
        lambda: fleet_update(fleet=fleet, content={"ships": []}, by=fleet.owner),
        lambda: fleet_rename(fleet=fleet, name="New name"),
        lambda: fleet_update_details(fleet=fleet, by=fleet.owner, format_key="wizkids-2014"),
        lambda: fleet_delete(fleet=fleet),
    ):
        with pytest.raises(FleetLocked):
            change()
    fleet.refresh_from_db()
    assert fleet.versions.count() == 1 and fleet.name.startswith("Task Force")


def test_fleet_lock_is_idempotent(cards):
    fleet = fleet_lock(fleet=saved_fleet(cards))
    locked_at = fleet.locked_at
    assert fleet_lock(fleet=fleet).locked_at == locked_at


def test_details_change_and_a_new_format_is_a_new_version(cards):
    fleet = saved_fleet(cards)
    fleet_update_details(fleet=fleet, by=fleet.owner, name="Renamed", faction="klingon")
    assert fleet.versions.count() == 1
    fleet = fleet_update_details(fleet=fleet, by=fleet.owner, format_key="wizkids-2014")
    current = fleet.current_version
    assert (fleet.name, fleet.faction, fleet.format_key) == ("Renamed", "klingon", "wizkids-2014")
    assert (current.number, current.content["format"]) == (2, "wizkids-2014")


def test_a_fleet_created_with_content_holds_it_as_version_1(cards, player):
    fleet = fleet_create(
        owner=player, name="Task Force", faction="federation", format_key="wizkids-2014", content=legal_content(cards)
    )
    version = fleet.current_version
    assert (fleet.format_key, version.number, version.created_by, version.legal) == ("wizkids-2016", 1, player, True)


def test_a_fleet_with_unreadable_content_is_not_created(cards, player):
    with pytest.raises(FleetContentError):
        fleet_create(owner=player, name="Task Force", faction="", content={"ships": [{"ship": "NOPE"}]})
    assert not Fleet.objects.exists() and not FleetVersion.objects.exists()


def test_fleet_change_saves_the_list_and_the_details_together(cards):
    fleet = saved_fleet(cards)
    content = {**legal_content(cards), "ships": legal_content(cards)["ships"][:2]}
    fleet = fleet_change(fleet=fleet, by=fleet.owner, content=content, base=1, name="Two Ships", faction="klingon")
    assert (fleet.name, fleet.faction, fleet.current_version.number) == ("Two Ships", "klingon", 2)


@pytest.mark.parametrize(
    "change",
    [{"name": ""}, {"faction": "borg"}, {"format_key": "nope"}, {"base": 0}],
    ids=["no name", "faction no card has", "unknown format", "stale base"],
)
def test_fleet_change_refused_saves_neither_the_list_nor_the_details(cards, change):
    fleet = saved_fleet(cards)
    before = (fleet.name, fleet.faction, fleet.format_key)
    content = {**legal_content(cards), "ships": legal_content(cards)["ships"][:2]}
    details = {"name": "Two Ships", **change}
    with pytest.raises(FleetError):
        fleet_change(fleet=fleet, by=fleet.owner, content=content, **details)
    fleet.refresh_from_db()
    assert fleet.versions.count() == 1 and (fleet.name, fleet.faction, fleet.format_key) == before


def test_the_format_of_an_empty_fleet_changes_without_a_version(player):
    fleet = fleet_create(owner=player, name="Empty", faction="", format_key="wizkids-2016")
    fleet = fleet_update_details(fleet=fleet, by=player, format_key="wizkids-2014")
    assert fleet.format_key == "wizkids-2014" and fleet.current_version is None


def test_duplicate_of_a_locked_fleet_is_an_unlocked_copy_for_the_new_owner(cards, other_player):
    fleet = fleet_lock(fleet=saved_fleet(cards))
    copy = fleet_duplicate(fleet=fleet, owner=other_player)
    assert copy.owner == other_player and not copy.is_locked and copy.name == f"Copy of {fleet.name}"
    assert copy.current_version.content == fleet.current_version.content
    assert copy.current_version.code != fleet.current_version.code  # the copy's sheet is not the original's
    assert copy.current_version.code == version_code(fleet_id=copy.pk, number=1, content=fleet.current_version.content)
    fleet_update(fleet=copy, content={"ships": []}, by=other_player)  # the copy is editable


def test_duplicate_of_an_empty_fleet_is_empty(player):
    assert fleet_duplicate(fleet=FleetFactory(), owner=player).current_version is None


def test_delete_removes_the_fleet_and_its_history(cards):
    fleet = saved_fleet(cards)
    fleet_delete(fleet=fleet)
    assert not Fleet.objects.exists() and not FleetVersion.objects.exists()


def test_a_submitted_fleet_cannot_be_deleted(cards):
    """Events keep the submitted version with PROTECT; the refusal says why and deletes nothing."""
    from tests.tournaments.factories import RegistrationFactory

    fleet = saved_fleet(cards)
    RegistrationFactory(player=fleet.owner, fleet_version=fleet.current_version)
    with pytest.raises(FleetInUse, match="submitted to an event"):
        fleet_delete(fleet=fleet)
    assert Fleet.objects.filter(pk=fleet.pk).exists()


def test_submission_version_is_the_current_version_when_legal(cards):
    fleet = saved_fleet(cards)
    assert fleet_submission_version(fleet=fleet, format="wizkids-2016", on_date=date(2016, 6, 1)) == (
        fleet.current_version
    )


def test_submission_version_refuses_an_illegal_fleet_with_the_engine_report(cards):
    content = legal_content(cards)
    content["ships"][0]["upgrades"] = [cards.weapon] * 6  # 20 + 3 + 30 = 53 > 50
    fleet = saved_fleet(cards, content=content)
    with pytest.raises(FleetIllegal) as refused:
        fleet_submission_version(fleet=fleet, format="wizkids-2016", on_date=None)
    assert "SHIP_OVER_LIMIT" in {v.code for v in refused.value.report.violations}


def test_submission_version_judges_by_the_event_format_not_the_fleet_format(cards):
    """The 2014 format's limit is 120 SP (2014 FAQ, Suggested tournament format)."""
    content = legal_content(cards)
    for ship in content["ships"]:
        ship["upgrades"] = [cards.weapon, cards.weapon, cards.tech, cards.crew]  # 20 + 3 + 17 = 40 each
    fleet = saved_fleet(cards, content=content)
    assert fleet.current_version.total == 120
    assert fleet_submission_version(fleet=fleet, format="wizkids-2014", on_date=None)
    content["ships"][0]["upgrades"].append(cards.crew)
    fleet_update(fleet=fleet, content=content, by=fleet.owner)
    with pytest.raises(FleetIllegal):
        fleet_submission_version(fleet=fleet, format="wizkids-2014", on_date=None)


def test_an_empty_fleet_cannot_be_submitted(cards, player):
    fleet = fleet_create(owner=player, name="Nothing", faction="federation")
    with pytest.raises(FleetIllegal):
        fleet_submission_version(fleet=fleet, format="wizkids-2016", on_date=None)


def test_import_creates_a_fleet_from_a_fleet_file(cards, player):
    data = json.dumps({**legal_content(cards), "format": "wizkids-2014", "date": "2016-06-01"}).encode()
    fleet = fleet_import(owner=player, data=data, name="From the forum")
    version = fleet.current_version
    assert (fleet.name, fleet.format_key, fleet.faction, version.number, version.total) == (
        "From the forum",
        "wizkids-2014",
        "federation",  # most ships are Federation
        1,
        78,
    )
    assert "date" not in version.content  # the event date is the event's, not the list's


def test_export_then_import_is_exact(cards, other_player):
    original = saved_fleet(cards).current_version
    exported = export_json(original)
    imported = fleet_import(owner=other_player, data=exported.encode()).current_version
    assert imported.content == original.content and imported.code != original.code  # another fleet's version
    assert export_json(imported) == exported


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xff\xfe not utf-8",
        b"{not json",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"ships": [{"ship": "S1"}], "n": ' + b"9" * 5000 + b"}",
        b"x" * (300 * 1024),
        b'{"ships": []}',
        b'{"ships": [{"ship": "NO-SUCH-CARD"}]}',
        b'{"ships": [{"ship": "<script>alert(1)</script>"}]}',
        b'{"format": "no-such-format", "ships": [{"ship": "SHIP"}]}',
    ],
    ids=[
        "empty",
        "not utf-8",
        "not json",
        "deep nesting",
        "huge number",
        "too large",
        "no ships",
        "unknown card",
        "markup as id",
        "unknown format",
    ],
)
def test_a_hostile_or_broken_file_is_refused_clearly_and_creates_nothing(cards, player, data):
    data = data.replace(b'"SHIP"', json.dumps(cards.ships[0]).encode())
    with pytest.raises(FleetContentError if b"no-such-format" not in data else FleetError) as refused:
        fleet_import(owner=player, data=data)
    assert refused.value.message and "\n" not in refused.value.message
    assert not Fleet.objects.exists()
