"""The price of each Upgrade placed face down beneath (or beside) a card at setup, step by step, on Utopia's file.

Each test pins a card placed at setup whole: its printed cost, faction penalty and cost, and every step that
explains it as (amount, kind, words, source, source_name, quoted). The rulings: "You do not pay for Quark's
Upgrade" and "You must pay any penalties in the card text and faction penalty when placing a card under Quark"
(2016 FAQ, Deep Space 9 – Quark); "When factoring cards to place under Quark, add the extra cost printed on the
cards … and the +1 for Faction Penalty" (2014 FAQ, Deep Space 9 – Quark 13). The faction penalty is seed 003,
Additional Rules 20: "1 extra squadron point for each Captain and Upgrade Card … that does not match its ship's
faction". Shinzon's cards beside him are bought with the SP his own text spends (2016 FAQ, Scimitar – Shinzon).
"""

from __future__ import annotations

from dataclasses import replace

from rules.attack_wing import validate_fleet
from rules.attack_wing.catalog import Catalog
from rules.attack_wing.fleet import (
    EXTRA_COST,
    FACTION_PENALTY,
    REDUCTION,
    ROLE_UPGRADE,
    WAIVED,
    Fleet,
    FleetShip,
    ResourceOption,
)
from tests.rules.attack_wing.conftest import AKIRA, GALAXY

W16 = "wizkids-2016"

BENEATH = (
    "Placed face down beneath this card at setup: not paid for, its penalties are (2016 FAQ, Deep Space 9 – Quark:"
    ' "You do not pay for Quark\'s Upgrade").'
)
BESIDE = "Placed face down beside its captain at setup: bought for the SP the captain's text spends, once."


def priced(catalog, first, resources=(), options=()):
    """``first`` with two filler ships, validated under the 2016 rules."""
    return validate_fleet(Fleet((first, GALAXY, AKIRA), tuple(resources), tuple(options)), catalog, W16)


def setup_ship(ship_id, captain, *upgrades, beneath=()):
    return FleetShip(ship=ship_id, captain=captain, upgrades=tuple(upgrades), beneath=tuple(beneath))


def line(report, card_id, index=-1):
    """The line of ``card_id`` on the first ship (the last one by default: the card placed at setup is listed after
    the cards in slots)."""
    return [c for c in report.ships[0].cards if c.id == card_id][index]


def outcome(card):
    return (card.id, card.role, card.printed, card.penalty, card.cost, card.name)


def steps(card):
    return [(a.amount, a.kind, a.words, a.source, a.source_name, a.quoted) for a in card.adjustments]


# -- not paid for: the printed cost goes ---------------------------------------------------------------------


def test_the_card_beneath_quark_loses_its_printed_cost_in_one_step_naming_quark(utopia):
    """Quark (C114): "place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath this card".
    Maximum Shields (T021, Ferengi [tech], 4 SP) beneath him on Quark's Treasure (S013, Ferengi): no penalty, and
    "You do not pay for Quark's Upgrade": 4 - 4 = 0, the step naming Quark as its source, in the engine's words
    (the ruling is the FAQ's, not a sentence of Quark's). The Maximum Shields in the [tech] slot pays its 4."""
    report = priced(utopia, setup_ship("S013", "Cap201", "C114", "T021", beneath=(("C114", "T021"),)))
    shields = line(report, "T021")
    assert outcome(shields) == ("T021", ROLE_UPGRADE, 4, 0, 0, "Maximum Shields")
    assert steps(shields) == [(-4, REDUCTION, BENEATH, "C114", "Quark", False)]
    assert line(report, "T021", 0).cost == 4
    assert report.ships[0].cost == 16 + 1 + 2 + 4 + 0


def test_a_card_of_printed_cost_0_beneath_has_no_step_to_take_off(utopia):
    """Experimental Torpedo Bay (W215): "Place a Torpedo [weapon] Upgrade with a printed SP cost of 5 or less face
    down beneath this card." Torpedo Fusillade (W231, Klingon [weapon], 0 SP) on a Federation ship: nothing to
    take off, so no reduction step, only its faction penalty: 0 + 1 = 1 (Additional Rules 20)."""
    report = priced(utopia, setup_ship("S273", "Cap049", "W215", beneath=(("W215", "W231"),)))
    fusillade = line(report, "W231")
    assert outcome(fusillade) == ("W231", ROLE_UPGRADE, 0, 1, 1, "Torpedo Fusillade")
    assert steps(fusillade) == [
        (
            1,
            FACTION_PENALTY,
            "Faction penalty: a Klingon upgrade on the Federation ship (Additional Rules 20).",
            "",
            "",
            False,
        )
    ]


