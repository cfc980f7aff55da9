"""Every construction rule with real Utopia cards, boundaries included (seed 003 sections named)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from rules.attack_wing import FORMATS, Format, validate_fleet
from rules.attack_wing.catalog import Card, Catalog
from tests.rules.attack_wing.conftest import AKIRA, GALAXY, PROMETHEUS, fleet, ship

W16 = "wizkids-2016"
SMALL = ship("S199", "Cap053")  # Constitution Class, 16 + 2


def message(report, code):
    return next(v.message for v in report.violations if v.code == code)


def codes(report):
    return [v.code for v in report.violations]


def check(catalog, *ships, resources=(), fmt=W16, on=None):
    return validate_fleet(fleet(*ships, resources=resources), catalog, fmt, on)


def test_base_fleet_is_legal_at_exactly_130(utopia):
    """Suggested format: 130 points per fleet; exactly 130 is allowed."""
    report = check(utopia, GALAXY, PROMETHEUS, AKIRA)
    assert (report.total, [s.cost for s in report.ships], codes(report)) == (130, [44, 47, 39], [])
    assert report.legal


def test_fleet_over_limit_at_131(utopia):
    akira = replace(AKIRA, upgrades=(*AKIRA.upgrades, "C473"))  # Alyssa Ogawa, 1 SP
    report = check(utopia, GALAXY, PROMETHEUS, akira)
    assert report.total == 131 and codes(report) == ["FLEET_OVER_LIMIT"]


def test_2014_format_limit_is_120(utopia):
    report = check(utopia, GALAXY, PROMETHEUS, AKIRA, fmt="wizkids-2014")
    assert report.limit == 120 and codes(report) == ["FLEET_OVER_LIMIT"]


def test_too_few_ships(utopia):
    """Suggested format: minimum of 3 ships."""
    assert codes(check(utopia, GALAXY, PROMETHEUS)) == ["TOO_FEW_SHIPS"]


def test_ship_at_exactly_50_is_legal_and_51_is_not(utopia):
    """Suggested format: 50 points maximum per ship; C376 Ch'Targh is Klingon: 3 + 1 penalty."""
    fifty = ship("S363", "Cap049", "T259", "T149", "W202", "C462", "C469")  # 24+6+4+4+6+3+3
    fifty_one = ship("S363", "Cap049", "T259", "T149", "W202", "C462", "C376")  # ... + (3 + 1)
    assert check(utopia, fifty, AKIRA, SMALL).ships[0].cost == 50
    assert "SHIP_OVER_LIMIT" not in codes(check(utopia, fifty, AKIRA, SMALL))
    report = check(utopia, fifty_one, AKIRA, SMALL)
    assert report.ships[0].cost == 51 and "SHIP_OVER_LIMIT" in codes(report)


def test_heavy_ship_with_exactly_8_points_of_upgrades_may_exceed_50(utopia):
    """Suggested format: base cost 43+ may add up to 8 points of upgrades plus captain/admiral."""
    cube = ship("S139", "Cap648", "B013", "B011", "B019", "B007")  # 46 + 4 + (4 + 2 + 1 + 1)
    report = check(utopia, cube, AKIRA, SMALL)
    assert report.ships[0].cost == 58 and "SHIP_OVER_LIMIT" not in codes(report)


def test_heavy_ship_with_9_points_of_upgrades_is_over(utopia):
    cube = ship("S139", "Cap648", "B013", "B011", "B011", "B007")  # 46 + 4 + (4 + 2 + 2 + 1)
    report = check(utopia, cube, AKIRA, SMALL)
    assert report.ships[0].cost == 59 and "SHIP_OVER_LIMIT" in codes(report)


def test_only_one_oversized_base(utopia):
    """Suggested format: one Borg Cube Class or Nor Class Orbital Space Station ship."""
    report = check(
        utopia,
        ship("S241", "Cap648"),
        ship("S073", "Cap049"),
        AKIRA,
        fmt=Format(key="open", name="x", fleet_limit=500, ship_limit=None),
    )
    assert codes(report) == ["TOO_MANY_OVERSIZED"]
    assert report.violations[0].ship == 1


def test_one_resource_at_most(utopia):
    """Resources rule 1."""
    report = check(utopia, GALAXY, AKIRA, SMALL, resources=("R028", "R030"))
    assert "TOO_MANY_RESOURCES" in codes(report)


