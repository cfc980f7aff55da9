"""The cap, the entry fee, the prize support and who paid travel with an exported event; an older
file without them imports with none."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_transfer import export
from tournaments.models import Event
from tournaments.services import registration_set_paid

pytestmark = pytest.mark.django_db


def import_copy(data: dict, tmp_path) -> Event:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), stdout=StringIO())
    return Event.objects.order_by("-pk").first()


def test_the_cap_fee_prizes_and_payments_travel_with_the_event(enter, tmp_path):
    event = EventFactory(player_cap=12, entry_fee="10 EUR", prize_support="1st: booster box\n2nd: playmat")
    paid, _ = enter(event), enter(event)
    registration_set_paid(registration=paid)
    copy = import_copy(json.loads(export(event)), tmp_path)
    assert copy.pk != event.pk
    assert (copy.player_cap, copy.entry_fee, copy.prize_support) == (12, "10 EUR", "1st: booster box\n2nd: playmat")
    assert sorted(copy.registrations.values_list("paid", flat=True)) == [False, True]


def test_an_older_file_without_them_imports_with_none(enter, tmp_path):
    event = EventFactory()
    enter(event)
    data = json.loads(export(event))
    for key in ("player_cap", "entry_fee", "prize_support"):
        del data["event"][key]
    for player in data["players"]:
        del player["paid"]
    copy = import_copy(data, tmp_path)
    assert (copy.player_cap, copy.entry_fee, copy.prize_support) == (None, "", "")
    assert not copy.registrations.get().paid
