"""A hidden list never leaks through a fleet's later versions: every route × every role, two events.

The attack (security issue, item 1): a player submits version 1 of fleet F to
event E1 (lists public once started), edits F and submits version 2 to event E2
(lists hidden, not started). E1 then starts and pairs the player against an
opponent. Visibility belongs to the *submitted version*: E1's opponent, staff and
(its lists being public) everyone may see version 1; only the owner and E2's
staff may see version 2. Version 2 is built from cards no other list has, so
finding one of their names or its verification code in any answer is a leak.
"""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from fleets.models import Fleet
from fleets.services import api_token_create, fleet_update
from tests.accounts.factories import JudgeFactory, PlayerFactory
from tests.fleets.factories import CaptainFactory, ShipFactory, UpgradeFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.models import MatchSide
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    round_pair_next,
)

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "stranger", "e1_opponent", "e1_organizer", "e1_judge", "e2_organizer", "e2_judge", "owner")
SEE_VERSION_2 = {"owner", "e2_organizer", "e2_judge"}


@pytest.fixture
def world():
    owner, opponent = PlayerFactory(username="fleet_owner"), PlayerFactory(username="e1_opponent")
    e1 = EventFactory(name="Open Lists Cup", lists_public=True)
    e2 = EventFactory(name="Sealed Lists Cup", lists_public=False)
    e1.judges.add(e1_judge := JudgeFactory())
    e2.judges.add(e2_judge := JudgeFactory())
    fleet = fleet_for(owner, legal_fleet_content(small_catalog()), name="Task Force")
    mine = registration_add(event=e1, player=owner)
    version_1 = registration_submit_fleet(registration=mine, fleet=fleet).fleet_version
    secret = {
        "ships": [ShipFactory(name=f"I.K.S. Nightfall {n}").source_id for n in range(3)],
        "captains": [CaptainFactory(name=f"Commander Shadow {n}").source_id for n in range(3)],
        "upgrades": [UpgradeFactory(name=f"Cloaked Specialist {n}").source_id for n in range(3)],
    }
    fleet_update(fleet=fleet, content=legal_fleet_content(secret), by=owner)
    version_2 = registration_submit_fleet(
        registration=registration_add(event=e2, player=owner), fleet=fleet
    ).fleet_version
    theirs = registration_add(event=e1, player=opponent)
    registration_submit_fleet(registration=theirs, fleet=fleet_for(opponent, legal_fleet_content(small_catalog())))
    for registration in (mine, theirs):
        registration_check_in(registration=registration)
    event_start(event=e1)
    round_pair_next(event=e1, by=e1.organizer)
    assert MatchSide.objects.filter(registration=theirs).get().match.sides.filter(registration=mine).exists()
    users = {
        "stranger": PlayerFactory(),
        "e1_opponent": opponent,
        "e1_organizer": e1.organizer,
        "e1_judge": e1_judge,
        "e2_organizer": e2.organizer,
        "e2_judge": e2_judge,
        "owner": owner,
    }
    secrets = ["Nightfall", "Commander Shadow", "Cloaked Specialist", version_2.code]
    secrets += [card for cards in secret.values() for card in cards]
    return {
        "fleet": fleet,
        "v1": version_1,
        "v2": version_2,
        "e1": e1,
        "mine": mine,
        "users": users,
        "secrets": secrets,
    }


