"""A whole event with walk-ins: they pair, score, rank and print under the name the organizer typed,
and keep all of it when they claim their account by signing up."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.services import sign_up_confirm, sign_up_request
from games.attack_wing.results import Losses, MatchResult
from tests.on_commit import committed
from tests.tournaments.factories import EventFactory, legal_fleet_content
from tests.tournaments.test_printouts_and_exports import pdf_text
from tests.tournaments.test_sheets_bundle import pages
from tournaments.models import Match
from tournaments.selectors import event_standings
from tournaments.services import (
    event_start,
    registration_add_walk_in,
    registration_check_in,
    result_enter,
    round_pair_next,
    walk_in_submit_fleet,
)

pytestmark = pytest.mark.django_db

WALK_INS = ("Kasidy Yates", "Leeta Dabo")


@pytest.fixture
def played(enter, catalog):
    """Two players with accounts and two walk-ins (one with an e-mail), round 1 played."""
    event = EventFactory(name="Promenade Open")
    accounts = [enter(event) for _ in range(2)]
    walk_ins = []
    for name, email in zip(WALK_INS, ("kasidy@bajor.example", ""), strict=True):
        registration = registration_add_walk_in(event=event, name=name, email=email, added_by=event.organizer)
        walk_in_submit_fleet(
            registration=registration, data=json.dumps(legal_fleet_content(catalog)).encode(), by=event.organizer
        )
        walk_ins.append(registration_check_in(registration=registration))
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round=round_):
        result_enter(match=match, by=event.organizer, result=MatchResult(1, {2: Losses.of(ships=["s0"])}))
    return event, accounts, walk_ins


def staff_client(event) -> Client:
    client = Client()
    client.force_login(event.organizer)
    return client


def test_walk_ins_are_paired_and_ranked_by_their_names(played):
    event, _accounts, walk_ins = played
    seated = {side.registration_id for match in Match.objects.filter(round__event=event) for side in match.sides.all()}
    assert {r.pk for r in walk_ins} <= seated
    ranked = {row.name for row in event_standings(event).rows}
    assert set(WALK_INS) <= ranked
    standings_page = Client().get(reverse("tournaments:standings", args=[event.pk])).text
    assert all(name in standings_page for name in WALK_INS)
    event_page = staff_client(event).get(reverse("tournaments:event", args=[event.pk])).text
    assert all(name in event_page for name in WALK_INS) and "walk-in" in event_page


@pytest.mark.parametrize(
    "address",
    [
        ("tournaments:round_printout", (1, "pairings-by-table")),
        ("tournaments:round_printout", (1, "match-slips")),
        ("tournaments:standings_printout", ()),
    ],
    ids=["pairings-sheet", "match-slips", "standings-pdf"],
)
def test_printouts_name_the_walk_ins(played, address):
    event, _accounts, _walk_ins = played
    name, args = address
    text = pdf_text(staff_client(event).get(reverse(name, args=[event.pk, *args])))
    assert all(walk_in in text for walk_in in WALK_INS)


def test_the_fleet_sheets_bundle_has_a_page_per_walk_in(played):
    event, _accounts, _walk_ins = played
    response = staff_client(event).get(reverse("tournaments:fleet_sheets", args=[event.pk]))
    text = " ".join(pages(response.content))
    assert all(walk_in in text for walk_in in WALK_INS)


def test_the_api_and_the_live_page_name_the_walk_ins(played):
    event, _accounts, _walk_ins = played
    standings = Client().get(f"/api/events/{event.pk}/standings").json()
    assert set(WALK_INS) <= {row["player"] for row in standings}
    live = Client().get(reverse("tournaments:live", args=[event.pk, 1])).text
    assert all(walk_in in live for walk_in in WALK_INS)


def test_the_csv_export_names_the_walk_ins(played):
    event, _accounts, _walk_ins = played
    response = staff_client(event).get(reverse("tournaments:export_csv", args=[event.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert set(WALK_INS) <= {row["player"] for row in rows} | {row["opponent"] for row in rows}


def test_a_walk_in_who_signs_up_keeps_entry_fleet_and_results(played):
    event, _accounts, walk_ins = played
    kasidy = walk_ins[0]
    before = next(row for row in event_standings(event).rows if row.name == "Kasidy Yates")
    with committed():
        sign_up_request(username="kasidy", email="kasidy@bajor.example", password="freighter-captain-77", site_url="")
    user = sign_up_confirm(token=mail.outbox[-1].body.split("link=")[1].split()[0])
    assert user.pk == kasidy.player_id
    kasidy.refresh_from_db()
    assert kasidy.fleet_version.fleet.owner == user
    after = next(row for row in event_standings(event).rows if row.name == "Kasidy Yates")
    assert (after.rank, after.match_points) == (before.rank, before.match_points)
    history = staff_client(event).get(reverse("tournaments:history", args=[event.pk])).text
    assert "claimed by kasidy" in history and "not claimed" in history
