"""One fleet, one verdict: the issue's examples as fleet files, checked by ``manage.py check_fleet``
with Utopia's card file and with Space Dock's.

The files number the same cards differently, so each fleet is written once per file (the cards
found by name, the name beside each id). Each case quotes the card text it rests on.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from fleets.management.commands import check_fleet as command
from rules.attack_wing import read_catalog

_READ: dict[bytes, object] = {}


@pytest.fixture(autouse=True)
def read_each_card_file_once(monkeypatch):
    """The command reads the card file it is given; each file is read once for the module (1-2 s a read)."""

    def cached(data, source=None):
        if data not in _READ:
            _READ[data] = read_catalog(data, source)
        return _READ[data]

    monkeypatch.setattr(command, "read_catalog", cached)


def check(tmp_path, cards, ships, resources=()):
    """Run check_fleet --json on a one-off fleet file; returns the report as a dict."""
    path = tmp_path / "fleet.json"
    path.write_text(json.dumps({"format": "wizkids-2016", "ships": ships, "resources": list(resources)}))
    out = StringIO()
    try:
        call_command("check_fleet", str(path), cards=str(cards), json=True, stdout=out)
    except SystemExit as exited:  # exit 1: illegal, the report is printed all the same
        assert exited.code == 1
    return json.loads(out.getvalue())


def codes(report):
    return sorted({v["code"] for v in report["violations"]})


def cost(report, card_id, ship=0):
    return next(c["cost"] for c in report["ships"][ship]["cards"] if c["id"] == card_id)


def both(tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet):
    """The two reports; their ship costs, totals and violation codes must agree."""
    by_utopia = check(tmp_path, utopia_path, *utopia_fleet)
    by_spacedock = check(tmp_path, spacedock_path, *spacedock_fleet)
    assert [s["cost"] for s in by_utopia["ships"]] == [s["cost"] for s in by_spacedock["ships"]]
    assert by_utopia["total"] == by_spacedock["total"]
    assert codes(by_utopia) == codes(by_spacedock)
    return by_utopia, by_spacedock


def ship(ship_id, captain=None, *upgrades):
    return {"ship": ship_id, "captain": captain, "upgrades": list(upgrades)}


# ------------------------------------------------------------------------------------------ Flagship


def test_enterprise_d_of_43_sp_with_the_flagship_is_53_and_over_the_ship_limit(tmp_path, utopia_path, spacedock_path):
    """Flagship resource (R004 / 4004, 10 SP): "Flagship cards … are placed beneath your ship card";
    the 2016 tournament rules cap a ship at 50 SP. Enterprise-D 28 + Jean-Luc Picard 6 + Photon
    Torpedoes 5 + Geordi La Forge 4 = 43, with the Federation flagship 53."""
    utopia_fleet = ([ship("S207", "Cap906", "W122", "C210", "R004e")], ["R004"])
    spacedock_fleet = ([ship("1001", "2001", "3006", "3004", "6007")], ["4004"])
    by_utopia, by_spacedock = both(tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet)
    assert by_utopia["ships"][0]["cost"] == 53
    assert cost(by_utopia, "R004e") == cost(by_spacedock, "6007") == 10
    assert "SHIP_OVER_LIMIT" in codes(by_utopia)  # (and TOO_FEW_SHIPS: the fleet is this one ship)


def test_valdore_with_the_flagship_costs_55_as_space_dock_itself_says(tmp_path, utopia_path, spacedock_path):
    """The Romulan sample squad (tests/rules/attack_wing/interchange/samples): I.R.W. Valdore, Letant,
    Flagship Independent (Federation), Interphase Generator, Counter Attack, Romulan Pilot, Tactical
    Officer: 55 SP in Space Dock's squad and in Utopia's builder."""
    utopia_fleet = ([ship("S198", "Cap640", "R004i", "T248", "E131", "C184", "C195")], ["R004"])
    spacedock_fleet = ([ship("1011", "2041", "6008", "3013", "3102", "3035", "3040")], ["4004"])
    by_utopia, _ = both(tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet)
    assert by_utopia["ships"][0]["cost"] == 55


# ------------------------------------------------------------------------------- slot-adding cards


@pytest.mark.parametrize(
    ("utopia_ship", "spacedock_ship", "quote"),
    [
        (
            ship("S097", "Cap518", "W059", "C086", "T212"),
            ship(
                "val_jean_71528",
                "calvin_hudson_b_71528",
                "photon_torpedoes_71528",
                "b_elanna_torres_71528",
                "warp_drive_refit_71445",
            ),
            "Calvin Hudson: Add 1 [tech], [weapon] or [crew] Upgrade to your Upgrade Bar (your choice)",
        ),
        (
            ship("S097", "Cap626", "W059", "W060", "W059", "C086"),
            ship(
                "val_jean_71528",
                "chakotay_b_71528",
                "photon_torpedoes_71528",
                "ramming_attack_71528",
                "photon_torpedoes_71528",
                "b_elanna_torres_71528",
            ),
            "Chakotay (71528): add 1 [weapon] or [crew] Upgrade to your Upgrade Bar",
        ),
        (
            ship("S207", "Cap807", "W122", "W121", "C209", "T212"),
            ship("1001", "jean_luc_picard_b_71531", "3006", "3007", "3005", "warp_drive_refit_71445"),
            "Jean-Luc Picard (71531), the [tech] version: Add 1 [TECH] Upgrade to your Upgrade Bar",
        ),
        (
            ship("S207", "Cap807", "W122", "W121", "W122", "C209"),
            ship("1001", "jean_luc_picard_c_71531", "3006", "3007", "3006", "3005"),
            "Jean-Luc Picard (71531), the [weapon] version: Add 1 [WEAPON] Upgrade to your Upgrade Bar",
        ),
        (
            ship("S207", "Cap711", "W122", "C209", "C210", "C211", "C212"),
            ship("1001", "lore_71522", "3006", "3005", "3004", "3003", "3002"),
            "Lore: add 1 [crew] Upgrade slot to your Upgrade Bar",
        ),
        (
            ship("S131", "Cap626", "C134", "W059", "W060"),
            ship(
                "gavroche_gavroche",
                "chakotay_71528",
                "sakonna_gavroche",
                "photon_torpedoes_71528",
                "ramming_attack_71528",
            ),
            "Sakonna: Add 1 additional [weapon] Upgrade slot to your Upgrade Bar",
        ),
        (
            ship("S140", "Cap524", "T211", "T212", "W085", "C140"),
            ship(
                "interceptor_5_71445",
                "tahna_los_op6prize",
                "maneuverability_71445",
                "warp_drive_refit_71445",
                "phaser_strike_71445",
                "anara_71445",
            ),
            "Tahna Los: one hidden [tech] Upgrade (Space Dock code AddsHiddenTechSlot)",
        ),
        (
            ship("S093", "Cap519", "E078", "B007"),
            ship("i_r_w_avatar_of_tomed_b_71511", "salatrel_71511", "borg_alliance_71511", "hive_mind_71511"),
            "Borg Alliance: add 1 [borg] Upgrade slot to your Upgrade Bar",
        ),
    ],
    ids=["calvin-hudson", "chakotay", "picard-tech", "picard-weapon", "lore", "sakonna", "tahna-los", "borg-alliance"],
)
def test_slot_adding_cards_give_no_false_slot_overflow(
    tmp_path, utopia_path, spacedock_path, utopia_ship, spacedock_ship, quote
):
    by_utopia, by_spacedock = both(tmp_path, utopia_path, spacedock_path, ([utopia_ship],), ([spacedock_ship],))
    assert "SLOT_OVERFLOW" not in codes(by_spacedock), quote


def test_lore_fields_a_faction_restricted_talent_with_either_file(tmp_path, utopia_path, spacedock_path):
    """Lore: "You may assign any [talent] Upgrade to your ship, regardless of Faction restriction". The Day
    Is Ours! "may only be purchased for a Klingon Captain assigned to a Klingon ship"; Space Dock also
    states it as the code OnlyKlingonCaptainShip, which Lore frees as well."""
    utopia_fleet = ([ship("S207", "Cap711", "E013")],)
    spacedock_fleet = ([ship("1001", "lore_71522", "the_day_is_ours__72015")],)
    by_utopia, _ = both(tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet)
    assert "CARD_RESTRICTION" not in codes(by_utopia)
    assert cost(by_utopia, "E013") == 4  # "… and you do not pay a Faction penalty when assigning any [talent]"
    # without Lore the same talent is refused with both files
    without = both(
        tmp_path,
        utopia_path,
        spacedock_path,
        ([ship("S207", "Cap906", "E013")],),
        ([ship("1001", "2001", "the_day_is_ours__72015")],),
    )
    assert "CARD_RESTRICTION" in codes(without[0])


def test_elim_garak_fields_his_own_talent(tmp_path, utopia_path, spacedock_path):
    """Elim Garak (71786): "you do not pay a faction penalty when assigning Elim Garak or his [talent]
    Upgrade to your ship"; Utopia's file gives the card talents 1, Space Dock's the text's slot."""
    utopia_fleet = ([ship("S207", "Cap906", "C109", "E132")],)
    spacedock_fleet = ([ship("1001", "2001", "elim_garak_71786", "3001")],)
    by_utopia, _ = both(tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet)
    assert "SLOT_OVERFLOW" not in codes(by_utopia)
    assert cost(by_utopia, "C109") == 4