def text_of(response) -> str:
    if response.get("Content-Type", "").startswith("application/pdf") and response.content.startswith(b"%PDF"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    return response.content.decode("utf-8", errors="replace")


def client_for(world, role: str) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(world["users"][role])
    return client


def api_client_for(world, role: str) -> Client:
    if role == "anonymous":
        return Client()
    _record, token = api_token_create(user=world["users"][role], name="probe")
    return Client(HTTP_AUTHORIZATION=f"Bearer {token}")


def site_routes(world) -> dict[str, str]:
    fleet, v2 = world["fleet"].pk, world["v2"]
    return {
        "builder": reverse("fleets:detail", args=[fleet]),
        "history": reverse("fleets:history", args=[fleet]),
        "fleet JSON": reverse("fleets:export_json", args=[fleet]),
        "fleet JSON v2": reverse("fleets:export_json", args=[fleet]) + "?version=2",
        "fleet text": reverse("fleets:export_text", args=[fleet]),
        "fleet text v2": reverse("fleets:export_text", args=[fleet]) + "?version=2",
        "Utopia link": reverse("fleets:export_utopia_link", args=[fleet]),
        "Utopia link v2": reverse("fleets:export_utopia_link", args=[fleet]) + "?version=2",
        "Utopia text": reverse("fleets:export_utopia_text", args=[fleet]),
        "Utopia text v2": reverse("fleets:export_utopia_text", args=[fleet]) + "?version=2",
        "sheet": reverse("fleets:sheet", args=[fleet]),
        "sheet v2": reverse("fleets:sheet", args=[fleet]) + "?version=2",
        "verify v2": reverse("fleets:verify", args=[v2.pk, v2.code]),
        "E1 fleet page": reverse("tournaments:fleet", args=[world["e1"].pk, world["mine"].pk]),
        "E1 fleet list": reverse("tournaments:fleets", args=[world["e1"].pk]),
    }


def api_routes(world) -> dict[str, str]:
    fleet = world["fleet"].pk
    return {
        "API detail": f"/api/fleets/{fleet}",
        "API versions": f"/api/fleets/{fleet}/versions",
        "API sheet": f"/api/fleets/{fleet}/sheet.pdf",
        "API sheet v2": f"/api/fleets/{fleet}/sheet.pdf?version=2",
    }


@pytest.mark.parametrize("role", ROLES)
def test_version_2_shows_only_to_its_owner_and_its_own_events_staff(world, role):
    answers = {name: client_for(world, role).get(url) for name, url in site_routes(world).items()}
    answers |= {name: api_client_for(world, role).get(url) for name, url in api_routes(world).items()}
    assert all(response.status_code != 500 for response in answers.values())
    # The verify page repeats the code it was asked about; what it must not do is confirm it.
    verify = text_of(answers.pop("verify v2"))
    leaks = {
        name: found
        for name, response in answers.items()
        if (found := [secret for secret in world["secrets"] if secret in text_of(response)])
    }
    if role in SEE_VERSION_2:
        assert "fleet JSON v2" in leaks and "sheet v2" in leaks and "matches version 2" in verify
    else:
        assert leaks == {}
        assert "does not match" in verify and "Sealed Lists Cup" not in verify


@pytest.mark.parametrize("role", [role for role in ROLES if role not in SEE_VERSION_2 | {"anonymous"}])
def test_everyone_else_sees_version_1_as_submitted_to_the_started_event(world, role):
    """The opponent, E1's staff and (E1's lists being public) any player get version 1, never a later one."""
    client = client_for(world, role)
    exported = client.get(reverse("fleets:export_json", args=[world["fleet"].pk]))
    assert exported.status_code == 200 and exported.json() == world["v1"].content
    history = client.get(reverse("fleets:history", args=[world["fleet"].pk])).text
    assert world["v1"].code in history and world["v2"].code not in history


@pytest.mark.parametrize("role", [role for role in ROLES if role not in SEE_VERSION_2 | {"anonymous"}])
def test_duplicating_copies_the_version_the_copier_may_see(world, role):
    user = world["users"][role]
    client_for(world, role).post(reverse("fleets:duplicate", args=[world["fleet"].pk]))
    copy = Fleet.objects.get(owner=user, name__startswith="Copy of")
    assert copy.current_version.content == world["v1"].content


def test_the_verify_page_keeps_the_sealed_event_to_itself(world):
    """Version 1's page names the started event only; version 2's answers as a wrong code would."""
    v1, v2 = world["v1"], world["v2"]
    page = Client().get(reverse("fleets:verify", args=[v1.pk, v1.code])).text
    assert "Open Lists Cup" in page and "Sealed Lists Cup" not in page
    right = Client().get(reverse("fleets:verify", args=[v2.pk, v2.code])).text
    assert "does not match" in right and "Sealed Lists Cup" not in right


def test_the_owner_and_the_sealed_events_staff_see_both_versions(world):
    for role in SEE_VERSION_2:
        history = client_for(world, role).get(reverse("fleets:history", args=[world["fleet"].pk])).text
        assert world["v2"].code in history
        if role == "owner":
            assert world["v1"].code in history
