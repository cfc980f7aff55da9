"""If the laptop dies (README): an event's newest snapshot, imported with ``import_event``, carries on in the
browser where the event stopped, and finishing its round there gives the standings the original gives."""

from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.attack_wing.results import MatchResult
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.e2e.conftest import log_in
from tests.security.world import enter_with_fleet
from tests.tournaments.factories import EventFactory, small_catalog
from tournaments.models import Event, MatchStatus
from tournaments.selectors import event_standings
from tournaments.services import (
    event_start,
    result_confirm,
    result_enter,
    result_report,
)

pytestmark = pytest.mark.django_db(transaction=True)


def standings(event):
    """Each player's line (players level on every column are ordered by a draw on the event's ids)."""
    return {row.name: (row.match_points, row.wins, row.losses, row.values) for row in event_standings(event).rows}


def seat_player(match, seat):
    return match.sides.select_related("registration__player").get(seat=seat).registration.player


def test_a_snapshot_imported_carries_the_round_on_in_the_browser(page, settings, tmp_path):
    settings.EVENT_SNAPSHOTS = str(tmp_path)
    organizer = OrganizerFactory(username="sisko")
    event = EventFactory(organizer=organizer, name="The Bajoran Open")
    catalog = small_catalog()
    for n in range(4):
        enter_with_fleet(event, PlayerFactory(username=f"bajoran_{n}"), catalog)
    event_start(event=event)

    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_role("button", name="Pair next round").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    round_1 = event.rounds.get(number=1)
    table_1 = round_1.matches.get(table=1)
    result_report(match=table_1, by=seat_player(table_1, 1), result=MatchResult(1))
    result_confirm(match=table_1, by=seat_player(table_1, 2))
    [*_, newest] = sorted(tmp_path.glob(f"event-{event.pk}-*.json"))

    call_command("import_event", str(newest), "--organizer", organizer.username, stdout=StringIO())
    copy = Event.objects.exclude(pk=event.pk).get()
    statuses = dict(copy.rounds.get(number=1).matches.values_list("table", "status"))
    assert statuses == {1: MatchStatus.CONFIRMED, 2: MatchStatus.AWAITING}

    winner = seat_player(round_1.matches.get(table=2), 2)
    page.goto(f"/events/{copy.pk}/rounds/1/")
    expect(page.locator("#table-1")).to_contain_text("Confirmed")
    page.get_by_role("link", name="Match page, table 2").click()
    page.get_by_label(f"{winner.username} won").check()
    page.get_by_role("button", name="Save result").click()
    expect(page.get_by_text("Result saved.")).to_be_visible()
    result_enter(match=round_1.matches.get(table=2), by=organizer, result=MatchResult(2))

    assert standings(copy) == standings(event)
    page.goto(f"/events/{copy.pk}/standings/")
    for name in standings(event):
        expect(page.get_by_role("main")).to_contain_text(name)
