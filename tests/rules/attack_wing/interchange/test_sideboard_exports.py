"""The Reinforcements Sideboard travels through every export that holds it and reads back whole.

Its card (Utopia R003, Space Dock 4003), point 1: a Captain Card and a [talent], [crew], [tech] and [weapon]
Upgrade beside the fleet, 20 SP at most; the 2016 FAQ (../shared/reference/staw-faq-2016-05-31.txt, "Reinforcements
Sideboard") prices them without faction penalty. Utopia seats them in the resource's five slots, in that order.
"""

from __future__ import annotations

import json

import pytest

from rules.attack_wing import Fleet, validate_fleet
from rules.attack_wing.interchange import import_fleet, muster_text, utopia_link, utopia_text, utopia_tts
from rules.attack_wing.interchange.utopia_share_link import decode_link
from tests.rules.attack_wing.conftest import AKIRA, GALAXY

# Kang (captain, 5), Pulse Phased Weapons (weapon, 5), Beverly Crusher (crew, 2): written in the fleet's order
FLEET = Fleet(ships=(GALAXY, AKIRA), resources=("R003",), sideboard=("Cap001", "W159", "C464"))


def test_the_utopia_link_seats_the_sideboard_in_the_resources_sections(utopia):
    export = utopia_link(FLEET, utopia)
    assert export.left_out == ()
    slots = decode_link(export.text)["resource"]["upgradeSlots"]
    assert slots == [{"id": "captain:Cap001"}, {}, {"id": "crew:C464"}, {}, {"id": "weapon:W159"}]
    assert sorted(import_fleet(export.text, utopia).fleet.sideboard) == sorted(FLEET.sideboard)


@pytest.mark.parametrize("writer", [utopia_text, utopia_tts])
def test_utopias_text_and_tabletop_lists_carry_the_sideboard_under_the_resource(utopia, writer):
    report = validate_fleet(FLEET, utopia, "wizkids-2016")
    export = writer(FLEET, utopia, report) if writer is utopia_text else writer(FLEET, utopia)
    assert export.left_out == ()
    result = import_fleet(export.text, utopia)
    assert sorted(result.fleet.sideboard) == sorted(FLEET.sideboard) and result.complete, result.problems


def test_utopia_text_prices_the_sideboard_cards_and_leaves_them_out_of_the_total(utopia):
    report = validate_fleet(FLEET, utopia, "wizkids-2016")
    text = utopia_text(FLEET, utopia, report).text
    assert "Resource: Reinforcements Sideboard [10]\n- Kang 8 (Captain) [5]\n" in text
    assert f"Fleet Total: {report.total} SP" in text


def test_muster_text_lists_the_sideboard_after_the_resource_and_reads_it_back(utopia):
    report = validate_fleet(FLEET, utopia, "wizkids-2016")
    text = muster_text(FLEET, report, utopia, name="Reserves")
    assert (
        "Resource: Reinforcements Sideboard [R003] - 10\nSideboard Captain: Kang [Cap001] - 5\nSideboard Weapon: "
        in text
    )
    result = import_fleet(text, utopia)
    assert result.fleet == FLEET and result.complete, result.problems  # each card by its id: the printing written
    assert [c.position for c in result.cards if c.role == "sideboard"] == [0, 1, 2]


def test_the_fleet_file_import_reports_each_sideboard_card(utopia):
    from rules.attack_wing.fleet_file import fleet_to_dict

    result = import_fleet(json.dumps(fleet_to_dict(FLEET)), utopia)
    assert [(c.role, c.card_id, c.position) for c in result.cards if c.role == "sideboard"] == [
        ("sideboard", "Cap001", 0),
        ("sideboard", "W159", 1),
        ("sideboard", "C464", 2),
    ]


def test_a_utopia_export_without_the_resource_says_the_sideboard_is_left_out(utopia):
    export = utopia_link(Fleet(ships=(GALAXY,), sideboard=("C464",)), utopia)
    assert export.left_out == ("sideboard: Beverly Crusher (the fleet has no resource to hold it)",)
