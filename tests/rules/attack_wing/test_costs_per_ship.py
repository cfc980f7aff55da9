"""Every step of pricing the cards of one ship, worked out by hand from the card text, on Utopia's card file.

Each test prices a small fleet and pins whole cards: (role, printed, penalty, cost, name) and every adjustment as
a full :class:`~rules.attack_wing.fleet.Adjustment` (amount, kind, words, source, source_name, quoted), in the
order the cost is built (FAQ 2016, Fleet Captain: "Reduce the cost to 0 and then apply all penalties (including
faction penalty) and any additional cost printed on the card"): the computed cost, the ship discount, exact
costs, fleet-wide reductions, the reductions of the slot a card sits in, the reductions written on the ship's
cards (capped, per card counted, one card only), the Officer Exchange Program, the floor at 0 (seed 003,
Additional Rules 35), the faction penalty (Additional Rules 20) and its waivers, and printed extra costs.
Costs do not depend on a fleet's legality, so most fleets here are single ships. The last tests give a shipped
card a sentence the card text reader reads but no shipped card prints (a cap that runs out part-way, a card
counting Upgrades after a fleet-wide reduction, a one-card reduction or waiver limited by cost or by ship).
"""

from __future__ import annotations

from dataclasses import replace

from rules.attack_wing import validate_fleet
from rules.attack_wing.card_text.reader import read_card_text
from rules.attack_wing.catalog import Catalog
from rules.attack_wing.fleet import (
    COMPUTED,
    EXACT,
    EXTRA_COST,
    FACTION_PENALTY,
    FLOOR,
    REDUCTION,
    WAIVED,
    Adjustment,
    Fleet,
    ResourceOption,
)
from tests.rules.attack_wing.conftest import EXCHANGE_REDUCTION, EXCHANGE_WAIVER, fleet, ship

W16 = "wizkids-2016"
FLOOR_WORDS = "A cost is never reduced below 0 SP (Additional Rules 35)."
FEDERATION_SHIP = "S273"  # Federation Starship (Galaxy Class, 22 SP, Primary Weapon 4), federation only
KLINGON_SHIP = "S269"  # Klingon Starship (22 SP), klingon only
PICARD = "Cap049"  # Jean-Luc Picard, Federation captain, 6 SP, no cost text


def priced(catalog, *ships, resources=(), options=()):
    made = fleet(*ships, resources=resources)
    return validate_fleet(Fleet(made.ships, made.resources, tuple(options)), catalog, W16)


def whole(report, card_id, ship_index=0):
    """A card as the report prices it: (role, printed, penalty, cost, name, adjustments)."""
    found = next(c for c in report.ships[ship_index].cards if c.id == card_id)
    return (found.role, found.printed, found.penalty, found.cost, found.name, found.adjustments)


def plain(role, cost, name):
    """A card no rule touches: its printed cost, no step."""
    return (role, cost, 0, cost, name, ())


def floor(amount):
    return Adjustment(amount, FLOOR, FLOOR_WORDS)


# -- a cost the card's text computes ---------------------------------------------------------------------------


def test_dorsal_phaser_array_costs_the_primary_weapon_value_plus_1(utopia):
    """W223 Dorsal Phaser Array (printed 0): "the cost of this [weapon] is equal to this ship's Primary Weapon
    Value +1". On the Federation Starship (Primary Weapon 4): 4 + 1 = 5, one computed step of +5 quoting the
    sentence. The ship card and its captain are priced at their printed cost, with no step."""
    report = priced(utopia, ship(FEDERATION_SHIP, PICARD, "W223"))
    sentence = (
        "The Attack Value of this [weapon] is equal to this ship's Primary Weapon Value and the cost of this "
        "[weapon] is equal to this ship's Primary Weapon Value +1."
    )
    assert whole(report, "W223") == (
        "upgrade",
        0,
        0,
        5,
        "Dorsal Phaser Array",
        (Adjustment(5, COMPUTED, sentence, "W223", "Dorsal Phaser Array", True),),
    )
    assert whole(report, FEDERATION_SHIP) == plain("ship", 22, "Federation Starship")
    assert whole(report, PICARD) == plain("captain", 6, "Jean-Luc Picard")
    assert report.ships[0].cost == 22 + 6 + 5


# -- the ship discount ----------------------------------------------------------------------------------------


