"""The verify page shows a judge the list to compare with the sheet, and only to who may see it;
the typed-code form leads to the same page, rate-limited, and wrong codes learn nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from fleets.models import FleetVersion
from tests.accounts.factories import JudgeFactory, PlayerFactory
from tests.fleets.factories import CaptainFactory, FleetFactory, ShipFactory, UpgradeFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.services import (
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    round_pair_next,
)

pytestmark = pytest.mark.django_db

SHIP = "U.S.S. Paper Trail"
LIST = 'data-testid="verified-list"'
WRONG = "does not match"


@pytest.fixture
def world():
    """An event with hidden lists: the owner's version submitted, an opponent, a judge."""
    owner, opponent = PlayerFactory(username="sheet_owner"), PlayerFactory(username="the_opponent")
    event = EventFactory(name="Sealed Cup", lists_public=False)
    event.judges.add(judge := JudgeFactory())
    cards = {
        "ships": [ShipFactory(name=f"{SHIP} {n}").source_id for n in range(3)],
        "captains": [CaptainFactory().source_id for _ in range(3)],
        "upgrades": [UpgradeFactory().source_id for _ in range(3)],
    }
    mine = registration_add(event=event, player=owner)
    version = registration_submit_fleet(
        registration=mine, fleet=fleet_for(owner, legal_fleet_content(cards), name="Paper Fleet")
    ).fleet_version
    theirs = registration_add(event=event, player=opponent)
    registration_submit_fleet(registration=theirs, fleet=fleet_for(opponent, legal_fleet_content(small_catalog())))
    users = {"owner": owner, "opponent": opponent, "judge": judge, "organizer": event.organizer}
    return {"event": event, "version": version, "users": {**users, "stranger": PlayerFactory()}, "regs": [mine, theirs]}


def start(world):
    for registration in world["regs"]:
        registration_check_in(registration=registration)
    event_start(event=world["event"])
    round_pair_next(event=world["event"], by=world["event"].organizer)


def verify_page(client, world, role: str, code: str | None = None) -> str:
    if role != "anonymous":
        client.force_login(world["users"][role])
    version = world["version"]
    return client.get(reverse("fleets:verify", args=[version.pk, code or version.code])).content.decode()


@pytest.mark.parametrize(
    ("role", "sees_list"),
    [("owner", True), ("judge", True), ("organizer", True), ("opponent", False), ("stranger", False)],
)
def test_before_the_start_only_the_owner_and_staff_see_the_list(client, world, role, sees_list):
    page = verify_page(client, world, role)
    assert (LIST in page, SHIP in page) == (sees_list, sees_list)
    if sees_list:
        assert "matches version 1" in page and "Paper Fleet" in page and "105" in page and "Legal" in page
    else:  # sealed: the answer a wrong code gets, not even the owner's name
        assert WRONG in page and "sheet_owner" not in page


def test_before_the_start_an_anonymous_visitor_learns_nothing(client, world):
    page = verify_page(client, world, "anonymous")
    assert WRONG in page and SHIP not in page and "sheet_owner" not in page


@pytest.mark.parametrize(
    ("role", "sees_list"),
    [("opponent", True), ("judge", True), ("owner", True), ("stranger", False), ("anonymous", False)],
)
def test_after_the_start_the_opponent_sees_the_list_and_strangers_only_the_match(client, world, role, sees_list):
    """Seed 003, Suggested tournament format: the opponent verifies the build at every battle round."""
    start(world)
    page = verify_page(client, world, role)
    assert "matches version 1" in page and "sheet_owner" in page and "this is the version submitted" in page
    assert (LIST in page, SHIP in page) == (sees_list, sees_list)


@pytest.mark.parametrize("role", ["anonymous", "stranger", "owner", "judge"])
def test_a_wrong_code_learns_nothing_whoever_asks(client, world, role):
    page = verify_page(client, world, role, code="AAAAAAAA")
    assert WRONG in page and LIST not in page and "matches version" not in page and "Sealed Cup" not in page


# --- The typed-code form ------------------------------------------------------------------------------


