"""Card text through ``manage.py check_fleet --json`` on the real Utopia file: each rule family of the
judge-grade STAW issue as a judge would run it (the engine's own tests are ``tests/rules/attack_wing``).

Each case is a fleet file and what the report must say of one card, quoting the card.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

GALAXY = {"ship": "S273", "captain": "Cap049", "upgrades": ["T259", "W202", "C462", "C469"]}  # 44 SP
PROMETHEUS = {"ship": "S363", "captain": "Cap043", "upgrades": ["T259", "T149", "W202", "C464", "C474"]}  # 47 SP
AKIRA = {"ship": "S341", "captain": "Cap051", "upgrades": ["W202", "W159", "W158"]}  # 39 SP


def run(tmp_path, utopia_path, ships, resources=()) -> dict:
    path = tmp_path / "fleet.json"
    path.write_text(json.dumps({"format": "wizkids-2016", "ships": ships, "resources": list(resources)}))
    out = StringIO()
    try:
        call_command("check_fleet", str(path), "--cards", str(utopia_path), "--json", stdout=out)
    except SystemExit as exit_:
        assert exit_.code == 1  # illegal: the report is printed all the same
    return json.loads(out.getvalue())


def card(report: dict, card_id: str, ship: int = 0) -> dict:
    return next(c for c in report["ships"][ship]["cards"] if c["id"] == card_id)


def codes_on(report: dict, card_id: str) -> list[str]:
    return [v["code"] for v in report["violations"] if v.get("card") == card_id]


def test_printed_extra_cost_after_the_penalty(tmp_path, utopia_path):
    """W029 Aft Weapons Array: "This card costs +5 SP if purchased for any ship other than a Cardassian Galor
    class ship" -- on a Klingon ship: 3, the +1 faction penalty, then the +5 (2016 FAQ order)."""
    report = run(tmp_path, utopia_path, [{"ship": "S269", "captain": "Cap107", "upgrades": ["W029"]}, GALAXY, AKIRA])
    assert card(report, "W029")["cost"] == 9


def test_qualified_reduction_reads_its_named_cards(tmp_path, utopia_path):
    """S386 U.S.S. Intrepid: "The 'Bio-Neural Circuitry' and 'Variable Geometry Pylons' [tech] Upgrades … cost
    -1 SP" -- T298 is one of them, T310 is not."""
    intrepid = {"ship": "S386", "captain": "Cap049", "upgrades": ["T298", "T310"]}
    report = run(tmp_path, utopia_path, [intrepid, PROMETHEUS, AKIRA])
    assert (card(report, "T298")["cost"], card(report, "T310")["cost"]) == (1, 3)


def test_penalty_changed_by_card_text(tmp_path, utopia_path):
    """Cap504 K'Temoc: "The faction penalty is doubled for any non-Klingon Upgrades assigned to your ship"."""
    report = run(tmp_path, utopia_path, [{"ship": "S269", "captain": "Cap504", "upgrades": ["C462"]}, GALAXY, AKIRA])
    assert card(report, "C462")["cost"] == 3 + 2


def test_resource_priced_by_its_text(tmp_path, utopia_path):
    """R020 Emergency Force Field: "the total combined starting Shield Values … divided by 2 (round up)"."""
    report = run(tmp_path, utopia_path, [GALAXY, PROMETHEUS, AKIRA], resources=["R020"])
    assert report["resources"][0]["cost"] == report["total"] - 130 > 0


@pytest.mark.slow(reason="reads the real Utopia card file twice, once for each check_fleet run")
def test_officer_exchange_program_with_its_two_factions(tmp_path, utopia_path):
    """R015: no penalty for a captain of one chosen faction on a ship of the other, and 1 SP less."""
    klingon_on_federation = {"ship": "S273", "captain": "Cap504"}
    chosen = {"id": "R015", "factions": ["federation", "klingon"]}
    plain = run(tmp_path, utopia_path, [klingon_on_federation, PROMETHEUS, AKIRA], resources=["R015"])
    exchanged = run(tmp_path, utopia_path, [klingon_on_federation, PROMETHEUS, AKIRA], resources=[chosen])
    assert (card(plain, "Cap504")["cost"], card(exchanged, "Cap504")["cost"]) == (4, 2)


@pytest.mark.slow(reason="reads the real Utopia card file for its check_fleet run")
def test_restriction_written_in_card_text(tmp_path, utopia_path):
    """W035: "This Upgrade may only be purchased for a Krenim weapon ship." -- refused with its words."""
    report = run(
        tmp_path, utopia_path, [{"ship": "S273", "captain": "Cap049", "upgrades": ["W035"]}, PROMETHEUS, AKIRA]
    )
    (message,) = [v["message"] for v in report["violations"] if v.get("card") == "W035"]
    assert "CARD_RESTRICTION" in codes_on(report, "W035") and "Krenim weapon ship" in message


def test_a_ship_that_takes_no_captain_is_complete_without_one(tmp_path, utopia_path):
    """S221 ATR-4107 Dreadnought: "You cannot assign a Captain or an Admiral to this ship"."""
    report = run(tmp_path, utopia_path, [{"ship": "S221"}, GALAXY, PROMETHEUS])
    assert "MISSING_CAPTAIN" not in [v["code"] for v in report["violations"]]


@pytest.mark.parametrize(
    "entry",
    [{"id": "R015", "factions": ["federation", "romulans"]}, {"id": "R020", "factions": ["federation", "klingon"]}],
)
def test_a_bad_resource_option_exits_2_in_one_line(tmp_path, utopia_path, entry):
    path = tmp_path / "fleet.json"
    path.write_text(json.dumps({"ships": [GALAXY, PROMETHEUS, AKIRA], "resources": [entry]}))
    with pytest.raises(CommandError) as refused:
        call_command("check_fleet", str(path), "--cards", str(utopia_path))
    assert refused.value.returncode == 2 and "\n" not in str(refused.value)
