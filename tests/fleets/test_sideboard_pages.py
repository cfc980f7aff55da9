"""A fleet's Reinforcements Sideboard on the site: kept in its versions, shown in the builder, printed on the Fleet
Build Sheet and written in its exports.

The resource's card, point 1: "1 Captain Card, 1 [talent] Upgrade, 1 [crew] Upgrade, 1 [tech] Upgrade and 1
[weapon] Upgrade. The total cost of these cards may not exceed 20 SP"; the 2016 FAQ
(../shared/reference/staw-faq-2016-05-31.txt, "Reinforcements Sideboard"): no faction penalty there.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from fleets.sheets import render_fleet_text
from tests.fleets.factories import ResourceFactory, fleet_catalog, legal_content, saved_fleet
from tests.fleets.test_sheet import pdf_text, sheet
from tests.fleets.views.helpers import HTMX, builder_post, login

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def sideboard_fleet(cards, player):
    resource = ResourceFactory(name="Reinforcements Sideboard", cost=10).source_id
    content = {**legal_content(cards), "resources": [resource], "sideboard": [cards.klingon_captain, cards.weapon]}
    return saved_fleet(cards, content=content, owner=player)


def test_the_version_keeps_the_sideboard_and_pays_the_resource_only(sideboard_fleet, cards):
    version = sideboard_fleet.current_version
    assert version.content["sideboard"] == [cards.klingon_captain, cards.weapon]
    assert (version.total, version.legal) == (78 + 10, True)


def test_the_builder_shows_the_sideboard_and_keeps_it_through_an_edit(client, sideboard_fleet, cards, player):
    login(client, player)
    page = client.get(reverse("fleets:detail", args=[sideboard_fleet.pk])).content.decode()
    block = page[page.index('data-testid="sideboard"') :]
    assert "8 of 20 SP" in block
    assert "Sideboard Captain: Kurn" in block and "<strong>3 SP</strong>" in block  # a Klingon, no penalty
    assert "Sideboard Weapon: Photon Torpedoes" in block
    html = client.post(*builder_post(sideboard_fleet, "add-ship", card=cards.heavy), **HTMX).content.decode()
    assert 'data-testid="sideboard"' in html
    sideboard_fleet.refresh_from_db()
    assert sideboard_fleet.draft["sideboard"] == [cards.klingon_captain, cards.weapon]


def test_the_sheet_prints_the_sideboard_under_the_resource_outside_the_total(sideboard_fleet):
    _, text = pdf_text(sheet(sideboard_fleet.current_version))
    assert "Reinforcements Sideboard 10" in text
    assert "Sideboard Captain: Kurn (3)" in text and "Sideboard Weapon: Photon Torpedoes (5)" in text
    assert "its cards may cost 20 SP in all (8)" in text
    assert "Resource 10 Other 0 Total 88" in text


def test_the_text_and_json_exports_carry_the_sideboard(client, sideboard_fleet, cards, player):
    text = render_fleet_text(version=sideboard_fleet.current_version)
    assert "Resource: Reinforcements Sideboard [R" in text and "] - 10\nSideboard Captain: Kurn [Cap" in text
    assert "] - 3\nSideboard Weapon: Photon Torpedoes [C" in text
    assert "Total: 88 SP" in text
    login(client, player)
    exported = client.get(reverse("fleets:export_json", args=[sideboard_fleet.pk]))
    assert json.loads(b"".join(exported.streaming_content) if exported.streaming else exported.content)[
        "sideboard"
    ] == [cards.klingon_captain, cards.weapon]