def test_the_borg_support_vehicle_token_discount_is_a_step_of_the_ship_card(utopia):
    """Q008 Borg Support Vehicle Token: "If this ship is a Borg Sphere this ship costs -15sp." On Sphere 634
    (S321, Borg Sphere, 40 SP, no captain): the ship costs 40 - 15 = 25, the step quoting that sentence; the
    token, the next card on the ship, keeps its printed 0 with no step."""
    report = priced(utopia, ship("S321", None, "Q008"))
    token = "Borg Support Vehicle Token"
    discount = Adjustment(-15, REDUCTION, "If this ship is a Borg Sphere this ship costs -15sp.", "Q008", token, True)
    assert whole(report, "S321") == ("ship", 40, 0, 25, "Sphere 634", (discount,))
    assert whole(report, "Q008") == plain("upgrade", 0, token)


# -- exact costs ----------------------------------------------------------------------------------------------


def test_kirk_sets_each_federation_talent_to_exactly_3_sp(utopia):
    """Cap905 James T. Kirk: "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron
    Points". Inspiring (E199, 2 SP) goes up to 3 (+1), Coordinated Assault (E216, 5 SP) down to 3 (-2)."""
    report = priced(utopia, ship(FEDERATION_SHIP, "Cap905", "E199", "E216"))
    sentence = (
        "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron Points and are placed "
        "face down beside his card."
    )
    assert whole(report, "E199") == (
        "upgrade",
        2,
        0,
        3,
        "Inspiring",
        (Adjustment(1, EXACT, sentence, "Cap905", "James T. Kirk", True),),
    )
    assert whole(report, "E216") == (
        "upgrade",
        5,
        0,
        3,
        "Coordinated Assault",
        (Adjustment(-2, EXACT, sentence, "Cap905", "James T. Kirk", True),),
    )


def test_kurn_fields_mauk_to_vor_at_3_sp(utopia):
    """Cap410 Kurn: 'Kurn may field the "Mauk-to'Vor" [talent] Upgrade at a cost of 3 SP.' Mauk-to'Vor (E039,
    Klingon, 5 SP) on a Klingon ship: 3, one exact step of -2."""
    report = priced(utopia, ship(KLINGON_SHIP, "Cap410", "E039"))
    sentence = 'Kurn may field the "Mauk-to\'Vor" [talent] Upgrade at a cost of 3 SP.'
    assert whole(report, "E039") == (
        "upgrade",
        5,
        0,
        3,
        "Mauk-to'Vor",
        (Adjustment(-2, EXACT, sentence, "Cap410", "Kurn", True),),
    )


DURAS_WORDS = "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP."


def test_duras_sets_the_talent_in_his_slot_to_3_sp(utopia):
    """Cap656 Duras: "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP." Glory
    To The Empire! (E220, Klingon, 2 SP) in his [talent] slot costs 3: an exact step of +1 quoting that sentence
    (found by the 3 SP it prints, as it prints no "exactly")."""
    report = priced(utopia, ship(KLINGON_SHIP, "Cap656", "E220"))
    assert whole(report, "E220") == (
        "upgrade",
        2,
        0,
        3,
        "Glory To The Empire!",
        (Adjustment(1, EXACT, DURAS_WORDS, "Cap656", "Duras", True),),
    )
    assert whole(report, "Cap656") == plain("captain", 5, "Duras")


# -- fleet-wide reductions ------------------------------------------------------------------------------------

KLINGON_FLEET_CAPTAIN = "R010e"  # Independent (Klingon): "All of your [crew] Upgrades cost -1 SP for all ships …"
DOMINION_FLEET_CAPTAIN = "R010h"  # Independent (Dominion): the same for [tech] Upgrades
CREW_FOR_ALL = "All of your [crew] Upgrades cost -1 SP for all ships in your fleet (including your own ship)."
TECH_FOR_ALL = "All of your [tech] Upgrades cost -1 SP for all ships in your fleet (including your own ship)."


def test_a_fleet_captain_reduces_the_crew_of_another_ship(utopia):
    """R010e Independent (Klingon): "All of your [crew] Upgrades cost -1 SP for all ships in your fleet
    (including your own ship)." Elizabeth Lense (C019, Federation [crew], 2nd ship, 1 SP) costs 1 - 1 = 0; the
    Photonic Torpedoes beside her (W072, [weapon], 2 SP) are not [crew] and cost 2."""
    report = priced(
        utopia,
        ship(KLINGON_SHIP, "Cap504", KLINGON_FLEET_CAPTAIN),
        ship(FEDERATION_SHIP, PICARD, "C019", "W072"),
        resources=("R010",),
    )
    reduced = Adjustment(-1, REDUCTION, CREW_FOR_ALL, KLINGON_FLEET_CAPTAIN, "Independent (Klingon)", True)
    assert whole(report, "C019", 1) == ("upgrade", 1, 0, 0, "Elizabeth Lense", (reduced,))
    assert whole(report, "W072", 1) == plain("upgrade", 2, "Photonic Torpedoes")