@pytest.mark.parametrize(("on", "retired"), [(date(2017, 9, 30), False), (date(2017, 10, 1), True)])
def test_resource_retires_on_the_first_of_the_table_month(utopia, on, retired):
    """Resources rule 4: Emergency Power Resource, retired October 2017."""
    report = check(utopia, GALAXY, AKIRA, SMALL, resources=("R028",), on=on)
    assert ("RESOURCE_RETIRED" in codes(report)) is retired
    if retired:
        assert "retirement table (Emergency Power Resource)" in message(report, "RESOURCE_RETIRED")


def test_resource_missing_from_the_table_retires_18_months_after_release(utopia):
    """Intercepted Messages (released 2016-08-29) is not in the table: derived February 2018."""
    assert "RESOURCE_RETIRED" not in codes(
        check(utopia, GALAXY, AKIRA, SMALL, resources=("R030",), on=date(2018, 1, 31))
    )
    report = check(utopia, GALAXY, AKIRA, SMALL, resources=("R030",), on=date(2018, 2, 1))
    assert "derived: 18 months after its release" in message(report, "RESOURCE_RETIRED")


def test_no_retirement_in_the_2014_format_or_without_a_date(utopia):
    assert "RESOURCE_RETIRED" not in codes(
        check(utopia, GALAXY, AKIRA, SMALL, resources=("R001",), fmt="wizkids-2014", on=date(2020, 1, 1))
    )
    assert "RESOURCE_RETIRED" not in codes(check(utopia, GALAXY, AKIRA, SMALL, resources=("R001",)))


def test_duplicate_unique_counts_captain_and_admiral(utopia):
    """Captain James T. Kirk and Admiral James T. Kirk are two unique cards of one name."""
    report = check(utopia, ship("S273", "Cap043"), ship("S363", "Cap049", admiral="A044"), AKIRA)
    assert codes(report) == ["DUPLICATE_UNIQUE"]
    assert (report.violations[0].ship, report.violations[0].card) == (1, "A044")


def test_mirror_universe_unique_is_checked_on_its_own(utopia):
    """Errata 10-11: Rebellion carries the mirror-unique icon; two copies collide."""
    mirror = ship("S007", "Cap107", "E067")
    report = check(utopia, mirror, mirror, AKIRA, fmt=Format(key="open", name="x", ship_limit=None, fleet_limit=500))
    assert "mirror-universe-unique" in report.violations[0].message


def test_mirror_unique_and_unique_of_the_same_name_do_not_collide():
    cards = {
        "S": Card("S", "ship", "Ship", 10, ("federation",), slots=("talent", "talent"), hull=4),
        "C": Card("C", "captain", "Cap", 1, ("federation",), talent_slots=2),
        "U": Card("U", "upgrade", "Twin", 1, ("federation",), unique=True, upgrade_type="talent"),
        "M": Card("M", "upgrade", "Twin", 1, ("federation",), mirror_unique=True, upgrade_type="talent"),
    }
    report = validate_fleet(fleet(ship("S", "C", "U", "M"), ship("S", "C"), ship("S", "C")), Catalog(cards=cards), W16)
    assert "DUPLICATE_UNIQUE" not in codes(report)


def test_one_face_up_admiral(utopia):
    """Admiral Cards: only 1 face-up Admiral Card per fleet."""
    report = check(utopia, ship("S273", "Cap049", admiral="A043"), ship("S363", "Cap051", admiral="A041"), AKIRA)
    assert "TOO_MANY_ADMIRALS" in codes(report)


def test_missing_captain_but_not_for_a_squadron(utopia):
    assert codes(check(utopia, ship("S273"), PROMETHEUS, AKIRA)) == ["MISSING_CAPTAIN"]
    assert "MISSING_CAPTAIN" not in codes(check(utopia, ship("S305"), PROMETHEUS, AKIRA))


def test_slot_overflow_and_granted_slots(utopia):
    """S199 has weapon, crew, crew: a third crew overflows; Tasha Yar adds a weapon slot."""
    assert "SLOT_OVERFLOW" in codes(check(utopia, ship("S199", "Cap053", "C462", "C469", "C464"), PROMETHEUS, AKIRA))
    assert "SLOT_OVERFLOW" not in codes(
        check(utopia, ship("S199", "Cap053", "C476", "W224", "W224"), PROMETHEUS, AKIRA)
    )
    # Admiral Kirk (A044): "Add 2 [crew] to this ship's Upgrade Bar".
    with_kirk = ship("S199", "Cap053", "C462", "C469", "C464", "C474", admiral="A044")
    assert "SLOT_OVERFLOW" not in codes(check(utopia, with_kirk, PROMETHEUS, AKIRA))


