"""Seasons over real finished events: the table, its exports, the form (rules.tournament.seasons' tie-breaks)."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.urls import reverse
from pypdf import PdfReader

from seasons.models import Season
from seasons.selectors import season_table
from seasons.services import season_save

from .conftest import play_event

pytestmark = pytest.mark.django_db


def make_season(league, **fields):
    values = {
        "name": "Spring league",
        "game": "attack-wing",
        "formats": [],
        "starts_on": date(2026, 3, 1),
        "ends_on": date(2026, 5, 31),
        "every_event": True,
        "best_events": None,
        "qualify_top": 2,
        "placing_points": "10, 7, 5, 3",
    }
    values.update(fields)
    return season_save(by=league["organizer"], stores=[league["store"]], **values)


def test_every_finished_event_of_the_store_in_the_period_counts(league):
    play_event(league, date(2026, 3, 5))
    play_event(league, date(2026, 4, 5))
    play_event(league, date(2026, 6, 5))  # after the season
    table = season_table(make_season(league))
    assert len(table.events) == 2
    ada = table.lines[0]
    assert (ada.name, ada.row.rank, ada.row.events_played, ada.row.event_wins) == ("Ada", 1, 2, 2)
    # 3 for playing + 3 per win (2 wins) + 10 for first place, twice.
    assert ada.row.points == 2 * (3 + 6 + 10)
    # Top 2 qualify: Ben and Cy may share second place (each second on one night), and then both do.
    assert all(line.row.qualified == (line.row.rank <= 2) for line in table.lines)
    assert (table.lines[-1].name, table.lines[-1].row.qualified) == ("Di", False)


def test_only_chosen_events_count_when_not_every_event_does(league):
    first = play_event(league, date(2026, 3, 5))
    play_event(league, date(2026, 4, 5))
    season = make_season(league, every_event=False)
    season.events.set([first])
    assert [event.pk for event in season_table(season).events] == [first.pk]


def test_best_events_keeps_each_players_best_nights(league):
    ada, ben, cy, di = league["players"]
    play_event(league, date(2026, 3, 5))
    play_event(league, date(2026, 4, 5), players=[di, cy, ben, ada])  # Ada's worst night
    line = next(line for line in season_table(make_season(league, best_events=1)).lines if line.name == "Ada")
    assert [score.counted for score in line.row.events] == [True, False]
    assert line.row.points == 3 + 6 + 10


def test_the_exports_carry_the_same_table(client, league):
    play_event(league, date(2026, 3, 5))
    season = make_season(league)
    rows = list(csv.reader(io.StringIO(client.get(reverse("seasons:csv", args=[season.pk])).content.decode())))
    assert rows[0][:3] == ["rank", "player", "points"] and rows[1][:3] == ["1", "Ada", "19"]
    data = client.get(reverse("seasons:json", args=[season.pk])).json()
    assert data["standings"][0]["player"] == "Ada" and data["standings"][0]["qualified"] is True
    pdf = client.get(reverse("seasons:pdf", args=[season.pk]))
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Spring league" in text and "Ada" in text


def test_the_store_organizer_creates_a_season_and_a_bad_form_changes_nothing(client, league):
    client.force_login(league["organizer"])
    form = {
        "name": "Summer",
        "stores": [league["store"].pk],
        "game": "attack-wing",
        "starts_on": "2026-06-01",
        "ends_on": "2026-05-01",
        "every_event": "on",
        "participation_points": 3,
        "win_points": 3,
        "tie_points": 1,
        "placing_points": "10, 7, x",
    }
    response = client.post(reverse("seasons:create"), form)
    assert response.status_code == 400
    assert "whole numbers" in response.content.decode()
    assert not Season.objects.exists()
    form.update(ends_on="2026-08-31", placing_points="10,7,5")
    response = client.post(reverse("seasons:create"), form)
    season = Season.objects.get()
    assert response.url == reverse("seasons:detail", args=[season.pk])
    assert season.placing_points == "10, 7, 5"


def test_another_stores_organizer_may_neither_edit_nor_choose_a_store_not_theirs(client, league, other_store_organizer):
    season = make_season(league)
    client.force_login(other_store_organizer)
    assert client.get(reverse("seasons:edit", args=[season.pk])).status_code == 403
    response = client.post(
        reverse("seasons:create"),
        {
            "name": "Stolen",
            "stores": [league["store"].pk],
            "game": "attack-wing",
            "starts_on": "2026-01-01",
            "ends_on": "2026-02-01",
            "every_event": "on",
            "participation_points": 1,
            "win_points": 1,
            "tie_points": 1,
            "placing_points": "1",
        },
    )
    assert response.status_code == 400
    assert Season.objects.count() == 1