def test_two_copies_of_a_fleet_wide_reduction_both_count(utopia):
    """Two Independent (Klingon) cards (R010e) in one fleet are refused (the card is unique), but each still
    says "All of your [crew] Upgrades cost -1 SP for all ships in your fleet": Elizabeth Lense (C019, 1 SP)
    takes -1 twice, 1 - 2 = -1, raised to 0 (Additional Rules 35)."""
    report = priced(
        utopia,
        ship(FEDERATION_SHIP, PICARD, "C019"),
        ship(KLINGON_SHIP, "Cap504", KLINGON_FLEET_CAPTAIN),
        ship(KLINGON_SHIP, "Cap701", KLINGON_FLEET_CAPTAIN),
        resources=("R010",),
    )
    reduced = Adjustment(-1, REDUCTION, CREW_FOR_ALL, KLINGON_FLEET_CAPTAIN, "Independent (Klingon)", True)
    assert whole(report, "C019") == ("upgrade", 1, 0, 0, "Elizabeth Lense", (reduced, reduced, floor(1)))
    assert "DUPLICATE_UNIQUE" in {v.code for v in report.violations}


# -- the reductions of the slot a card sits in ---------------------------------------------------------------


def test_tuvok_takes_1_sp_off_the_tech_in_his_slot(utopia):
    """Cap507 Tuvok: "Add 1 [tech] Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP." Impulse
    Efficiency (AP1012, 2 SP) seated there costs 1."""
    report = priced(utopia, ship(FEDERATION_SHIP, "Cap507", "AP1012"))
    tuvok = Adjustment(-1, REDUCTION, "That Upgrade costs -1 SP.", "Cap507", "Tuvok", True)
    assert whole(report, "AP1012") == ("upgrade", 2, 0, 1, "Impulse Efficiency", (tuvok,))


def test_tuvok_takes_a_1_sp_tech_to_exactly_0_without_a_floor_step(utopia):
    """Tuvok's -1 on Escape Pod (T054, 1 SP): 1 - 1 = 0, which is not below 0, so Additional Rules 35 adds no
    step."""
    report = priced(utopia, ship(FEDERATION_SHIP, "Cap507", "T054"))
    tuvok = Adjustment(-1, REDUCTION, "That Upgrade costs -1 SP.", "Cap507", "Tuvok", True)
    assert whole(report, "T054") == ("upgrade", 1, 0, 0, "Escape Pod", (tuvok,))


def test_tuvok_adds_to_a_fleet_captain_reduction(utopia):
    """R010h Independent (Dominion): every [tech] Upgrade -1 SP; Tuvok: the [tech] in his slot -1 SP more.
    Impulse Efficiency (AP1012, 2 SP): 2 - 1 - 1 = 0, the fleet's reduction first."""
    report = priced(
        utopia,
        ship(FEDERATION_SHIP, "Cap507", "AP1012"),
        ship(KLINGON_SHIP, "Cap701", DOMINION_FLEET_CAPTAIN),
        resources=("R010",),
    )
    assert whole(report, "AP1012") == (
        "upgrade",
        2,
        0,
        0,
        "Impulse Efficiency",
        (
            Adjustment(-1, REDUCTION, TECH_FOR_ALL, DOMINION_FLEET_CAPTAIN, "Independent (Dominion)", True),
            Adjustment(-1, REDUCTION, "That Upgrade costs -1 SP.", "Cap507", "Tuvok", True),
        ),
    )


def test_sakharov_takes_2_sp_off_a_1_sp_crew_and_the_floor_gives_1_back(utopia):
    """S051 Sakharov: "you may purchase 1 additional [crew] or [tech] Upgrade for this ship. This Upgrade may
    exceed the ship's restrictions and cost -2 SP (min 0)." Elizabeth Lense (C019, 1 SP): 1 - 2 = -1, raised to
    0 by Additional Rules 35, a floor step of +1."""
    report = priced(utopia, ship("S051", PICARD, "C019"))
    sentence = "This Upgrade may exceed the ship's restrictions and cost -2 SP (min 0)."
    sakharov = Adjustment(-2, REDUCTION, sentence, "S051", "Sakharov", True)
    assert whole(report, "C019") == ("upgrade", 1, 0, 0, "Elizabeth Lense", (sakharov, floor(1)))


NIJIL = "That Upgrade costs -1 SP (min 1) and must be a Romulan [tech] Upgrade."
ROMULAN_SHIP = "S353"  # Romulan Starship (D'deridex Class, 25 SP)
LOVOK = "Cap015"  # Romulan captain