def test_squadron_takes_only_squadron_upgrades(utopia):
    """Attack Squadrons rule 2."""
    report = check(utopia, ship("S305", "Cap053", "C462"), PROMETHEUS, AKIRA)
    assert codes(report).count("SQUADRON_CARD_FORBIDDEN") == 2


def test_each_shuttle_needs_its_own_capital_ship(utopia):
    """Shuttlecraft rule 4 and Additional Rules 55."""
    shuttle = ship("S052", "Cap053")  # Type 7 Shuttlecraft, hull 2
    small = ship("S201", "Cap051")  # Miranda Class, hull 3
    assert "CAPITAL_SHIP_REQUIRED" in codes(check(utopia, shuttle, small, small))
    assert "CAPITAL_SHIP_REQUIRED" not in codes(check(utopia, shuttle, small, GALAXY))
    report = check(utopia, shuttle, ship("S051", "Cap043"), GALAXY)
    assert codes(report).count("CAPITAL_SHIP_REQUIRED") == 1 and report.violations[0].ship == 1


def test_squadron_needs_a_capital_ship(utopia):
    assert "CAPITAL_SHIP_REQUIRED" in codes(check(utopia, ship("S305"), ship("S201", "Cap051"), ship("S201", "Cap043")))


def test_no_admiral_on_a_shuttle(utopia):
    """Shuttlecraft rule 5."""
    assert "SHUTTLE_ADMIRAL" in codes(check(utopia, ship("S051", "Cap053", admiral="A043"), GALAXY, PROMETHEUS))


def test_shuttle_weapons_cost_3_or_less_except_antimatter_mines(utopia):
    """Shuttlecraft rule 3: Quantum Torpedoes (6) no; Antimatter Mines (5) yes."""
    assert "SHUTTLE_WEAPON_COST" in codes(check(utopia, ship("S027", "Cap053", "W202"), GALAXY, PROMETHEUS))
    assert "SHUTTLE_WEAPON_COST" not in codes(check(utopia, ship("S027", "Cap053", "W121"), GALAXY, PROMETHEUS))


def test_blind_booster_has_its_own_40_points(utopia):
    """Suggested format: 40 points reserved for the Blind Booster, leaving 90."""
    booster = ship("S038", "Cap509", "C037", "E037", "T046", booster=True)  # 26 + 3 + 3 + 5 + 5 = 42
    report = check(utopia, booster, GALAXY, AKIRA)
    assert "BLIND_BOOSTER_OVER_LIMIT" in codes(report)
    lean = ship("S038", "Cap509", "C037", "T046", booster=True)  # 37
    assert codes(check(utopia, lean, GALAXY, AKIRA)) == []
    assert codes(check(utopia, lean, GALAXY, PROMETHEUS)) == ["FLEET_OVER_LIMIT"]  # 44 + 47 = 91 > 90


def test_blind_booster_may_not_be_mixed(utopia):
    lean = ship("S038", "Cap509", "C037", "W224", booster=True)  # Photon Torpedoes are not in the booster
    assert "BLIND_BOOSTER_MIXED" in codes(check(utopia, lean, GALAXY, AKIRA))
    borrowed = ship("S273", "Cap049", "C037")  # Glinn Lasaran comes only in the Aldara booster
    report = check(utopia, ship("S038", "Cap509", booster=True), borrowed, AKIRA)
    assert "BLIND_BOOSTER_MIXED" in codes(report)


@pytest.mark.parametrize(
    ("target", "upgrades", "restricted"),
    [
        ("S201", ("W223",), True),  # Dorsal Phaser Array: hull 4+; Miranda has hull 3
        ("S199", ("W223",), False),  # Constitution, hull 4
        ("S273", ("T311", "T311a"), True),  # Navigational Deflector: one per ship
        ("S273", ("T278",), True),  # Regenerative Shields: Prometheus Class only
        ("S363", ("T278",), False),
        ("S273", ("Con004", "Con001"), True),  # one Starship Construction card per ship
    ],
)
def test_card_restrictions(utopia, target, upgrades, restricted):
    """Additional Rules 29: upgrades with deployment restrictions."""
    report = check(
        utopia, ship(target, "Cap053", *upgrades), GALAXY, PROMETHEUS, fmt=Format(key="o", name="o", fleet_limit=500)
    )
    assert ("CARD_RESTRICTION" in codes(report)) is restricted


