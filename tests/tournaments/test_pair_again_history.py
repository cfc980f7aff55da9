"""Pair again keeps its history: the pairings it throws away, and any result changes they held, are
recorded in the event's history with who paired again and when."""

import pytest
from django.urls import reverse

from games.attack_wing.results import MatchResult
from tournaments.errors import TournamentError
from tournaments.models import Match, ResultChange, RoundChange
from tournaments.services import event_start, result_enter, round_pair_next, round_reopen, round_repair

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_1(event_staff, enter):
    event = event_staff["event"]
    for _ in range(5):
        enter(event)
    event_start(event=event)
    return round_pair_next(event=event, by=event.organizer)


def test_pairing_again_records_the_tables_it_removes(round_1, event_staff):
    event, judge = round_1.event, event_staff["judge"]
    tables = {
        m.table: sorted(s.registration.name for s in m.sides.select_related("registration__player"))
        for m in round_1.matches.all()
    }
    round_repair(round_=round_1, by=judge)
    change = RoundChange.objects.get(event=event)
    assert change.changed_by == judge and change.round_number == 1 and change.action == "paired again"
    removed = {table["table"]: sorted(table["players"]) for table in change.removed["matches"]}
    assert removed == tables
    assert all(
        table["status"] == "confirmed" if table["table"] is None else "awaiting" for table in change.removed["matches"]
    )


def test_results_reopened_then_paired_again_stay_in_the_history(round_1, client):
    """A round whose results were reopened (so its tables wait again) can be paired again; the
    results it had and who reopened them are not lost with the old tables."""
    event = round_1.event
    for match in Match.objects.filter(round=round_1, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    round_reopen(round_=round_1, by=event.organizer)
    changes = set(ResultChange.objects.filter(match__round=round_1).values_list("pk", flat=True))
    assert len(changes) == 4  # two entered, two reopened
    round_repair(round_=round_1, by=event.organizer)
    assert not ResultChange.objects.filter(pk__in=changes).exists()
    kept = {entry["id"] for table in RoundChange.objects.get().removed["matches"] for entry in table["history"]}
    assert kept == changes
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:history", args=[event.pk])).text
    assert f"{event.organizer.username} paired Round 1 again; removed: table 1" in page
    assert f"entered by {event.organizer.username}" in page and f"reopened by {event.organizer.username}" in page


def test_a_refused_pair_again_records_nothing(round_1):
    event = round_1.event
    match = Match.objects.filter(round=round_1, table=1).get()
    result_enter(match=match, by=event.organizer, result=MatchResult(1))
    with pytest.raises(TournamentError, match="cannot be paired again"):
        round_repair(round_=round_1, by=event.organizer)
    assert not RoundChange.objects.exists()