def test_nijil_takes_1_sp_off_a_2_sp_romulan_tech(utopia):
    """C235 Nijil: "Add 1 [tech] Upgrade to your Upgrade Bar. That Upgrade costs -1 SP (min 1) …". Graviton
    Field Generator (T102, Romulan, 2 SP) in his slot: 2 - 1 = 1."""
    report = priced(utopia, ship(ROMULAN_SHIP, LOVOK, "C235", "T102"))
    step = Adjustment(-1, REDUCTION, NIJIL, "C235", "Nijil", True)
    assert whole(report, "T102") == ("upgrade", 2, 0, 1, "Graviton Field Generator", (step,))


def test_nijil_takes_nothing_off_a_1_sp_romulan_tech(utopia):
    """Nijil's "(min 1)": Reinforced Shields (T165, Romulan, 1 SP) in his slot stays at 1; the step says so
    with 0 SP."""
    report = priced(utopia, ship(ROMULAN_SHIP, LOVOK, "C235", "T165"))
    step = Adjustment(0, REDUCTION, NIJIL, "C235", "Nijil", True)
    assert whole(report, "T165") == ("upgrade", 1, 0, 1, "Reinforced Shields", (step,))


def test_nijil_stops_at_1_sp_after_a_fleet_captain_reduction(utopia):
    """Graviton Field Generator (T102, 2 SP) with Independent (Dominion)'s -1 on every [tech] first: 1 SP left,
    and Nijil's -1 (min 1) can take nothing more: 1."""
    report = priced(utopia, ship(ROMULAN_SHIP, LOVOK, "C235", "T102", DOMINION_FLEET_CAPTAIN), resources=("R010",))
    assert whole(report, "T102") == (
        "upgrade",
        2,
        0,
        1,
        "Graviton Field Generator",
        (
            Adjustment(-1, REDUCTION, TECH_FOR_ALL, DOMINION_FLEET_CAPTAIN, "Independent (Dominion)", True),
            Adjustment(0, REDUCTION, NIJIL, "C235", "Nijil", True),
        ),
    )


FREE_TALENT = (
    "Fleet Captain: the captain forgoes the bonus [talent] slot and equips 1 of his [talent] Upgrades for free."
)


def test_a_fleet_captain_makes_one_talent_free(utopia):
    """Fleet Captain (R010), point 5: the captain may "forego taking the bonus [talent] Upgrade and equip your
    Captain with 1 of his [talent] Upgrades for free". Martok (Cap701, one [talent] icon) with Independent
    (Dominion) and Glory To The Empire! (E220, Klingon, 2 SP): free (-2); Martok's own "All of your Klingon
    Upgrades cost -1 SP" then takes it to -1, raised to 0 (Additional Rules 35)."""
    report = priced(utopia, ship(KLINGON_SHIP, "Cap701", "E220", DOMINION_FLEET_CAPTAIN), resources=("R010",))
    assert whole(report, "E220") == (
        "upgrade",
        2,
        0,
        0,
        "Glory To The Empire!",
        (
            Adjustment(-2, REDUCTION, FREE_TALENT, DOMINION_FLEET_CAPTAIN, "Independent (Dominion)"),
            Adjustment(-1, REDUCTION, "All of your Klingon Upgrades cost -1 SP.", "Cap701", "Martok", True),
            floor(1),
        ),
    )


# -- reductions written on the ship's cards ------------------------------------------------------------------


def test_iden_costs_1_sp_less_for_each_independent_question_upgrade(utopia):
    """Cap037 Iden (10 SP): "This card costs -1 SP for each Independent ? Upgrade equipped to this ship." On
    U.S.S. Dauntless (S316, Independent) with Weiss (Q031) and Photonic Field Generator (Q033), both Independent
    [?] Upgrades, and the Emergency Medical Hologram (Q024, Federation [?], not counted): 10 - 2 = 8, one step
    of -2. The hologram pays its own penalty: 2 + 1."""
    report = priced(utopia, ship("S316", "Cap037", "Q031", "Q033", "Q024"))
    sentence = "This card costs -1 SP for each Independent Faction ? Upgrade equipped to this ship."
    assert whole(report, "Cap037") == (
        "captain",
        10,
        0,
        8,
        "Iden",
        (Adjustment(-2, REDUCTION, sentence, "Cap037", "Iden", True),),
    )
    assert whole(report, "Q031") == plain("upgrade", 2, "Weiss")
    assert whole(report, "Q024")[1:4] == (2, 1, 3)


PICARD_MAX_5 = "Your ship costs -2SP and each Upgrade assigned to your ship costs -1SP."