def test_faction_only_card_restrictions(utopia):
    klingon = ship("S172", "Cap053", "Con004")  # Dominion War Retrofit on a Klingon ship: allowed
    dominion = ship("S190", "Cap053", "Con004")  # ... on a Dominion ship: not
    assert "CARD_RESTRICTION" not in codes(check(utopia, klingon, GALAXY, AKIRA))
    assert "CARD_RESTRICTION" in codes(check(utopia, dominion, GALAXY, AKIRA))
    legacy = ship("S273", "Cap107", "E196")  # Legacy of the Name needs a Federation captain
    assert "captain of faction federation" in message(check(utopia, legacy, PROMETHEUS, AKIRA), "CARD_RESTRICTION")


def test_faction_penalties(utopia):
    """Additional Rules 20: +1 captain/upgrade, +3 face-up admiral; a 0 SP captain pays it too (no exemption)."""
    report = check(utopia, ship("S190", "Cap049", "C462", admiral="A043"), ship("S190", "Cap107"), ship("S190", "A043"))
    first = {c.id: (c.printed, c.penalty, c.cost) for c in report.ships[0].cards}
    assert first == {"S190": (17, 0, 17), "Cap049": (6, 1, 7), "A043": (3, 3, 6), "C462": (3, 1, 4)}
    assert (report.ships[1].cards[1].penalty, report.ships[1].cards[1].cost) == (1, 1)  # Cap107, 0 SP Dominion
    face_down = report.ships[2].cards[1]
    assert (face_down.role, face_down.printed, face_down.penalty) == ("captain", 3, 1)


def test_cost_is_reduced_to_zero_before_penalties(utopia):
    """FAQ 2016, Fleet Captain: reduce the cost to 0, then apply penalties.

    Sakonna's "[weapon] Upgrades with a cost of 5 or less cost -2 SP" takes the 1 SP Romulan Charging
    Weapons to 0, not below, and it then pays +1 on a Klingon ship (the other order would give 0). The
    Independent (Klingon) Fleet Captain makes [crew] cost -1 fleet-wide.
    """
    klingon = ship("S172", "Cap053", "C134", "W134", "R010e")
    report = check(utopia, klingon, GALAXY, AKIRA, resources=("R010",))
    charging = next(c for c in report.ships[0].cards if c.id == "W134")
    assert (charging.printed, charging.penalty, charging.cost) == (1, 1, 1)
    galaxy_crew = [c.cost for c in report.ships[1].cards if c.id in ("C462", "C469")]
    assert galaxy_crew == [2, 2]
    assert report.resources[0].cost == 0  # the Fleet Captain card on the ship carries the resource's 5 SP


def test_resource_card_needs_its_resource(utopia):
    report = check(utopia, ship("S172", "Cap053", "R010e"), GALAXY, AKIRA)
    assert "needs the fleet's resource R010" in message(report, "CARD_RESTRICTION")


def test_totals_are_the_sum_of_ships_and_resources(utopia):
    report = check(utopia, GALAXY, PROMETHEUS, AKIRA, resources=("R028",))
    assert report.total == sum(s.cost for s in report.ships) + sum(r.cost for r in report.resources) == 135


def test_spacedock_catalog_validates_too(spacedock):
    enterprise = ship("1001", "2001")
    report = validate_fleet(fleet(enterprise, enterprise, enterprise), spacedock, W16)
    assert report.ships[0].cost == 28 + 6
    assert codes(report) == ["DUPLICATE_UNIQUE", "DUPLICATE_UNIQUE", "DUPLICATE_UNIQUE", "DUPLICATE_UNIQUE"]


def test_formats_are_data():
    custom = Format.from_dict({"key": "league", "name": "League", "fleet_limit": 100, "ship_limit": None})
    assert Format.from_dict(custom.to_dict()) == custom
    assert FORMATS["wizkids-2014"].blind_booster_points == 30
    with pytest.raises(ValueError, match="unknown format field"):
        Format.from_dict({"key": "x", "name": "x", "points": 5})
    with pytest.raises(ValueError, match="whole number"):
        Format.from_dict({"key": "x", "name": "x", "fleet_limit": "130"})
