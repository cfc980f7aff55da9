"""A submitted list keeps the price it was judged at, whatever the cards cost since.

The 2016 tournament rules (/work/shared/reference/staw-tournament-rules-2016-05-31.txt, seed 003
"Suggested tournament format"): players record their fleet on a Fleet Build Sheet and, every
battle round, the opponent verifies the build against it and signs off. So a sheet judged at
130 SP must read 130 SP on every later printout, on the verification page and in the event's
table, even after a card file that charges one SP more for a card of the fleet is imported;
the event's staff are told what today's cards would say, never silently.
"""

from __future__ import annotations

import importlib
import json
import lzma
from io import BytesIO, StringIO
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from fleets.models import JudgedPrice
from fleets.selectors import catalog_edition, version_price
from fleets.services import api_token_create
from games.attack_wing.scoring import fleet_items
from tests.accounts.factories import JudgeFactory, PlayerFactory
from tests.conftest import UTOPIA_FILE
from tests.tournaments.factories import EventFactory, fleet_for
from tournaments.exports import event_json
from tournaments.serializers import event_to_dict
from tournaments.services import event_import, registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db

# The base fleet of the engine tests: legal at exactly 130 SP with the Utopia cards; Jean-Luc Picard (Cap049) 6 SP.
FLEET = {
    "format": "wizkids-2016",
    "ships": [
        {"ship": "S273", "captain": "Cap049", "upgrades": ["T259", "W202", "C462", "C469"]},
        {"ship": "S363", "captain": "Cap043", "upgrades": ["T259", "T149", "W202", "C464", "C474"]},
        {"ship": "S341", "captain": "Cap051", "upgrades": ["W202", "W159", "W158"]},
    ],
}
JUDGED = ("Jean-Luc Picard Federation 6", "Ship 1 total 44", "Total 130")
TODAY = ("Jean-Luc Picard Federation 7", "Ship 1 total 45", "Total 131")


def import_repriced(tmp_path, card_id: str, cost: int) -> None:
    """Import the Utopia file Muster ships with one card's cost changed, as ``import_cards <file>`` does."""
    document = json.loads(lzma.decompress(UTOPIA_FILE.read_bytes()))
    for kind in ("ships", "captains", "upgrades"):
        for card in document[kind]:
            if card["id"] == card_id:
                card["cost"] = cost
    path = tmp_path / "utopia-data.json"
    path.write_text(json.dumps(document))
    call_command("import_cards", str(path), stdout=StringIO())


@pytest.fixture(scope="module")
def judged(tmp_path_factory, django_db_setup, django_db_blocker):
    """Version 1 of a fleet submitted to an event under the cards Muster ships; then Picard costs 7.
    Made once for the module (two imports of the whole card file) and rolled back after it."""
    tmp_path = tmp_path_factory.mktemp("cards")
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("import_cards", stdout=StringIO())  # the cards bundled with Muster, as a new site has them
        owner = PlayerFactory(username="picard_fan")
        event = EventFactory(name="Store Championship", lists_public=False)
        event.judges.add(judge := JudgeFactory())
        registration = registration_add(event=event, player=owner)
        fleet = fleet_for(owner, FLEET, name="Enterprise Group")
        version = registration_submit_fleet(registration=registration, fleet=fleet).fleet_version
        then = catalog_edition()
        import_repriced(tmp_path, "Cap049", 7)
        assert catalog_edition() != then  # the site now prices with other cards
        yield SimpleNamespace(
            event=event,
            registration=registration,
            fleet=fleet,
            version=version,
            owner=owner,
            judge=judge,
            then=then,
            today=f"under the cards of {timezone.localdate().isoformat()}: 131 SP",
        )
        transaction.set_rollback(True)


def page(client, user, url) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def pdf_text(client, user, url) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response["Content-Type"] == "application/pdf"
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(BytesIO(response.content)).pages)


def verify_url(judged) -> str:
    return reverse("fleets:verify", args=[judged.version.pk, judged.version.code])


def test_the_version_keeps_the_report_it_was_judged_at_and_the_cards_that_priced_it(judged):
    kept = JudgedPrice.objects.get(version=judged.version)
    assert (kept.total, kept.edition) == (130, judged.then)
    price = version_price(judged.version)
    assert (price.total, price.edition, price.judged) == (130, judged.then, True)
    picard = price.check().ships[0].lines[1]
    assert (picard.card.name, picard.cost) == ("Jean-Luc Picard", 6)


def test_the_verify_page_shows_the_owner_the_judged_price_only(client, judged):
    html = page(client, judged.owner, verify_url(judged))
    assert 'data-testid="fleet-total">130<' in html
    assert f"Judged at this price when submitted, with {judged.then}." in html
    assert "under the cards of" not in html and 'data-testid="price-today"' not in html


def test_the_verify_page_tells_the_event_s_judge_what_today_s_cards_say_beside_it(client, judged):
    html = page(client, judged.judge, verify_url(judged))
    assert 'data-testid="fleet-total">130<' in html
    assert judged.today in html


