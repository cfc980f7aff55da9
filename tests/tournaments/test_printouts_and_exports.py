"""PDF printouts (read back with pypdf) and the CSV and JSON exports of a played event."""

import csv
import io
import json

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.attack_wing.results import Losses, MatchResult
from tests.tournaments.factories import EventFactory
from tournaments.models import Match
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(enter):
    """Five players (so one bye), round 1 played: seat 1 wins and destroys the first ship."""
    event = EventFactory(name="Emissary Cup")
    registrations = [enter(event) for _ in range(5)]
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round=round_, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1, {2: Losses.of(ships=["s0"])}))
    return event, registrations


def pdf_text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)


def names(registrations) -> list[str]:
    return [r.player.username for r in registrations]


@pytest.mark.parametrize("kind", ["pairings-by-table", "pairings-by-name", "match-slips"])
def test_round_printouts_list_every_paired_player(client, played, kind):
    event, registrations = played
    client.force_login(event.organizer)
    text = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, 1, kind])))
    assert "Emissary Cup" in text
    paired = Match.objects.filter(round__event=event, table__isnull=False)
    at_tables = {s.registration.player.username for m in paired for s in m.sides.select_related("registration__player")}
    assert at_tables and all(name in text for name in at_tables)


def test_match_slips_have_one_slip_per_table_with_result_boxes(client, played):
    event, _ = played
    client.force_login(event.organizer)
    text = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "match-slips"])))
    assert text.count("Fleet points") == 2  # two tables; the bye gets no slip
    assert "table 1" in text and "table 2" in text and "Signature" in text


def test_pairings_by_name_are_alphabetical(client, played):
    event, registrations = played
    client.force_login(event.organizer)
    text = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "pairings-by-name"])))
    cells = [line.strip() for line in text.splitlines()]
    # pypdf reads the table cell by cell, row after row; the live page's address follows it.
    body = cells[cells.index("W-T-L") + 1 : next(i for i, c in enumerate(cells) if c.startswith("Your table"))]
    first_column = body[0::5]  # player, table, opponent, points, record
    assert first_column == sorted(names(registrations), key=str.casefold)


def test_standings_printout(client, played):
    event, registrations = played
    client.force_login(event.organizer)
    text = pdf_text(client.get(reverse("tournaments:standings_printout", args=[event.pk])))
    assert "standings" in text and all(name in text for name in names(registrations))


def test_unknown_printout_is_not_found(client, played):
    event, _ = played
    client.force_login(event.organizer)
    assert client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "posters"])).status_code == 404


def test_csv_export_has_a_row_per_seat_with_fleet_points(client, played):
    event, registrations = played
    client.force_login(event.organizer)
    response = client.get(reverse("tournaments:export_csv", args=[event.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="event-{event.pk}.csv"'
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 5
    winners = [row for row in rows if row["outcome"] == "win" and row["table"] != "bye"]
    assert len(winners) == 2 and all(row["fleet_points"] == str(130 - 70) for row in winners)
    assert {row["player"] for row in rows} == set(names(registrations))


def test_json_export_holds_the_whole_event(client, played):
    event, registrations = played
    client.force_login(event.organizer)
    data = json.loads(client.get(reverse("tournaments:export_json", args=[event.pk])).content)
    assert data["event"]["name"] == "Emissary Cup" and data["event"]["settings"]["fleet_point_base"] == 130
    assert {p["player"] for p in data["players"]} == set(names(registrations))
    assert all(p["fleet"]["content"]["ships"] for p in data["players"])
    (round_1,) = data["rounds"]
    assert len(round_1["matches"]) == 3
    assert [row["rank"] for row in data["standings"]] == [1, 2, 3, 4, 5]
