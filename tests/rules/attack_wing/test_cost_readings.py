"""Cost sentences in the printings the reader first missed, on the real card files: each test quotes the card.

Found by comparing fleet costs with the Utopia builder; each rule below is read from the card's own words.
"""

from __future__ import annotations

import pytest

from rules.attack_wing import validate_fleet
from tests.rules.attack_wing.conftest import fleet, ship

W16 = "wizkids-2016"
GALAXY = ship("S273", "Cap049")  # Shield Value 3
PROMETHEUS = ship("S363", "Cap043")  # 4
AKIRA = ship("S341", "Cap051")  # 2
ROTARRAN = ship("S012", "Cap656")  # 3; Duras (Cap656) as its captain


def emergency_force_field(catalog, *ships):
    """What Emergency Force Field (R020) costs with these ships: their starting Shield Values added up, ÷ 2,
    rounded up ("The cost of this resource is … the total combined starting Shield Values … divided by 2")."""
    return validate_fleet(fleet(*ships, resources=("R020",)), catalog, W16).resources[0].cost


def cost_of(catalog, card_id, *ships):
    report = validate_fleet(fleet(*ships), catalog, W16)
    return next(c.cost for s in report.ships for c in s.cards if c.id == card_id)


@pytest.mark.parametrize(
    ("card_id", "words"),
    [
        ("T170", "Increase this ships Shield Value by 1"),
        ("T057", "Your starting Shield Value is at +1"),
        ("T174", "Increase this ship's Shield and Agility Values by 1"),
        ("T302", "Increase this ship's Shield Valuue by 1"),
    ],
)
def test_shield_bonus_printings_count_toward_emergency_force_field(utopia, card_id, words):
    """Metaphasic Shields (T170) prints "this ships" without the apostrophe; Systems Upgrade (T057) says "Your
    starting Shield Value is at +1". Both raise the ship's starting Shield Value, which R020 counts: 3 + 4 + 2 + 3
    = 12 shields cost 6 SP, 13 cost 7."""
    assert words in utopia.get(card_id).text
    without = emergency_force_field(utopia, GALAXY, PROMETHEUS, AKIRA, ROTARRAN)
    boosted = ship("S363", "Cap043", card_id)
    assert (without, emergency_force_field(utopia, GALAXY, boosted, AKIRA, ROTARRAN)) == (6, 7)


def test_hull_bonus_printings_are_read(utopia):
    """Reinforced Hull (T286) "Add +2 to this ship's Hull Value" and Combat Vessel Variant (T201) "Your Primary
    Weapon and Hull values are each at +1" and Science Vessel Variant (T266) "Add 1 to this ship's Agility Value
    and Hull Value" raise the starting Hull Value that Improved Hull (R029) counts."""
    assert "Add 1 to this ship's Agility Value and Hull Value" in utopia.get("T266").text
    bonuses = {
        card_id: [r.amount for r in utopia.get(card_id).restrictions if r.code == "hull_bonus"]
        for card_id in ("T286", "T201", "T266")
    }
    assert bonuses == {"T286": [2], "T201": [1], "T266": [1]}


@pytest.mark.parametrize(
    ("talent", "cost"),
    [
        ("E159", 3),  # Cry of the Warrior, Klingon, printed 5
        ("E109", 3 + 1),  # Double Back, Romulan, printed 5: 3, then the faction penalty on a Klingon ship
        ("E098", 5 + 1),  # Faked Messages, Independent: not named, printed cost and the penalty
    ],
)
def test_duras_sets_his_romulan_and_klingon_talents_to_3(utopia, talent, cost):
    """Duras (Cap656): "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP." The
    cost is set to 3 first, then the faction penalty is added (2016 FAQ: "Reduce the cost … then apply all
    penalties (including faction penalty)")."""
    assert cost_of(utopia, talent, ship("S012", "Cap656", talent)) == cost