def typed(client, code: str, **headers):
    return client.post(reverse("fleets:verify_code"), {"code": code}, **headers)


def test_the_form_is_public_and_linked_from_the_verify_page(client, world):
    form = client.get(reverse("fleets:verify_code"))
    assert form.status_code == 200 and 'name="code"' in form.content.decode()
    assert reverse("fleets:verify_code") in verify_page(client, world, "anonymous")


def test_a_typed_code_opens_the_sheet_s_verify_page(client, world):
    version = world["version"]
    client.force_login(world["users"]["judge"])
    code = f" {version.code[:4].lower()}-{version.code[4:]} "  # as a person types it
    response = typed(client, code)
    assert response.status_code == 302
    assert response.url == reverse("fleets:verify", args=[version.pk, version.code])
    assert LIST in client.get(response.url).content.decode()


@pytest.mark.parametrize(
    ("code", "message"),
    [("", "This field is required"), ("ABC", "8 characters"), ("ABCDEFG1", "8 characters")],
)
def test_a_malformed_code_is_refused_clearly(client, world, code, message):
    response = typed(client, code)
    assert response.status_code == 200 and message in response.content.decode()


def test_a_sealed_code_gets_the_wrong_code_answer(client, world):
    """A stranger typing the right code of a sealed list is told what a wrong code is told."""
    client.force_login(world["users"]["stranger"])
    sealed = typed(client, world["version"].code)
    wrong = typed(client, "AAAAAAAA")
    assert sealed.status_code == wrong.status_code == 200
    for page in (sealed.content.decode(), wrong.content.decode()):
        assert "No Fleet Build Sheet of this site has this code" in page and "sheet_owner" not in page


def test_an_old_code_shared_by_identical_lists_asks_for_the_qr_code(client, world):
    """Before each version had its own code, identical lists (and copies) shared one; the form
    cannot tell those sheets apart unless the viewer may see exactly one of them."""
    start(world)
    version = world["version"]
    copy = FleetFactory()  # a copy made before codes were per version kept the original's code
    FleetVersion.objects.create(
        fleet=copy, number=1, content=version.content, code=version.code, total=version.total, legal=version.legal
    )
    page = typed(client, version.code).content.decode()
    assert "more than one sheet" in page
    client.force_login(world["users"]["opponent"])
    assert typed(client, version.code).url == reverse("fleets:verify", args=[version.pk, version.code])


def test_typed_codes_are_rate_limited_per_address(client, world):
    start(world)  # the list is no longer sealed: a right code is a match for anyone
    for _ in range(30):
        assert typed(client, "AAAAAAAA").status_code == 200
    refused = typed(client, world["version"].code)
    assert refused.status_code == 429 and "Too many codes" in refused.content.decode()
    other_address = typed(client, world["version"].code, REMOTE_ADDR="192.0.2.7")
    assert other_address.status_code == 302


def test_the_event_s_staff_find_the_form_from_the_fleets_page(client, world):
    fleets = reverse("tournaments:fleets", args=[world["event"].pk])
    client.force_login(world["users"]["judge"])
    assert reverse("fleets:verify_code") in client.get(fleets).content.decode()
    client.force_login(world["users"]["opponent"])
    assert reverse("fleets:verify_code") not in client.get(fleets).content.decode()


def test_the_verify_address_is_rate_limited_like_the_typed_code(client, world):
    """Issue 24, item 8: ``GET /fleets/verify/<id>/<code>/`` answered ~17 guesses a second, unlimited,
    while the typed-code form has a limit. Both count in one budget per address."""
    version = world["version"]
    for _ in range(30):
        assert client.get(reverse("fleets:verify", args=[version.pk, "AAAAAAAA"])).status_code == 200
    refused = client.get(reverse("fleets:verify", args=[version.pk, version.code]))
    assert refused.status_code == 429 and "Too many codes" in refused.content.decode()
    assert typed(client, version.code).status_code == 429
    other_address = client.get(reverse("fleets:verify", args=[version.pk, version.code]), REMOTE_ADDR="192.0.2.7")
    assert other_address.status_code == 200