def test_picard_takes_off_5_sp_at_most(utopia):
    """Cap803 Jean-Luc Picard: "Your ship costs -2SP and each Upgrade assigned to your ship costs -1SP. (max -5SP
    total)". In fleet order: the ship 22 - 2 = 20 (3 SP of the 5 left); Upgrade Slots (AQ001, 0 SP) has nothing
    to take off and uses none of them; Impulse Efficiency (AP1012, 2), Photonic Torpedoes (W072, 2) and
    Elizabeth Lense (C019, 1) take -1 each, which spends the 5; William Telfer (C416, 1) and
    Inspiring (E199, 2) keep their printed cost."""
    report = priced(utopia, ship(FEDERATION_SHIP, "Cap803", "AQ001", "AP1012", "W072", "C019", "C416", "E199"))
    step = {-2: Adjustment(-2, REDUCTION, PICARD_MAX_5, "Cap803", "Jean-Luc Picard", True)}
    step[-1] = Adjustment(-1, REDUCTION, PICARD_MAX_5, "Cap803", "Jean-Luc Picard", True)
    assert whole(report, FEDERATION_SHIP) == ("ship", 22, 0, 20, "Federation Starship", (step[-2],))
    assert whole(report, "AQ001") == plain("upgrade", 0, "Upgrade Slots")
    assert whole(report, "AP1012") == ("upgrade", 2, 0, 1, "Impulse Efficiency", (step[-1],))
    assert whole(report, "W072") == ("upgrade", 2, 0, 1, "Photonic Torpedoes", (step[-1],))
    assert whole(report, "C019") == ("upgrade", 1, 0, 0, "Elizabeth Lense", (step[-1],))
    assert whole(report, "C416") == plain("upgrade", 1, "William Telfer")
    assert whole(report, "E199") == plain("upgrade", 2, "Inspiring")
    assert report.ships[0].cost == 22 + 5 + 2 + 2 + 1 + 1 + 2 - 5


CALVIN_HUDSON = "If this card is assigned to an Independent ship, all of your Upgrades cost -1 SP."


def test_calvin_hudson_reduces_upgrades_on_an_independent_ship_only(utopia):
    """Cap518 Calvin Hudson: "If this card is assigned to an Independent ship, all of your Upgrades cost -1 SP."
    On U.S.S. Dauntless (S316, Independent): Denara Pel (C070, 1 SP) costs 0 and Power Distribution Grid (T031,
    2 SP) 1. On a Federation ship he pays his own penalty (3 + 1) and Power Distribution Grid pays its own
    (2 + 1), with no reduction."""
    report = priced(utopia, ship("S316", "Cap518", "C070", "T031"))
    step = Adjustment(-1, REDUCTION, CALVIN_HUDSON, "Cap518", "Calvin Hudson", True)
    assert whole(report, "C070") == ("upgrade", 1, 0, 0, "Denara Pel", (step,))
    assert whole(report, "T031") == ("upgrade", 2, 0, 1, "Power Distribution Grid", (step,))
    federation = priced(utopia, ship(FEDERATION_SHIP, "Cap518", "T031"))
    assert whole(federation, "Cap518")[1:4] == (3, 1, 4)
    assert whole(federation, "T031")[1:4] == (2, 1, 3)
    assert REDUCTION not in [a.kind for a in whole(federation, "T031")[5]]


SAKONNA = "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP."


def test_sakonna_weighs_a_weapon_by_its_cost_on_this_ship(utopia):
    """C134 Sakonna: "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP." Energy Dissipator
    (W111, Dominion, 5 SP, "+5 Squadron Points for any non-Breen ship") on Gor Portas (S189, Breen, Dominion)
    costs 5: 5 - 2 = 3. On a Federation ship it costs 5 + 5 = 10, more than 5: no reduction, 5 + 1 + 5 = 11,
    while Photonic Torpedoes (W072, 2 SP) beside it take the -2: 0."""
    breen = priced(utopia, ship("S189", "Cap053", "C134", "W111"))
    step = Adjustment(-2, REDUCTION, SAKONNA, "C134", "Sakonna", True)
    assert whole(breen, "W111") == ("upgrade", 5, 0, 3, "Energy Dissipator", (step,))
    federation = priced(utopia, ship(FEDERATION_SHIP, PICARD, "C134", "W111", "W072"))
    penalty = "Faction penalty: a Dominion upgrade on the Federation ship (Additional Rules 20)."
    extra = "This upgrade costs +5 Squadron Points for any non-Breen ship."
    assert whole(federation, "W111") == (
        "upgrade",
        5,
        1,
        11,
        "Energy Dissipator",
        (Adjustment(1, FACTION_PENALTY, penalty), Adjustment(5, EXTRA_COST, extra, "W111", "Energy Dissipator", True)),
    )
    assert whole(federation, "W072") == ("upgrade", 2, 0, 0, "Photonic Torpedoes", (step,))