def test_senior_staff_charges_every_additional_talent_and_needs_a_crew_for_each(utopia):
    """Senior Staff (R036): "The cost of this resource is 1 SP for each additional [talent] Upgrade you assign to
    your fleet" and "Each ship … may field 1 additional [talent] Upgrade for every [crew] Upgrade assigned to it".
    Sar (Cap216) has no [talent] icon, the Female Changeling (A032) one; a second [talent] on a ship with no [crew]
    is still an additional one: it costs 1 SP (on Senior Staff's card there, R036a) and it has no room."""
    staffed = ship("S284", "Cap216", "E047", "T237", "R036a", "E157", admiral="A032")
    report = validate_fleet(fleet(staffed, resources=("R036",)), utopia, W16)
    card = next(c for c in report.ships[0].cards if c.id == "R036a")
    assert (card.cost, report.resources[0].cost) == (1, 0)
    assert [(v.code, v.card) for v in report.violations if v.code == "SLOT_OVERFLOW"] == [("SLOT_OVERFLOW", "E157")]


def test_flagship_raises_the_values_dorsal_phaser_array_reads(utopia):
    """Flagship (R004), point 2: its cards "have additional stats that increase the printed values* of your ship
    (primary weapon, agility, hull, shields)"; the 2016 FAQ on Dorsal Phaser Array (W057): it "may be used on a
    Federation ship with Hull Value of 3 and a Flagship that increases Hull Value by 1". Its cost, "equal to the
    ship's Primary Weapon Value +1", follows the raised value: Columbia NX-02 (S405, attack 2, hull 3) with the
    Federation flagship card (R004e, +1 attack, +1 hull)."""
    plain = validate_fleet(fleet(ship("S405", "Cap049", "W057")), utopia, W16)
    flagship = validate_fleet(fleet(ship("S405", "Cap049", "R004e", "W057"), resources=("R004",)), utopia, W16)

    def dorsal(report):
        cost = next(c.cost for c in report.ships[0].cards if c.id == "W057")
        refused = [v.code for v in report.violations if v.card == "W057"]
        return cost, refused

    assert dorsal(plain) == (2 + 1, ["CARD_RESTRICTION"])
    assert dorsal(flagship) == (3 + 1, [])


def test_flagship_card_stats_are_read_from_both_databases(utopia, spacedock):
    """The flagship cards print their added stats (Utopia R004e, Space Dock 6007 "Federation": +1 Primary Weapon,
    +1 Hull, +1 Shields); both readers keep them, so one fleet gets one verdict with either file."""
    stats = [(c.attack, c.hull, c.shields, c.agility) for c in (utopia.get("R004e"), spacedock.get("6007"))]
    assert stats == [(1, 1, 1, 0), (1, 1, 1, 0)]


def test_kurn_fields_one_talent_as_his_text_says(utopia):
    """Kurn (Cap539): "Kurn may field 1 Klingon [talent] Upgrade." The Utopia record lists no [talent] icon (Space
    Dock's lists one); the text gives him the slot, so his talent fits and, with Senior Staff (R036), is no
    additional [talent] to pay for."""
    assert utopia.get("Cap539").talent_slots == 1
    kurn = ship("S012", "Cap539", "E121")
    report = validate_fleet(fleet(kurn, resources=("R036",)), utopia, W16)
    assert "SLOT_OVERFLOW" not in [v.code for v in report.violations]
    assert report.resources[0].cost == 0


def test_fire_all_weapons_is_no_dearer_on_the_mirror_universe_galaxy_it_comes_with(utopia):
    """Fire All Weapons (W070), sold with the Mirror Universe Enterprise-D (set 71510b): "This Upgrade costs +5 SP
    for any ship other than a Galaxy, Intrepid or Sovereign Class ship". The databases file that ship as "Galaxy
    Class (MU)" for its own maneuver dial; it is a Galaxy Class ship. A Refit stays another class (Dual Phaser
    Banks, W017, "+3 SP for any ship other than a Constitution Class ship", on Constitution Class (Refit) S124)."""
    assert cost_of(utopia, "W070", ship("S108", "Cap049", "W070")) == 7
    assert cost_of(utopia, "W070", ship("S341", "Cap051", "W070")) == 7 + 1 + 5  # Akira: penalty, then +5
    assert cost_of(utopia, "W017", ship("S124", "Cap049", "W017")) == utopia.get("W017").cost + 3


