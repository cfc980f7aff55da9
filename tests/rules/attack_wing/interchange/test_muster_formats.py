"""Muster's own formats on a card database the tests write themselves: the fleet file and the text export,
written and read back."""

from __future__ import annotations

import json

import pytest

from rules.attack_wing import Fleet, FleetShip, fleet_to_dict, validate_fleet
from rules.attack_wing.interchange import (
    MATCHED,
    MUSTER_JSON,
    MUSTER_TEXT,
    InterchangeError,
    detect_format,
    import_fleet,
    muster_text,
)
from tests.rules.attack_wing.interchange.sample_fleets import FLEET, same_cards


def test_muster_json_round_trip(mini):
    data = json.dumps(fleet_to_dict(FLEET, "wizkids-2016"))
    assert detect_format(data) == MUSTER_JSON
    result = import_fleet(data.encode(), mini)
    assert result.fleet == FLEET and result.format_key == "wizkids-2016"
    assert all(c.status == MATCHED for c in result.cards)
    with pytest.raises(InterchangeError, match="unknown card id 'Nope'"):
        import_fleet(json.dumps({"ships": [{"ship": "Nope"}]}), mini)


def test_muster_text_is_the_fleets_app_export_and_reads_back(mini):
    fleet = Fleet(
        ships=(
            FleetShip("S001", "Cap001", upgrades=("C001",)),
            FleetShip("S004", "Cap001", upgrades=("C003",), blind_booster=True),
        ),
        resources=("R001",),
    )
    report = validate_fleet(fleet, mini, "wizkids-2016")
    text = muster_text(fleet, report, mini, name="Home Fleet", faction="federation", code="AB12-CD34", version=3)
    lines = text.splitlines()
    assert lines[0] == f"Home Fleet (Federation): {report.total}/130 SP"
    assert lines[2] == f"Ship 1: {report.ships[0].cost} SP"
    assert lines[3] == "  Ship: U.S.S. Enterprise-D (Galaxy Class) [S001] - 28"
    assert lines[4] == "  Captain: Jean-Luc Picard [Cap001] - 6"
    assert lines[7].startswith("Ship 2 [Blind Booster]: ")
    assert "  Captain: Jean-Luc Picard [Cap001] - 7 (+1)" in lines  # a Federation captain on a Klingon ship
    assert f"Resource: Emergency Power [R001] - {report.resources[0].cost}" in lines
    assert "Verification code: AB12-CD34 (version 3)" in lines
    assert lines[-1] == "SP like “4 (+1)” include a faction penalty."
    assert text.endswith("\n")
    assert detect_format(text) == MUSTER_TEXT
    back = import_fleet(text, mini)
    assert back.name == "Home Fleet"
    assert back.fleet == fleet
    assert back.source_total == report.total
    assert [c.source_cost for c in back.cards if c.role == "captain"] == [6, 7]


def test_muster_text_round_trip_of_the_whole_sample_fleet(mini):
    report = validate_fleet(FLEET, mini, "wizkids-2016")
    text = muster_text(FLEET, report, mini, name="Sample")
    back = import_fleet(text, mini)
    assert same_cards(back.fleet, FLEET)
    assert [m.card_id for m in back.cards if m.name == "Tactical Officer"] == ["C002", "C002", "C003"]
