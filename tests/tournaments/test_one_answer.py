"""One question, one answer: each fact of an event is decided in one place, and every output asks it.

One finished evening holds every case that gave different answers before: eight players at a store in
New York with a Top 4 (the Swiss leader loses a semifinal), a round 1 result corrected, a late entry
whose list is entered after he was added, and a card file imported after the lists were submitted
that makes Jean-Luc Picard cost one SP more. For each fact the test asks the one function that
decides it and compares every output that states it:

- where each player finished (:func:`tournaments.selectors.final_standings`): the standings page, its
  PDF, the standings CSV, the events API, the event export, each player's record and the season table;
- each player's record of the event, the cut's games included: the API, the export, the records;
- when the event starts (:func:`tournaments.zones.event_start`): the calendar entry, the store's feed and
  the event page, on the store's clock and naming its zone;
- what a submitted list costs (:func:`fleets.selectors.version_price`, the price it was judged at): the
  event's fleets table, the verification page, the event's sheet, the events API and the export.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from io import StringIO
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse

from fleets.selectors import version_price
from fleets.services import api_token_create
from games.attack_wing.results import MatchResult
from seasons.selectors import player_placings, season_table
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.fleets.test_judged_price import FLEET, import_repriced, pdf_text
from tests.permissions.harness import winter_season
from tests.tournaments.factories import fleet_for
from tests.tournaments.test_event_zones import calendar_entries
from tests.tournaments.top_cut import new_york_top_4
from tournaments import selectors, zones
from tournaments.models import Match, MatchStatus, ResultChange
from tournaments.services import (
    event_finish,
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)

pytestmark = pytest.mark.django_db

NEW_YORK = ZoneInfo("America/New_York")
NAMES = ("Ada", "Ben", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


def play(round_, winner_seat: int) -> None:
    for match in Match.objects.filter(round=round_).exclude(status=MatchStatus.CONFIRMED):
        if not match.is_bye:
            result_enter(match=match, by=round_.event.organizer, result=MatchResult(winner_seat))


def evening(tmp_path) -> SimpleNamespace:
    call_command("import_cards", stdout=StringIO())  # the cards Muster ships, as a new site has them
    organizer = OrganizerFactory(username="quark")
    event = new_york_top_4(organizer, lists_public=True)
    store = event.store
    season = winter_season(store, by=organizer)
    players = [PlayerFactory(username=name.lower(), first_name=name) for name in NAMES]
    for player in players:
        registration = registration_add(event=event, player=player, added_by=organizer)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, FLEET, name=f"{player} fleet"))
        registration_check_in(registration=registration)
    event_start(event=event)
    first = round_pair_next(event=event, by=organizer)
    play(first, 1)
    corrected = first.matches.order_by("table").first()
    result_enter(match=corrected, by=organizer, result=MatchResult(2))  # the slip was read the wrong way round
    late = PlayerFactory(username="ivo", first_name="Ivo")
    entry = registration_add(event=event, player=late, added_by=organizer)  # a walk-up, checked in without a list
    entry = registration_submit_fleet(
        registration=entry, fleet=fleet_for(late, FLEET, name="Ivo's fleet"), by=organizer
    )
    play(round_pair_next(event=event, by=organizer), 1)
    import_repriced(tmp_path, "Cap049", 7)  # the cards change after the lists were judged
    semifinals = round_pair_next(event=event, by=organizer)
    swiss_leader = selectors.event_standings(event).rows[0].registration_id
    play(semifinals, 2)  # the lower seed wins each semifinal: the Swiss leader is out
    play(round_pair_next(event=event, by=organizer), 2)
    event_finish(event=event)
    return SimpleNamespace(
        event=event,
        organizer=organizer,
        season=season,
        late=entry,
        version=entry.fleet_version,
        corrected=corrected,
        swiss_leader=swiss_leader,
    )


@pytest.fixture(scope="module")
def night(tmp_path_factory, django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield evening(tmp_path_factory.mktemp("cards"))
        transaction.set_rollback(True)


@pytest.fixture
def staff(night) -> Client:
    client = Client()
    client.force_login(night.event.organizer)
    return client


def api(night, path: str):
    _record, token = api_token_create(user=night.event.organizer, name="overlay")
    return Client(HTTP_AUTHORIZATION=f"Bearer {token}").get(f"/api/events/{night.event.pk}/{path}").json()


def test_the_evening_holds_every_case(night):
    """The cases the outputs once disagreed on are all here, or every comparison below proves less."""
    final = selectors.final_standings(night.event)
    assert final.cut_decided and final.rows[0].registration_id != night.swiss_leader
    assert ResultChange.objects.filter(match=night.corrected).count() >= 2
    assert night.late.fleet_version_id == night.version.pk
    price = version_price(night.version)
    assert price.judged and price.total == 130  # the card file since would say 131


def test_every_output_gives_the_final_placing_the_selector_decides(night, staff):
    final = selectors.final_standings(night.event)
    order = [row.registration_id for row in final.rows]
    names = [row.name for row in final.rows]

    page = staff.get(reverse("tournaments:standings", args=[night.event.pk])).content.decode()
    cut = page[page.index('id="cut-placing"') : page.index("Swiss standings")]
    at = [cut.index(f"</strong> {row.name} ") for row in final.cut_rows]
    assert at == sorted(at)

    printed = {pk: person.name for pk, person in selectors.printed_players(night.event).items()}
    text = pdf_text(staff, night.event.organizer, reverse("tournaments:standings_printout", args=[night.event.pk]))
    at = [text.index(printed[pk]) for pk in order]
    assert at == sorted(at)

    response = staff.get(reverse("tournaments:export_standings_csv", args=[night.event.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row["player"] for row in rows] == names
    assert [int(row["rank"]) for row in rows] == [row.place for row in final.rows]

    assert [row["registration"] for row in api(night, "standings")] == order

    exported = json.loads(staff.get(reverse("tournaments:export_json", args=[night.event.pk])).content)
    assert [row["player"] for row in exported["standings"]] == names

    table = season_table(night.season)
    by_player = {row.registration_id: row for row in final.rows}
    players = {pk: registration.player_id for pk, registration in _registrations(night).items()}
    assert [line.player_id for line in table.lines[:4]] == [players[row.registration_id] for row in final.cut_rows]
    for pk, row in by_player.items():
        [placing] = player_placings(_registrations(night)[pk].player)
        assert placing.rank == row.place


def _registrations(night) -> dict:
    return {registration.pk: registration for registration in night.event.registrations.select_related("player")}


def test_every_output_gives_each_record_with_the_cut_games_counted(night, staff):
    final = selectors.final_standings(night.event)
    records = {row.registration_id: (row.wins, row.ties, row.losses, row.byes) for row in final.rows}
    champion = final.rows[0]
    assert champion.wins > champion.swiss.wins  # the cut's two wins are counted

    from_api = {
        row["registration"]: (row["wins"], row["ties"], row["losses"], row["byes"]) for row in api(night, "standings")
    }
    assert from_api == records
    exported = json.loads(staff.get(reverse("tournaments:export_json", args=[night.event.pk])).content)
    by_name = {row.name: records[row.registration_id] for row in final.rows}
    assert {
        row["player"]: (row["wins"], row["ties"], row["losses"], row["byes"]) for row in exported["standings"]
    } == by_name

    registrations = _registrations(night)
    for pk, (wins, ties, losses, byes) in records.items():
        [placing] = player_placings(registrations[pk].player)
        assert (placing.wins, placing.ties, placing.losses) == (wins + byes, ties, losses)
    page = Client().get(reverse("seasons:player", args=[registrations[champion.registration_id].player_id]))
    assert f"<td>{champion.wins + champion.byes}-{champion.ties}-{champion.losses}</td>" in page.content.decode()


def test_every_output_gives_the_start_on_the_stores_clock(night):
    start = zones.event_start(night.event)
    assert start == datetime(2026, 12, 19, 19, 0, tzinfo=NEW_YORK)
    (entry,) = calendar_entries(reverse("tournaments:event_ics", args=[night.event.pk]))
    assert entry.decoded("dtstart") == start and entry["dtstart"].params["TZID"] == "America/New_York"
    page = Client().get(reverse("tournaments:event", args=[night.event.pk])).content.decode()
    assert zones.event_hours(night.event) in page and zones.event_zone_name(night.event) in page


def test_every_output_gives_the_price_the_list_was_judged_at(night, staff):
    price = version_price(night.version)
    verify = staff.get(reverse("fleets:verify", args=[night.version.pk, night.version.code])).content.decode()
    assert f'data-testid="fleet-total">{price.total}<' in verify
    assert "under the cards of" in verify  # the staff are told today's cards say otherwise, never silently

    fleets = staff.get(reverse("tournaments:fleets", args=[night.event.pk])).content.decode()
    assert f">{price.total}<br>" in fleets

    sheet = pdf_text(
        staff, night.event.organizer, reverse("tournaments:fleet_sheet", args=[night.event.pk, night.late.pk])
    )
    assert f"Total {price.total}" in sheet and f"Costs by Muster from {price.edition}." in sheet

    [listed] = [row for row in api(night, "lists") if row["registration"] == night.late.pk]
    assert (listed["total"], listed["priced_with"]) == (price.total, price.edition)

    exported = json.loads(staff.get(reverse("tournaments:export_json", args=[night.event.pk])).content)
    [player] = [row for row in exported["players"] if row["fleet"] and row["fleet"].get("total") is not None][:1]
    assert player["fleet"]["total"] == price.total