# ------------------------------------------------------------------------ Space Dock cost codes


@pytest.mark.parametrize(
    ("utopia_fleet", "spacedock_fleet", "card", "expected"),
    [
        # Energy Dissipator (costincreasedifnotbreen): "This upgrade costs +5 Squadron Points for any non-Breen ship."
        (([ship("S189", "Cap106", "W111")],), ([ship("1021", "2036", "3059")],), ("W111", "3059"), 5),
        (([ship("S207", "Cap906", "W111")],), ([ship("1001", "2001", "3059")],), ("W111", "3059"), 5 + 1 + 5),
        # Cloaking Device (PenaltyOnShipOtherThanDefiant): "costs +5 Squadron Points for any ship other than the
        # U.S.S. Defiant."
        (([ship("S180", "Cap639", "T240")],), ([ship("1030", "2029", "3068")],), ("T240", "3068"), 4),
        (([ship("S207", "Cap639", "T240")],), ([ship("1001", "2029", "3068")],), ("T240", "3068"), 4 + 5),
        # Phaser Strike (PhaserStrike): "may only be purchased for a ship with a Hull value of 3 or less and costs
        # +5 SP for any ship other than a Bajoran Interceptor."
        (
            ([ship("S140", "Cap321", "W085")],),
            ([ship("interceptor_5_71445", "lenaris_holem_71445", "phaser_strike_71445")],),
            ("W085", "phaser_strike_71445"),
            4,
        ),
        (
            ([ship("S097", "Cap321", "W085")],),
            ([ship("val_jean_71528", "lenaris_holem_71445", "phaser_strike_71445")],),
            ("W085", "phaser_strike_71445"),
            4 + 1 + 5,  # and the faction penalty: a Bajoran card on an Independent ship
        ),
    ],
    ids=["dissipator-breen", "dissipator-other", "cloak-defiant", "cloak-other", "strike-interceptor", "strike-other"],
)
def test_space_dock_cost_codes_price_as_the_card_text(
    tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet, card, expected
):
    by_utopia, by_spacedock = both(tmp_path, utopia_path, spacedock_path, utopia_fleet, spacedock_fleet)
    assert cost(by_utopia, card[0]) == cost(by_spacedock, card[1]) == expected


def test_phaser_strike_is_refused_on_a_hull_over_3_with_either_file(tmp_path, utopia_path, spacedock_path):
    by_utopia, _ = both(
        tmp_path,
        utopia_path,
        spacedock_path,
        ([ship("S207", "Cap906", "W085")],),
        ([ship("1001", "2001", "phaser_strike_71445")],),
    )
    assert "CARD_RESTRICTION" in codes(by_utopia)