def test_a_class_named_in_the_text_is_not_a_ship_of_that_name(utopia):
    """Bio-Neural Circuitry (T298): "This upgrade costs +3 SP if not equipped to either a [Intrepid Class], [Sovereign
    Class], or [Luna Class] ship" (class icons); Variable Geometry Pylons (T042): "… only be purchased for an
    Intrepid-class ship". The U.S.S. Intrepid S337 is a Constitution Class ship: +3, and no Pylons; the U.S.S.
    Intrepid NCC-74600 S386 is an Intrepid Class ship (whose own text takes 1 SP off Bio-Neural Circuitry)."""
    assert cost_of(utopia, "T298", ship("S337", "Cap049", "T298")) == 2 + 3
    assert cost_of(utopia, "T298", ship("S386", "Cap049", "T298")) == 2 - 1
    pylons = validate_fleet(fleet(ship("S337", "Cap049", "T042")), utopia, W16)
    assert [v.code for v in pylons.violations if v.card == "T042"] == ["CARD_RESTRICTION"]


def test_tahna_los_exact_cost_skips_a_tech_that_names_a_ship_or_class(utopia):
    """Tahna Los (Cap524): "One of the [tech] upgrades you purchase for Tahna Los's ship costs exactly 3 Squadron
    Points …; this Upgrade cannot refer to a specific ship or class of ship." Navigational Sensors (T023, 5 SP)
    "may only be purchased for a Bajoran Interceptor": it keeps its cost; EM Pulse (T235, Klingon, 4 SP) names no
    ship: 3, then the faction penalty on the Bajoran Starship (S137)."""
    assert cost_of(utopia, "T023", ship("S137", "Cap524", "T023")) == 5
    assert cost_of(utopia, "T235", ship("S137", "Cap524", "T235")) == 3 + 1


def test_ablative_generator_takes_any_unique_ship(utopia):
    """Ablative Generator (Con002): "This card can only be equipped to a [Unique]/[Mirror Unique] ship and the SP
    cost of this card is equal to this ship's printed Hull Value +2". The first half is about uniqueness, not a
    ship named "Unique": U.S.S. Spector (S342, unique, Hull 5, Shields 3) takes it at 5 + 2 = 7 SP; the
    Federation Starship of the same class (S341, not unique) is refused for it."""

    def refusals(ship_id):
        report = validate_fleet(fleet(ship(ship_id, "Cap049", "Con002")), utopia, W16)
        cost = next(c.cost for c in report.ships[0].cards if c.id == "Con002")
        return cost, [v.message for v in report.violations if v.card == "Con002"]

    assert refusals("S342") == (7, [])
    spector_class = refusals("S341")
    assert spector_class[0] == 7
    assert [m for m in spector_class[1] if "Unique" in m] == [
        "Ablative Generator on Ship 1 (Federation Starship): the card says it can only be equipped to a Unique / "
        "Mirror Unique ship."
    ]


def test_khan_singh_caps_the_printed_cost_in_both_printings(utopia, spacedock):
    """Khan Singh: "Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each. The printed cost on
    those Upgrades cannot be greater than 6." Space Dock prints "these Upgrades"; in both, a 10 SP Upgrade is no
    such Upgrade and keeps its 10 SP (Transphasic Torpedoes, Space Dock 71280, on the Abandoned Space Station)."""
    assert [r.value for r in utopia.get("Cap725").restrictions if r.code == "exact_cost"] == [
        "kinds=upgrade;limit=3;max_cost=6"
    ]
    khan = spacedock.get("khan_singh_72317p")
    assert "The printed cost on these Upgrades cannot be greater than 6" in khan.text
    assert [r.value for r in khan.restrictions if r.code == "exact_cost"] == ["kinds=upgrade;limit=3;max_cost=6"]
    report = validate_fleet(fleet(ship("1027", khan.id, "transphasic_torpedoes_71280")), spacedock, W16)
    assert [(c.id, c.printed, c.cost) for c in report.ships[0].cards][2] == ("transphasic_torpedoes_71280", 10, 10)
