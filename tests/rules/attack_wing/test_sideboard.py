"""The Reinforcements Sideboard (Utopia R003): its cards are the fleet's, priced and checked by the resource's rule.

The rule is the resource card's own text, point 1 ("1 Captain Card, 1 [talent] Upgrade, 1 [crew] Upgrade, 1 [tech]
Upgrade and 1 [weapon] Upgrade. The total cost of these cards may not exceed 20 SP"), with the FAQ's rulings on it
(../shared/reference/staw-faq-2016-05-31.txt, "Dominion War – Month 3 – Reinforcements Sideboard", and
../shared/reference/staw-faq-2014-12-04.txt, rulings 6-8 and 12); the resource itself is in the retirement table of
../shared/seeds/003_6c6de163d61af4e0.txt.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.attack_wing import validate_fleet
from rules.attack_wing.fleet import Fleet
from rules.attack_wing.fleet_file import (
    FleetFileError,
    canonical_json,
    fleet_to_dict,
    parse_fleet,
    report_from_dict,
    report_to_dict,
)
from tests.rules.attack_wing.conftest import AKIRA, GALAXY

SIDEBOARD = "R003"
# Kang (klingon captain, 5), Fly Her Apart Then! (talent, 2), Beverly Crusher (crew, 2), Subspace Field (tech, 4),
# Pulse Phased Weapons (weapon, 5): 18 SP, one card per section
CARDS = ("Cap001", "E236", "C464", "T259", "W159")


def _fleet(*cards: str, resources=(SIDEBOARD,)) -> Fleet:
    return Fleet(ships=(GALAXY, AKIRA), resources=resources, sideboard=cards)


def _codes(report) -> list[str]:
    return [v.code for v in report.violations]


def test_a_full_sideboard_is_priced_card_by_card_and_the_fleet_pays_the_resource(utopia):
    """Point 1: one card per section, 20 SP at most; the fleet pays the resource's 10 SP, not its cards'."""
    plain = validate_fleet(Fleet(ships=(GALAXY, AKIRA)), utopia, "wizkids-2016")
    report = validate_fleet(_fleet(*CARDS), utopia, "wizkids-2016")
    assert [(c.id, c.role, c.cost) for c in report.sideboard] == [
        ("Cap001", "sideboard", 5),
        ("E236", "sideboard", 2),
        ("C464", "sideboard", 2),
        ("T259", "sideboard", 4),
        ("W159", "sideboard", 5),
    ]
    assert report.sideboard_total == 18
    assert report.total == plain.total + 10
    assert _codes(report) == _codes(plain)  # two ships short of three, nothing of the sideboard's own


def test_no_faction_penalty_on_the_sideboard_but_a_printed_extra_cost_is_paid(utopia):
    """2016 FAQ: "You do not pay Faction penalty when placing cards on the Reinforcements Sideboard" — Kang, a
    Klingon, costs his printed 5 SP beside Federation ships; "If an Upgrade has an additional cost listed in the
    card text, you must pay this penalty": Romulan Ale (1 SP, +3 SP for a non-Romulan ship) costs 4 SP."""
    report = validate_fleet(_fleet("Cap001", "Q022"), utopia, "wizkids-2016")
    kang, ale = report.sideboard
    assert (kang.cost, kang.penalty, kang.adjustments) == (5, 0, ())
    assert (ale.printed, ale.cost, [a.kind for a in ale.adjustments]) == (1, 4, ["extra_cost"])


def test_the_sideboard_holds_twenty_sp_at_most(utopia):
    """Point 1: "The total cost of these cards may not exceed 20 SP" — with Picard (6) they cost 19 SP, 22 with one
    more card of 3 SP."""
    report = validate_fleet(_fleet("Cap049", *CARDS[1:]), utopia, "wizkids-2016")
    assert report.sideboard_total == 19 and "SIDEBOARD_OVER_LIMIT" not in _codes(report)
    report = validate_fleet(_fleet("Cap049", *CARDS[1:], "E237"), utopia, "wizkids-2016")
    assert "SIDEBOARD_OVER_LIMIT" in _codes(report)


def test_one_card_per_section_and_no_borg_upgrade(utopia):
    """Point 1 (one of each type; fewer is allowed, 2014 FAQ ruling 6) and 2014 FAQ ruling 12 ("You may not place
    Borg Type Upgrades on the Reinforcements Sideboard")."""
    report = validate_fleet(_fleet("C464", "C462", "B024"), utopia, "wizkids-2016")
    found = [(v.code, v.card) for v in report.violations if v.code.startswith("SIDEBOARD")]
    assert found == [("SIDEBOARD_CARD", "C462"), ("SIDEBOARD_CARD", "B024")]
    assert not [v for v in validate_fleet(_fleet("C464"), utopia, "wizkids-2016").violations if v.card == "C464"]


def test_sideboard_cards_need_the_resource(utopia):
    report = validate_fleet(_fleet("C464", resources=()), utopia, "wizkids-2016")
    assert "SIDEBOARD_WITHOUT_RESOURCE" in _codes(report)


def test_a_unique_card_on_the_sideboard_counts_with_the_fleets(utopia):
    """Picard commands the Galaxy (Cap049): a second Picard on the sideboard is a second unique card."""
    report = validate_fleet(_fleet("Cap049"), utopia, "wizkids-2016")
    assert [v.card for v in report.violations if v.code == "DUPLICATE_UNIQUE"] == ["Cap049"]


def test_the_fleet_file_keeps_the_sideboard_and_the_hash_of_every_other_fleet(utopia):
    fleet = _fleet(*CARDS)
    data = fleet_to_dict(fleet)
    assert data["sideboard"] == list(CARDS)
    assert parse_fleet(data, utopia)[0] == fleet
    assert "sideboard" not in canonical_json(replace(fleet, sideboard=()))
    only = {"resources": [SIDEBOARD], "ships": [], "sideboard": ["Cap001"]}  # Space Dock's squads of only one
    assert parse_fleet(only, utopia)[0] == Fleet(resources=(SIDEBOARD,), sideboard=("Cap001",))


@pytest.mark.parametrize(
    ("sideboard", "error"),
    [
        ("Cap001", "sideboard must be a list of card ids"),
        (["NOPE"], "unknown card id 'NOPE'"),
        (["S273"], "is a ship card and cannot be the sideboard card"),
        (["C464"] * 11, "sideboard: at most 10 cards"),
    ],
)
def test_a_bad_sideboard_is_refused_in_words(utopia, sideboard, error):
    with pytest.raises(FleetFileError, match=error):
        parse_fleet({"ships": [], "sideboard": sideboard}, utopia)


def test_a_kept_report_reads_back_its_sideboard(utopia):
    report = validate_fleet(_fleet("Cap001", "Q022"), utopia, "wizkids-2016")
    assert report_from_dict(report_to_dict(report)) == report
    plain = validate_fleet(Fleet(ships=(GALAXY,)), utopia, "wizkids-2016")
    assert "sideboard" not in report_to_dict(plain)
