"""An event with walk-ins goes out in its JSON export and comes back: each walk-in by name, as a new
walk-in of the importing site, never as whoever holds their generated username there."""

from __future__ import annotations

import pytest

from accounts.models import GuestPlayer
from tests.accounts.factories import OrganizerFactory
from tests.tournaments.test_walk_in_event import WALK_INS, played  # noqa: F401 (the fixture)
from tournaments.exports import event_csv, event_json
from tournaments.models import Event, Registration
from tournaments.selectors import event_standings
from tournaments.services import event_import
from tournaments.services.transfer import ImportRefused

pytestmark = pytest.mark.django_db


def test_walk_ins_are_exported_by_name_and_imported_as_new_walk_ins(played):  # noqa: F811
    event, accounts, walk_ins = played
    data = event_json(event)
    exported = {player["player"]: player["walk_in"] for player in data["players"]}
    assert sorted(name for name in exported.values() if name) == sorted(WALK_INS)
    assert all(exported[registration.player.username] is None for registration in accounts)
    assert "kasidy@bajor.example" not in str(data)

    new_organizer = OrganizerFactory()
    copy = event_import(data=data, organizer=new_organizer)
    imported = Registration.objects.filter(event=copy).select_related("player__guest")
    copied_walk_ins = [registration for registration in imported if registration.walk_in]
    assert sorted(registration.name for registration in copied_walk_ins) == sorted(WALK_INS)
    assert {registration.player_id for registration in copied_walk_ins}.isdisjoint(r.player_id for r in walk_ins)
    assert all(registration.player.guest.created_by == new_organizer for registration in copied_walk_ins)
    assert event_csv(copy).splitlines() == event_csv(event).splitlines()
    assert {row.name: row.match_points for row in event_standings(copy).rows} == {
        row.name: row.match_points for row in event_standings(event).rows
    }


@pytest.mark.parametrize("walk_in", [7, "", "Kasidy\u202eYates", "x" * 151], ids=["number", "empty", "rlo", "long"])
def test_a_bad_walk_in_name_refuses_the_file_and_changes_nothing(played, walk_in):  # noqa: F811
    event, _accounts, _walk_ins = played
    data = event_json(event)
    data["players"][0]["walk_in"] = walk_in
    guests = GuestPlayer.objects.count()
    with pytest.raises(ImportRefused, match=r"players\[0\]\.walk_in"):
        event_import(data=data, organizer=OrganizerFactory())
    assert Event.objects.count() == 1 and GuestPlayer.objects.count() == guests