# -- its penalties are paid: faction penalty and printed extra cost ------------------------------------------


def test_the_card_beneath_pays_its_faction_penalty_and_its_printed_extra_cost(utopia):
    """Leonard McCoy (C330): "Place 1 [crew] Upgrade with a printed cost of 4 SP or less face down beneath this
    card." Tactical Officer (C004, Klingon [crew], printed 2): "This Upgrade costs +3 SP for any non-Klingon
    ship". Beneath McCoy on a Federation ship: 2 - 2 (not paid for) + 1 (faction penalty) + 3 (its extra cost,
    2014 FAQ, Quark 13) = 4; the extra cost quotes the Tactical Officer's sentence."""
    report = priced(utopia, setup_ship("S273", "Cap049", "C330", beneath=(("C330", "C004"),)))
    officer = line(report, "C004")
    assert outcome(officer) == ("C004", ROLE_UPGRADE, 2, 1, 4, "Tactical Officer")
    assert steps(officer) == [
        (-2, REDUCTION, BENEATH, "C330", "Leonard Mccoy", False),
        (
            1,
            FACTION_PENALTY,
            "Faction penalty: a Klingon upgrade on the Federation ship (Additional Rules 20).",
            "",
            "",
            False,
        ),
        (
            3,
            EXTRA_COST,
            "This Upgrade costs +3 SP for any non-Klingon ship and no ship may be equipped with more than 1 Tactical "
            "Officer Upgrade.",
            "C004",
            "Tactical Officer",
            True,
        ),
    ]
    assert report.ships[0].cost == 22 + 6 + 3 + 4


def test_a_waiver_for_this_card_reaches_no_card_beneath_another(utopia):
    """Harcourt Fenton Mudd (C349): "You do not pay a faction penalty for this card." On a Klingon ship with
    Cryogenic Stasis (T001: "place 2 non-Borg [crew] Upgrades with a cost of 5 or less face down beneath this
    card"), Bareil Antos (C065, Mirror Universe, 2 SP) and Nevala (C385, Romulan, 3 SP) beneath it each pay their
    own +1 (Additional Rules 20): Mudd's sentence is about Mudd alone, who pays nothing."""
    stasis = setup_ship("S269", "Cap222", "T001", "C349", beneath=(("T001", "C065"), ("T001", "C385")))
    report = priced(utopia, stasis)
    bareil, nevala = line(report, "C065"), line(report, "C385")
    assert outcome(bareil) == ("C065", ROLE_UPGRADE, 2, 1, 1, "Bareil Antos")
    assert steps(bareil) == [
        (-2, REDUCTION, BENEATH, "T001", "Cryogenic Stasis", False),
        (
            1,
            FACTION_PENALTY,
            "Faction penalty: a Mirror Universe upgrade on the Klingon ship (Additional Rules 20).",
            "",
            "",
            False,
        ),
    ]
    assert outcome(nevala) == ("C385", ROLE_UPGRADE, 3, 1, 1, "Nevala")
    assert steps(nevala) == [
        (-3, REDUCTION, BENEATH, "T001", "Cryogenic Stasis", False),
        (
            1,
            FACTION_PENALTY,
            "Faction penalty: a Romulan upgrade on the Klingon ship (Additional Rules 20).",
            "",
            "",
            False,
        ),
    ]
    mudd = line(report, "C349")
    assert (mudd.penalty, mudd.cost) == (0, 3)


def test_the_officer_exchange_program_waives_the_penalty_of_a_crew_card_beneath(utopia):
    """Officer Exchange Program (R015), Federation and Klingon chosen: "2) You do not pay a faction penalty when
    assigning a Captain, Admiral or [crew] Upgrade of either of the chosen factions to a ship in your fleet of the
    other chosen faction." Kurn (C289, Klingon [crew], 4 SP) beneath Genesis Effect (T150: "Place 1 [crew] Upgrade
    with a cost of 5 SP or less face down beneath this card") on a Federation ship: 4 - 4, no penalty, the waiver
    quoting point 2 of the Program's card: 0."""
    chosen = (ResourceOption("R015", ("federation", "klingon")),)
    genesis = setup_ship("S273", "Cap049", "T150", beneath=(("T150", "C289"),))
    report = priced(utopia, genesis, resources=("R015",), options=chosen)
    kurn = line(report, "C289")
    assert outcome(kurn) == ("C289", ROLE_UPGRADE, 4, 0, 0, "Kurn")
    point_2 = (
        "2) You do not pay a faction penalty when assigning a Captain, Admiral or [crew] Upgrade of either of the "
        "chosen factions to a ship in your fleet of the other chosen faction."
    )
    assert steps(kurn) == [
        (-4, REDUCTION, BENEATH, "T150", "Genesis Effect", False),
        (0, WAIVED, point_2, "R015", "Officer Exchange Program", True),
    ]
    without = line(priced(utopia, genesis), "C289")
    assert (without.penalty, without.cost) == (1, 1)