LUARAN = "One of your Dominion Upgrades costs -2 Squadron Points."


def test_luaran_reduces_the_dominion_upgrade_he_saves_most_on(utopia):
    """Cap325 Luaran: "One of your Dominion Upgrades costs -2 Squadron Points." On a Dominion ship (S286) with
    Antiproton Blast (T175, 2 SP) and Breen Guards (C166, [crew], 5 SP, already -1 from Independent (Klingon)):
    both save the full 2; the dearer, the Guards, takes it: 5 - 1 - 2 = 2. The Blast stays at 2."""
    report = priced(utopia, ship("S286", "Cap325", "T175", "C166", KLINGON_FLEET_CAPTAIN), resources=("R010",))
    assert whole(report, "C166") == (
        "upgrade",
        5,
        0,
        2,
        "Breen Guards",
        (
            Adjustment(-1, REDUCTION, CREW_FOR_ALL, KLINGON_FLEET_CAPTAIN, "Independent (Klingon)", True),
            Adjustment(-2, REDUCTION, LUARAN, "Cap325", "Luaran", True),
        ),
    )
    assert whole(report, "T175") == plain("upgrade", 2, "Antiproton Blast")


# -- the Officer Exchange Program (R015) ---------------------------------------------------------------------

EXCHANGE = "Officer Exchange Program"


def test_the_exchange_steps_name_the_program(utopia):
    """R015 with Federation and Klingon chosen, point 2 (no faction penalty) and point 3 ("the cost of that card
    is reduced by 1 SP"). Gowron (A027, Klingon admiral, 3 SP) on a Federation ship: 3 - 1 = 2, the penalty
    waived; Kurn (C289, Klingon [crew], 4 SP) beside him: the penalty waived, no SP off (point 3 names Captains
    and Admirals); Picard (Cap049, Federation, 6 SP) on a Klingon ship: 6 - 1 = 5, the penalty waived."""
    report = priced(
        utopia,
        ship(FEDERATION_SHIP, "Cap015", "C289", admiral="A027"),
        ship(KLINGON_SHIP, PICARD),
        resources=("R015",),
        options=(ResourceOption("R015", ("federation", "klingon")),),
    )
    less = Adjustment(-1, REDUCTION, EXCHANGE_REDUCTION, "R015", EXCHANGE, True)
    waived = Adjustment(0, WAIVED, EXCHANGE_WAIVER, "R015", EXCHANGE, True)
    assert whole(report, "A027") == ("admiral", 3, 0, 2, "Gowron", (less, waived))
    assert whole(report, "C289") == ("upgrade", 4, 0, 4, "Kurn", (waived,))
    assert whole(report, PICARD, 1) == ("captain", 6, 0, 5, "Jean-Luc Picard", (less, waived))
    # Lovok (Cap015) is Romulan, neither chosen faction: he pays the penalty and gets no SP off
    assert whole(report, "Cap015")[1:4] == (3, 1, 4)


def test_the_exchange_takes_its_1_sp_after_iden_s_own_reduction(utopia):
    """R015 with Independent and Romulan chosen: Iden (Cap037, Independent, 10 SP) on a Romulan ship (S353) with
    two Independent [?] Upgrades (Weiss Q031, Photonic Field Generator Q033) costs 10 - 2 (his own text) - 1
    (point 3) = 7, his penalty waived (point 2). The [?] Upgrades are not [crew]: each pays 2 + 1."""
    report = priced(
        utopia,
        ship(ROMULAN_SHIP, "Cap037", "Q031", "Q033"),
        resources=("R015",),
        options=(ResourceOption("R015", ("independent", "romulan")),),
    )
    iden = "This card costs -1 SP for each Independent Faction ? Upgrade equipped to this ship."
    assert whole(report, "Cap037") == (
        "captain",
        10,
        0,
        7,
        "Iden",
        (
            Adjustment(-2, REDUCTION, iden, "Cap037", "Iden", True),
            Adjustment(-1, REDUCTION, EXCHANGE_REDUCTION, "R015", EXCHANGE, True),
            Adjustment(0, WAIVED, EXCHANGE_WAIVER, "R015", EXCHANGE, True),
        ),
    )
    assert whole(report, "Q031")[1:4] == (2, 1, 3)


# -- the faction penalty, its waivers and extra costs --------------------------------------------------------