@pytest.mark.parametrize("who", ["owner", "judge"])
def test_the_event_s_sheet_prints_the_judged_price_and_names_its_cards(client, judged, who):
    url = reverse("tournaments:fleet_sheet", args=[judged.event.pk, judged.registration.pk])
    text = pdf_text(client, getattr(judged, who), url)
    assert all(line in text for line in JUDGED), text
    assert not any(line in text for line in TODAY)
    assert f"Costs by Muster from {judged.then}." in text


def test_the_all_sheets_bundle_prints_the_judged_price(client, judged):
    text = pdf_text(client, judged.event.organizer, reverse("tournaments:fleet_sheets", args=[judged.event.pk]))
    assert all(line in text for line in JUDGED) and f"Costs by Muster from {judged.then}." in text


def test_the_fleet_page_s_sheet_is_the_event_s_copy_with_its_date_and_event(client, judged):
    """The player's own print of a submitted version names the event like the event's copy does."""
    text = pdf_text(client, judged.owner, reverse("fleets:sheet", args=[judged.fleet.pk]))
    assert f"Date {judged.event.date.isoformat()} Event Store Championship" in text
    assert all(line in text for line in JUDGED)


def test_the_forum_text_gives_the_judged_total(client, judged):
    text = page(client, judged.owner, reverse("fleets:export_text", args=[judged.fleet.pk]))
    assert "Total: 130 SP" in text and "Jean-Luc Picard [Cap049] - 6" in text


def test_the_fleet_s_own_pages_and_api_list_the_judged_total(client, judged):
    for url in (reverse("fleets:history", args=[judged.fleet.pk]), reverse("fleets:list")):
        assert '<td class="cost-cell">130</td>' in page(client, judged.owner, url)
    _record, token = api_token_create(user=judged.owner, name="bot")
    api = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    detail = api.get(f"/api/fleets/{judged.fleet.pk}").json()
    assert (detail["version"]["total"], detail["report"]["total"], detail["priced_with"]) == (130, 130, judged.then)
    assert detail["report"]["ships"][0]["cards"][1]["cost"] == 6
    assert [v["total"] for v in api.get(f"/api/fleets/{judged.fleet.pk}/versions").json()] == [130]


def test_the_event_s_fleets_table_shows_the_judged_total_and_the_staff_today_s_beside_it(client, judged):
    url = reverse("tournaments:fleets", args=[judged.event.pk])
    staff = page(client, judged.event.organizer, url)
    assert ">130<br>" in staff and judged.today in staff
    own = page(Client(), judged.owner, url)
    assert ">130</td>" in own and "under the cards of" not in own
    detail = page(Client(), judged.owner, reverse("tournaments:fleet", args=[judged.event.pk, judged.registration.pk]))
    assert "total 130 SP" in detail and f"Judged at this price when submitted, with {judged.then}." in detail


def test_the_events_api_gives_the_judged_total_and_the_staff_today_s(judged):
    def lists(user) -> dict:
        _record, token = api_token_create(user=user, name="bot")
        response = Client(HTTP_AUTHORIZATION=f"Bearer {token}").get(f"/api/events/{judged.event.pk}/lists")
        return response.json()[0]

    assert lists(judged.judge) | {"fleet": None} == {
        "registration": judged.registration.pk,
        "player": "picard_fan",
        "submitted": True,
        "visible": True,
        "fleet": None,
        "total": 130,
        "priced_with": judged.then,
        "total_today": 131,
    }
    mine = lists(judged.owner)
    assert (mine["total"], mine["total_today"]) == (130, None)


def test_the_event_export_and_the_scored_losses_use_the_judged_price(judged):
    [exported] = [r for r in event_to_dict(judged.event)["players"] if r["fleet"]]
    assert (exported["fleet"]["total"], exported["fleet"]["priced_with"]) == (130, judged.then)
    picard = next(item for item in fleet_items(judged.version) if item.name == "Jean-Luc Picard")
    assert picard.cost == 6  # destroying him scores what the judged list charged


def test_an_event_imported_from_a_file_keeps_the_price_its_fleets_enter_at(judged):
    """Another site's file says what it judged; this site judges the list as it enters, with its own cards,
    and keeps that price from then on."""
    copy = event_import(data=event_json(judged.event))
    version = copy.registrations.get().fleet_version
    assert version.pk != judged.version.pk
    kept = JudgedPrice.objects.get(version=version)
    assert (kept.total, kept.edition) == (131, catalog_edition())
    assert version_price(version).judged


def test_versions_submitted_before_prices_were_kept_are_priced_once_by_the_migration(judged):
    """The data migration prices existing submissions under the cards the site holds when it runs."""
    JudgedPrice.objects.all().delete()
    migration = importlib.import_module("fleets.migrations.0009_judge_submitted_versions")
    migration.judge_submitted_versions(apps, None)
    kept = JudgedPrice.objects.get(version=judged.version)
    assert (kept.total, kept.edition) == (131, catalog_edition())
    migration.judge_submitted_versions(apps, None)  # running it again keeps what it kept
    assert JudgedPrice.objects.get().pk == kept.pk