def test_the_officer_exchange_program_leaves_a_weapon_beneath_its_penalty(utopia):
    """Point 2 of R015 names Captains, Admirals and [crew] Upgrades only: Torpedo Fusillade (W231, Klingon
    [weapon], 0 SP) beneath Experimental Torpedo Bay (W215) on a Federation ship, Federation and Klingon chosen,
    still pays its +1 (Additional Rules 20)."""
    chosen = (ResourceOption("R015", ("federation", "klingon")),)
    bay = setup_ship("S273", "Cap049", "W215", beneath=(("W215", "W231"),))
    fusillade = line(priced(utopia, bay, resources=("R015",), options=chosen), "W231")
    assert outcome(fusillade) == ("W231", ROLE_UPGRADE, 0, 1, 1, "Torpedo Fusillade")
    assert steps(fusillade) == [
        (
            1,
            FACTION_PENALTY,
            "Faction penalty: a Klingon upgrade on the Federation ship (Additional Rules 20).",
            "",
            "",
            False,
        )
    ]


# -- Shinzon's cards beside him: bought once with the SP his text spends -------------------------------------

SHINZON_SPENDS = (
    "During the Gather Forces step of Setup, instead of purchasing an [talent] Upgrade as normal for Shinzon, you may "
    "spend 4 SP to place up to 4 Romulan [talent] Upgrades face down beside this card."
)


def test_shinzon_pays_4_sp_once_on_the_first_card_beside_him_and_each_card_loses_its_printed_cost(utopia):
    """Shinzon (Cap903): "… you may spend 4 SP to place up to 4 Romulan [talent] Upgrades face down beside this
    card." On the Scimitar (S350, Romulan): Independent (E230, 5 SP) costs 5 - 5 + 4 = 4, the 4 SP quoting
    Shinzon's sentence; Fire Everything! (E212, 4 SP) costs 4 - 4 = 0, the 4 SP not counted again."""
    beside = (("Cap903", "E230"), ("Cap903", "E212"))
    report = priced(utopia, setup_ship("S350", "Cap903", beneath=beside))
    independent, fire = line(report, "E230"), line(report, "E212")
    assert outcome(independent) == ("E230", ROLE_UPGRADE, 5, 0, 4, "Independent")
    assert steps(independent) == [
        (-5, REDUCTION, BESIDE, "Cap903", "Shinzon", False),
        (4, EXTRA_COST, SHINZON_SPENDS, "Cap903", "Shinzon", True),
    ]
    assert outcome(fire) == ("E212", ROLE_UPGRADE, 4, 0, 0, "Fire Everything!")
    assert steps(fire) == [(-4, REDUCTION, BESIDE, "Cap903", "Shinzon", False)]
    assert report.ships[0].cost == 34 + 6 + 4


def test_shinzons_4_sp_are_named_in_words_when_his_sentence_cannot_be_quoted(utopia):
    """The same purchase when Shinzon's text prints "spend 4SP" (the card reader takes "4SP" as "4 SP", the
    quoting finds no separate "SP"): the step still charges 4 SP, and says so in the engine's words."""
    shinzon = utopia.get("Cap903")
    glued = replace(shinzon, text=shinzon.text.replace("spend 4 SP", "spend 4SP"))
    catalog = Catalog(cards={**utopia.cards, "Cap903": glued}, sets=utopia.sets)
    report = priced(catalog, setup_ship("S350", "Cap903", beneath=(("Cap903", "E230"),)))
    independent = line(report, "E230")
    assert outcome(independent) == ("E230", ROLE_UPGRADE, 5, 0, 4, "Independent")
    assert steps(independent) == [
        (-5, REDUCTION, BESIDE, "Cap903", "Shinzon", False),
        (
            4,
            EXTRA_COST,
            "Shinzon: you may spend 4 SP to place them face down beside this card.",
            "Cap903",
            "Shinzon",
            False,
        ),
    ]