def test_elim_garak_waives_the_penalty_of_the_talent_that_pays_one(utopia):
    """C109 Elim Garak: "You do not pay a Faction penalty when assigning Elim Garak or his [talent] Upgrade to
    your ship." On a Federation ship with Inspiring (E199, Federation [talent], no penalty to waive) first and
    Interrogation (E206, Dominion [talent], 2 SP) after it: the waiver goes to Interrogation, 2 + 0; Inspiring
    has no step. Garak's own penalty is waived as well: 4."""
    report = priced(utopia, ship(FEDERATION_SHIP, PICARD, "C109", "E199", "E206"))
    sentence = "You do not pay a Faction penalty when assigning Elim Garak or his [talent] Upgrade to your ship."
    waived = Adjustment(0, WAIVED, sentence, "C109", "Elim Garak", True)
    assert whole(report, "C109") == ("upgrade", 4, 0, 4, "Elim Garak", (waived,))
    assert whole(report, "E199") == plain("upgrade", 2, "Inspiring")
    assert whole(report, "E206") == ("upgrade", 2, 0, 2, "Interrogation", (waived,))


def test_disruptor_pulse_pays_its_penalty_then_its_extra_cost(utopia):
    """W044 Disruptor Pulse (Romulan, 5 SP): "This Upgrade costs +5 SP for any non-Romulan ship." On a
    Federation ship: 5 + 1 (Additional Rules 20) + 5 = 11, the penalty step first, then the extra cost."""
    report = priced(utopia, ship(FEDERATION_SHIP, PICARD, "W044"))
    penalty = "Faction penalty: a Romulan upgrade on the Federation ship (Additional Rules 20)."
    extra = "This Upgrade costs +5 SP for any non-Romulan ship."
    assert whole(report, "W044") == (
        "upgrade",
        5,
        1,
        11,
        "Disruptor Pulse",
        (Adjustment(1, FACTION_PENALTY, penalty), Adjustment(5, EXTRA_COST, extra, "W044", "Disruptor Pulse", True)),
    )


def test_a_capped_reduction_counts_only_what_it_takes_off(utopia):
    """Elizabeth Lense (C019, Federation [crew], 1 SP) on a Klingon ship with Picard (Cap803: "each Upgrade
    assigned to your ship costs -1SP. (max -5SP total)") and Independent (Klingon) (every [crew] -1 SP): the
    fleet-wide -1 takes her to 0, so Picard's -1 would take nothing off her (a cost is never below 0, Additional
    Rules 35) and none of his 5 SP is spent on her; then the faction penalty: 0 + 1 = 1 (FAQ 2016: "Reduce the
    cost to 0 and then apply all penalties")."""
    report = priced(utopia, ship(KLINGON_SHIP, "Cap803", "C019", KLINGON_FLEET_CAPTAIN), resources=("R010",))
    penalty = "Faction penalty: a Federation upgrade on the Klingon ship (Additional Rules 20)."
    assert whole(report, "C019") == (
        "upgrade",
        1,
        1,
        1,
        "Elizabeth Lense",
        (
            Adjustment(-1, REDUCTION, CREW_FOR_ALL, KLINGON_FLEET_CAPTAIN, "Independent (Klingon)", True),
            Adjustment(1, FACTION_PENALTY, penalty),
        ),
    )


# -- sentences the card text reader reads that no shipped card prints ---------------------------------------


def reprinted(catalog, card_id, text):
    """``catalog`` with ``card_id`` printing ``text`` instead of its own, its rules read from that text."""
    card = catalog.cards[card_id]
    new = replace(card, text=text, restrictions=read_card_text(text, card.kind))
    return Catalog(cards={**catalog.cards, card_id: new}, sets=catalog.sets, aliases=catalog.aliases)


def test_one_upgrade_with_a_cost_of_5_or_less_is_weighed_by_its_cost_on_this_ship(utopia):
    """Picard printing "One of your [weapon] Upgrades with a cost of 5 or less costs -2 SP.": Energy Dissipator
    (W111, 5 SP, +5 on a non-Breen ship) costs 10 on a Federation ship, more than 5, as for Sakonna; so the one
    card reduced is Photonic Torpedoes (W072, 2 SP): 0. The Dissipator: 5 + 1 + 5 = 11."""
    text = "One of your [weapon] Upgrades with a cost of 5 or less costs -2 SP."
    report = priced(reprinted(utopia, PICARD, text), ship(FEDERATION_SHIP, PICARD, "W111", "W072"))
    step = Adjustment(-2, REDUCTION, text, PICARD, "Jean-Luc Picard", True)
    assert whole(report, "W072") == ("upgrade", 2, 0, 0, "Photonic Torpedoes", (step,))
    assert whole(report, "W111")[1:4] == (5, 1, 11)


def test_one_upgrade_reduced_only_on_the_ship_the_sentence_names(utopia):
    """Picard printing "If this card is assigned to a Federation ship, one of your Upgrades costs -2 SP.":
    Photonic Torpedoes (W072, 2 SP) cost 0 on a Federation ship; on a Klingon ship they cost 2 + 1 (penalty)
    and Picard pays his own (6 + 1)."""
    text = "If this card is assigned to a Federation ship, one of your Upgrades costs -2 SP."
    catalog = reprinted(utopia, PICARD, text)
    step = Adjustment(-2, REDUCTION, text, PICARD, "Jean-Luc Picard", True)
    federation = priced(catalog, ship(FEDERATION_SHIP, PICARD, "W072"))
    assert whole(federation, "W072") == ("upgrade", 2, 0, 0, "Photonic Torpedoes", (step,))
    klingon = priced(catalog, ship(KLINGON_SHIP, PICARD, "W072"))
    assert [whole(klingon, i)[1:4] for i in (PICARD, "W072")] == [(6, 1, 7), (2, 1, 3)]


def test_a_one_card_waiver_only_on_the_ship_the_sentence_names(utopia):
    """Elim Garak (C109) printing "You do not pay a faction penalty when assigning his [talent] Upgrade to a
    Federation ship.": Interrogation (E206, Dominion [talent], 2 SP) pays no penalty on a Federation ship (2);
    on a Klingon ship it pays it (2 + 1). Garak himself, without his own waiver, pays his: 4 + 1."""
    text = "You do not pay a faction penalty when assigning his [talent] Upgrade to a Federation ship."
    catalog = reprinted(utopia, "C109", text)
    federation = priced(catalog, ship(FEDERATION_SHIP, PICARD, "C109", "E206"))
    waived = Adjustment(0, WAIVED, text, "C109", "Elim Garak", True)
    assert whole(federation, "E206") == ("upgrade", 2, 0, 2, "Interrogation", (waived,))
    assert whole(federation, "C109")[1:4] == (4, 1, 5)
    klingon = priced(catalog, ship(KLINGON_SHIP, "Cap701", "C109", "E206"))
    assert whole(klingon, "E206")[1:4] == (2, 1, 3)


def test_a_capped_reduction_gives_the_last_card_only_what_is_left(utopia):
    """Picard printing "All of your [weapon] Upgrades cost -2 SP (max -3 SP total).": Photonic Torpedoes (W072,
    2 SP) take the full -2 (1 SP of the 3 left); Aft Phase Cannon (W073, 2 SP) takes only that 1: 1 SP. Its step
    still quotes the sentence printing -2."""
    text = "All of your [weapon] Upgrades cost -2 SP (max -3 SP total)."
    report = priced(reprinted(utopia, PICARD, text), ship(FEDERATION_SHIP, PICARD, "W072", "W073"))
    assert whole(report, "W072") == (
        "upgrade",
        2,
        0,
        0,
        "Photonic Torpedoes",
        (Adjustment(-2, REDUCTION, text, PICARD, "Jean-Luc Picard", True),),
    )
    assert whole(report, "W073") == (
        "upgrade",
        2,
        0,
        1,
        "Aft Phase Cannon",
        (Adjustment(-1, REDUCTION, text, PICARD, "Jean-Luc Picard", True),),
    )


def test_a_card_counting_upgrades_adds_to_a_fleet_wide_reduction(utopia):
    """Kurn (C289, Klingon [crew], 4 SP) printing "This card costs -1 SP for each [weapon] Upgrade equipped to
    this ship." on a Klingon ship with Independent (Klingon) (every [crew] -1 SP) and two [weapon] Upgrades
    (Disruptor Cannon W168, Photon Torpedoes W160): 4 - 1 - 2 = 1, the fleet's reduction first."""
    text = "This card costs -1 SP for each [weapon] Upgrade equipped to this ship."
    report = priced(
        reprinted(utopia, "C289", text),
        ship(KLINGON_SHIP, PICARD, "C289", "W168", "W160", KLINGON_FLEET_CAPTAIN),
        resources=("R010",),
    )
    assert whole(report, "C289") == (
        "upgrade",
        4,
        0,
        1,
        "Kurn",
        (
            Adjustment(-1, REDUCTION, CREW_FOR_ALL, KLINGON_FLEET_CAPTAIN, "Independent (Klingon)", True),
            Adjustment(-2, REDUCTION, text, "C289", "Kurn", True),
        ),
    )
