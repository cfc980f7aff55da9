"""Which cards a cost rule reaches, and how each step says so, worked out by hand on Utopia's card file.

Pins, with each adjustment in full (amount, kind, words, source, source name, quoted): the cost a card's text
computes from its ship ("equal to this ship's Primary Weapon Value +1", "printed Hull Value +2"), a Flagship
raising those values; each condition a reduction or waiver names (the card itself, its kind or "any", its
faction or "non-Borg", its name, the ship's class, a card the ship must carry, "Restricted" Upgrades, a cost
cap, the ship's faction, a card that may not name a ship); fleet-wide reductions ("for all ships in your
fleet"); a card's cost counted by what it reaches (Iden); the one card a "one of your Upgrades" reduction
takes; and a captain's name or "counts as" read against a card that names captains. The faction penalty is
seed 003, Additional Rules 20; a cost is never reduced below 0: Additional Rules 35.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.attack_wing import validate_fleet
from rules.attack_wing.catalog import Catalog
from rules.attack_wing.fleet import COMPUTED, EXACT, EXTRA_COST, FACTION_PENALTY, FLOOR, REDUCTION, WAIVED, Fleet
from tests.rules.attack_wing.conftest import fleet, ship

W16 = "wizkids-2016"
FEDERATION_SHIP = "S273"  # Federation Starship (Galaxy Class): Primary Weapon 4, Hull 5, federation only
KLINGON_SHIP = "S269"  # Klingon Starship (Vor'cha Class)
AKIRA_SHIP = "S341"  # Federation Starship (Akira Class), three [weapon] slots
PICARD = "Cap049"  # Jean-Luc Picard, Federation captain, 6 SP


def check(catalog, *ships, resources=()):
    made = fleet(*ships, resources=resources)
    return validate_fleet(Fleet(made.ships, made.resources), catalog, W16)


def card(report, card_id, ship_index=0):
    return next(c for c in report.ships[ship_index].cards if c.id == card_id)


def priced(report, card_id, ship_index=0):
    """(printed, penalty, cost) and every adjustment as a full tuple."""
    found = card(report, card_id, ship_index)
    steps = [(a.amount, a.kind, a.words, a.source, a.source_name, a.quoted) for a in found.adjustments]
    return (found.printed, found.penalty, found.cost), steps


def restricted(report, card_id):
    return [v.message for v in report.violations if v.code == "CARD_RESTRICTION" and v.card == card_id]


def penalty(words):
    return (1, FACTION_PENALTY, f"Faction penalty: {words} (Additional Rules 20).", "", "", False)


# -- a cost the card's text computes from its ship -----------------------------------------------------------------

DORSAL = (
    "The Attack Value of this [weapon] is equal to this ship's Primary Weapon Value and the cost of this "
    "[weapon] is equal to this ship's Primary Weapon Value +1."
)
ABLATIVE = (
    "This card can only be equipped to a Unique / Mirror Unique ship and the SP cost of this card is equal to "
    "this ship's printed Hull Value +2."
)


def test_dorsal_phaser_array_costs_the_primary_weapon_value_plus_one(utopia):
    """W223 Dorsal Phaser Array (printed 0): "the cost of this [weapon] is equal to this ship's Primary Weapon
    Value +1". On a Federation Starship (S273, Primary Weapon 4): 4 + 1 = 5, explained by that sentence."""
    report = check(utopia, ship(FEDERATION_SHIP, PICARD, "W223"))
    assert priced(report, "W223") == (
        (0, 0, 5),
        [(5, COMPUTED, DORSAL, "W223", "Dorsal Phaser Array", True)],
    )


def test_a_flagship_raises_the_primary_weapon_value_the_dorsal_phaser_array_costs(utopia):
    """Flagship R004 point 2: the flagship card's stats increase the ship's printed values; the Federation
    flagship (R004e) adds Primary Weapon +1, Hull +1, Shields +1 (2014 FAQ: a Flagship raises the Primary Weapon
    Value for such a cost). W223 on S273: (4 + 1) + 1 = 6."""
    report = check(utopia, ship(FEDERATION_SHIP, PICARD, "W223", "R004e"), resources=("R004",))
    assert priced(report, "W223") == (
        (0, 0, 6),
        [(6, COMPUTED, DORSAL, "W223", "Dorsal Phaser Array", True)],
    )


def test_an_independent_flagship_raises_the_primary_weapon_value_and_adds_its_faction(utopia):
    """Independent (Federation) flagship (R004i): Primary Weapon +1, Hull +1, Shields +1, and it adds the
    Independent faction to its ship (Flagship R004). On S273: Dorsal Phaser Array (4 + 1) + 1 = 6; Kovin (C434,
    Independent [crew], 2) pays no penalty: 2; Picard, Federation on a ship still Federation: 6."""
    report = check(utopia, ship(FEDERATION_SHIP, PICARD, "W223", "R004i", "C434"), resources=("R004",))
    assert priced(report, "W223") == (
        (0, 0, 6),
        [(6, COMPUTED, DORSAL, "W223", "Dorsal Phaser Array", True)],
    )
    assert priced(report, "C434") == ((2, 0, 2), [])
    assert priced(report, PICARD) == ((6, 0, 6), [])


def test_the_ablative_generator_costs_the_hull_value_plus_two(utopia):
    """Con002 Ablative Generator (printed 0): "the SP cost of this card is equal to this ship's printed Hull
    Value +2". On U.S.S. Spector (S342, unique, Hull 5, Shields 3): 5 + 2 = 7; Picard and the ship keep their
    printed costs."""
    report = check(utopia, ship("S342", PICARD, "Con002"))
    assert priced(report, "Con002") == (
        (0, 0, 7),
        [(7, COMPUTED, ABLATIVE, "Con002", "Ablative Generator", True)],
    )
    assert priced(report, "S342") == ((24, 0, 24), [])
    assert priced(report, PICARD) == ((6, 0, 6), [])


def test_a_flagship_raises_the_hull_value_the_ablative_generator_costs(utopia):
    """The Federation flagship (R004e, Hull +1, Shields +1) on U.S.S. Spector: Hull 6, so Con002 costs 6 + 2 = 8;
    its Shields 3 or more (the card's record) is still met (3 + 1): no shield value is complained of."""
    report = check(utopia, ship("S342", PICARD, "Con002", "R004e"), resources=("R004",))
    assert priced(report, "Con002") == (
        (0, 0, 8),
        [(8, COMPUTED, ABLATIVE, "Con002", "Ablative Generator", True)],
    )
    assert not [m for m in restricted(report, "Con002") if "shield" in m]


def _without_text(catalog, *card_ids):
    """The catalog with these cards' text gone, their recorded rules kept (a record whose text is missing)."""
    cards = dict(catalog.cards)
    for card_id in card_ids:
        cards[card_id] = replace(cards[card_id], text="")
    return Catalog(cards=cards, sets=catalog.sets, aliases=dict(catalog.aliases))


def test_a_reduction_and_an_exact_cost_without_their_sentence_are_explained_in_words(utopia):
    """A record whose text is missing keeps its rules, and each step says in words who moves the cost, unquoted:
    Picard (Cap803, "Your ship costs -2SP and each Upgrade assigned to your ship costs -1SP") takes his ship from
    22 to 20 and Quantum Torpedoes (W202) from 6 to 5; Kirk (Cap905, "… Federation [talent] Upgrades … cost
    exactly 3") sets Calculating (E200, 1 SP) to 3."""
    bare = _without_text(utopia, "Cap803", "Cap905")
    report = check(bare, ship(FEDERATION_SHIP, "Cap803", "W202"), ship(FEDERATION_SHIP, "Cap905", "E200"))
    picard = ("Cap803", "Jean-Luc Picard", False)
    assert priced(report, FEDERATION_SHIP) == (
        (22, 0, 20),
        [(-2, REDUCTION, "Jean-Luc Picard reduces this card's cost by 2 SP.", *picard)],
    )
    assert priced(report, "W202") == (
        (6, 0, 5),
        [(-1, REDUCTION, "Jean-Luc Picard reduces this card's cost by 1 SP.", *picard)],
    )
    assert priced(report, "E200", 1) == (
        (1, 0, 3),
        [(2, EXACT, "James T. Kirk sets its cost to 3 SP.", "Cap905", "James T. Kirk", False)],
    )


def test_a_computed_cost_without_its_sentence_is_explained_in_words(utopia):
    """When the card's text does not carry the sentence (only its recorded rule), the step still says where
    the cost comes from, unquoted: W223 on S273 costs 4 + 1 = 5 "from the ship's Primary Weapon Value", Con002
    on U.S.S. Spector 5 + 2 = 7 "from the ship's Hull Value"."""
    bare = _without_text(utopia, "W223", "Con002")
    report = check(bare, ship(FEDERATION_SHIP, PICARD, "W223"), ship("S342", PICARD, "Con002"))
    attack = "Its cost is computed from the ship's Primary Weapon Value."
    hull = "Its cost is computed from the ship's Hull Value."
    assert priced(report, "W223") == ((0, 0, 5), [(5, COMPUTED, attack, "W223", "Dorsal Phaser Array", False)])
    assert priced(report, "Con002", 1) == ((0, 0, 7), [(7, COMPUTED, hull, "Con002", "Ablative Generator", False)])


# -- the card itself, and the ship it must be on -------------------------------------------------------------------

REKAR = (
    "You do not pay faction penalty when equipping this card or any Romulan [crew] Upgrades to this Federation ship."
)


def test_rekar_waives_his_own_penalty_and_his_romulan_crew_on_a_federation_ship(utopia):
    """Cap014 Rekar (Romulan, 3 SP): "You do not pay faction penalty when equipping this card or any Romulan
    [crew] Upgrades to this Federation ship." On S273: Rekar 3 and Nevala (C385, Romulan [crew], 3 SP) 3, each
    waived by that sentence; Disruptor Cannon (W168, Klingon [weapon], 2 SP) is neither: 2 + 1."""
    report = check(utopia, ship(FEDERATION_SHIP, "Cap014", "W168", "C385"))
    waived = (0, WAIVED, REKAR, "Cap014", "Rekar", True)
    assert priced(report, "Cap014") == ((3, 0, 3), [waived])
    assert priced(report, "C385") == ((3, 0, 3), [waived])
    assert priced(report, "W168") == ((2, 1, 3), [penalty("a Klingon upgrade on the Federation ship")])


def test_rekar_waives_nothing_on_a_klingon_ship(utopia):
    """Rekar's waiver names "this Federation ship": on a Klingon Starship (S269) he pays 3 + 1 and Nevala
    (C385) 3 + 1."""
    report = check(utopia, ship(KLINGON_SHIP, "Cap014", "C385"))
    assert priced(report, "Cap014") == ((3, 1, 4), [penalty("a Romulan captain on the Klingon ship")])
    assert priced(report, "C385") == ((3, 1, 4), [penalty("a Romulan upgrade on the Klingon ship")])


HIJACKERS_WAIVER = (
    "In addition, if this card is assigned to a non-Romulan ship, you do not pay a Faction penalty for any of "
    "your Romulan upgrades (including this one)."
)


def _with_rule(catalog, card_id, old, new):
    """The catalog with one recorded rule of a card read as ``new`` instead of ``old``."""
    cards = dict(catalog.cards)
    found = cards[card_id]
    rules = tuple(replace(r, value=new) if r.value == old else r for r in found.restrictions)
    cards[card_id] = replace(found, restrictions=rules)
    return Catalog(cards=cards, sets=catalog.sets, aliases=dict(catalog.aliases))


def test_a_waiver_for_a_non_romulan_ship_reaches_romulan_upgrades_on_a_federation_ship(utopia):
    """C039 Romulan Hijackers: "… if this card is assigned to a non-Romulan ship, you do not pay a Faction penalty
    for any of your Romulan upgrades (including this one)." With the "non-Romulan ship" condition recorded (the
    reader of the shipped text does not keep it), on a Federation Starship: the Hijackers (4) and Nevala (C385,
    Romulan [crew], 3) pay none, quoted; Lovok (Cap015), a captain, pays 3 + 1."""
    recorded = _with_rule(
        utopia, "C039", "kinds=upgrade;factions=romulan", "kinds=upgrade;factions=romulan;not_ship=romulan"
    )
    report = check(recorded, ship(FEDERATION_SHIP, "Cap015", "C039", "C385"))
    waived = (0, WAIVED, HIJACKERS_WAIVER, "C039", "Romulan Hijackers", True)
    assert priced(report, "C385") == ((3, 0, 3), [waived])
    assert priced(report, "C039") == ((4, 0, 4), [waived])
    assert priced(report, "Cap015") == ((3, 1, 4), [penalty("a Romulan captain on the Federation ship")])


# -- the kinds of card a rule names --------------------------------------------------------------------------------

ATP_WAIVER = "You do not pay a faction penalty for cards equipped to this ship."


def test_assimilation_target_prime_waives_the_penalty_of_every_card_on_it(utopia):
    """S318 Assimilation Target Prime (Borg): "You do not pay a faction penalty for cards equipped to this
    ship. All [tech] Upgrades equipped to this ship cost -1 SP." Picard (Federation captain, 6) 6; Disruptor
    Cannon (Klingon [weapon], 2) 2; Subspace Field (T259, Federation [tech], 4) 4 - 1 = 3."""
    report = check(utopia, ship("S318", PICARD, "W168", "T259"))
    waived = (0, WAIVED, ATP_WAIVER, "S318", "Assimilation Target Prime", True)
    tech = (
        -1,
        REDUCTION,
        "All [tech] Upgrades equipped to this ship cost -1 SP.",
        "S318",
        "Assimilation Target Prime",
        True,
    )
    assert priced(report, PICARD) == ((6, 0, 6), [waived])
    assert priced(report, "W168") == ((2, 0, 2), [waived])
    assert priced(report, "T259") == ((4, 0, 3), [tech, waived])
    assert priced(report, "S318") == ((30, 0, 30), [])


SPECTOR = "Federation [weapon] Upgrades equipped to this ship cost -1 SP."


def test_the_spector_reduces_federation_weapons_only(utopia):
    """S342 U.S.S. Spector: "Federation [weapon] Upgrades equipped to this ship cost -1 SP." Quantum Torpedoes
    (W202, Federation [weapon], 6) 6 - 1 = 5; Disruptor Cannon (Klingon [weapon], 2) is not Federation: 2 + 1;
    Subspace Field (Federation [tech], 4) and Deanna Troi (C462, Federation [crew], 3) are no weapons: 4 and 3;
    Picard, a captain, 6."""
    report = check(utopia, ship("S342", PICARD, "W202", "W168", "T259", "C462"))
    assert priced(report, "W202") == ((6, 0, 5), [(-1, REDUCTION, SPECTOR, "S342", "U.S.S. Spector", True)])
    assert priced(report, "W168") == ((2, 1, 3), [penalty("a Klingon upgrade on the Federation ship")])
    assert priced(report, "T259") == ((4, 0, 4), [])
    assert priced(report, "C462") == ((3, 0, 3), [])
    assert priced(report, PICARD) == ((6, 0, 6), [])


HIJACKERS = (
    "While this card is assigned to your ship, you may only have a Romulan Captain and Romulan [crew] Upgrades "
    "assigned to your ship and all of your non-Borg [tech] and [weapon] Upgrades cost -1 SP."
)


def test_the_romulan_hijackers_reduce_non_borg_techs_and_weapons(utopia):
    """C039 Romulan Hijackers: "… all of your non-Borg [tech] and [weapon] Upgrades cost -1 SP", and no faction
    penalty for Romulan upgrades (itself included). On a Romulan Starship (S128) with Lovok (Cap015): Subspace
    Field (Federation [tech], 4) 4 - 1 + 1 = 4; Tractor Beam (W181, Borg [weapon], 5) no reduction: 5 + 1."""
    report = check(utopia, ship("S128", "Cap015", "C039", "W181", "T259"))
    assert priced(report, "T259") == (
        (4, 1, 4),
        [
            (-1, REDUCTION, HIJACKERS, "C039", "Romulan Hijackers", True),
            penalty("a Federation upgrade on the Romulan ship"),
        ],
    )
    assert priced(report, "W181") == ((5, 1, 6), [penalty("a Borg upgrade on the Romulan ship")])
    assert priced(report, "C039") == ((4, 0, 4), [])


def test_the_intrepid_reduces_only_the_two_techs_it_names(utopia):
    """S386 U.S.S. Intrepid: "The 'Bio-Neural Circuitry' and 'Variable Geometry Pylons' [tech] Upgrades equipped
    to this ship cost -1 SP." Variable Geometry Pylons (T299, 2) 2 - 1 = 1; Subspace Field (T259, 4) 4."""
    report = check(utopia, ship("S386", PICARD, "T299", "T259"))
    words = (
        "The 'Bio-Neural Circuitry' and 'Variable Geometry Pylons' [tech] Upgrades equipped to this ship cost -1 SP."
    )
    assert priced(report, "T299") == ((2, 0, 1), [(-1, REDUCTION, words, "S386", "U.S.S. Intrepid NCC-74600", True)])
    assert priced(report, "T259") == ((4, 0, 4), [])


# -- a card the ship must carry, and "Restricted" Upgrades ---------------------------------------------------------

PROMETHEUS = (
    "If this ship is equipped with the 'Federation Prototype' [hook], Prometheus Class Restricted Upgrades "
    "equipped to this ship cost -2 SP and cannot be affected by opposing Upgrades."
)


def test_the_prometheus_with_its_prototype_reduces_prometheus_class_upgrades(utopia):
    """S362 U.S.S. Prometheus with Federation Prototype (Con001, 1 SP): Ablative Hull Armor (T047, 7 SP, "may
    only be purchased for a Prometheus Class ship") 7 - 2 = 5; Quantum Torpedoes (W202, 6, unrestricted) 6."""
    report = check(utopia, ship("S362", PICARD, "Con001", "T047", "W202"))
    assert priced(report, "T047") == ((7, 0, 5), [(-2, REDUCTION, PROMETHEUS, "S362", "U.S.S. Prometheus", True)])
    assert priced(report, "W202") == ((6, 0, 6), [])
    assert priced(report, "Con001") == ((1, 0, 1), [])


def test_the_prometheus_without_its_prototype_reduces_nothing(utopia):
    """Without the Federation Prototype on the ship, Ablative Hull Armor costs its printed 7."""
    report = check(utopia, ship("S362", PICARD, "T047"))
    assert priced(report, "T047") == ((7, 0, 7), [])


# -- a cost cap ("with a cost of 5 or less", "cannot be greater than 6") and the ship's faction --------------------


DISSIPATOR_EXTRA = (
    5,
    EXTRA_COST,
    "This upgrade costs +5 Squadron Points for any non-Breen ship.",
    "W111",
    "Energy Dissipator",
    True,
)


def test_sakonna_reaches_weapons_by_their_cost_on_this_ship(utopia):
    """C134 Sakonna: "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP." On an Akira Class
    Federation Starship: Pulse Phased Weapons (W159, 5 SP) 5 - 2 = 3; Quantum Torpedoes (W202, 6 SP) 6; Energy
    Dissipator (W111, Dominion, 5 SP "+5 SP for any non-Breen ship") costs 5 + 5 = 10 here, more than 5, so no
    reduction: 5 + 1 + 5 = 11 (Space Dock's test squad "sakonna"). Sakonna (Independent, 2) pays 2 + 1."""
    report = check(utopia, ship(AKIRA_SHIP, PICARD, "C134", "W159", "W202", "W111"))
    words = "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP."
    assert priced(report, "W159") == ((5, 0, 3), [(-2, REDUCTION, words, "C134", "Sakonna", True)])
    assert priced(report, "W202") == ((6, 0, 6), [])
    assert priced(report, "W111") == (
        (5, 1, 11),
        [penalty("a Dominion upgrade on the Federation ship"), DISSIPATOR_EXTRA],
    )
    assert priced(report, "C134") == ((2, 1, 3), [penalty("an Independent upgrade on the Federation ship")])


KHAN = (
    "Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each and are placed face down beside "
    "your Ship Card."
)


def test_khan_singh_sets_upgrades_printed_at_six_or_less_to_four(utopia):
    """Cap725 Khan Singh: "Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each … The
    printed cost on those Upgrades cannot be greater than 6", and "You may use any Upgrades without paying a
    Faction penalty". The cap reads the *printed* cost: Quantum Torpedoes (W202, printed 6) 4; Energy
    Dissipator (W111, Dominion, printed 5, "+5 SP for any non-Breen ship") 4, no penalty, + 5 = 9; Pulse Phased
    Weapons (W159, 5) 4. Khan (Independent, 4) pays 4 + 1."""
    report = check(utopia, ship(AKIRA_SHIP, "Cap725", "W202", "W111", "W159"))
    khan = (EXACT, KHAN, "Cap725", "Khan Singh", True)
    assert priced(report, "W202") == ((6, 0, 4), [(-2, *khan)])
    assert priced(report, "W111") == (
        (5, 0, 9),
        [
            (-1, *khan),
            (0, WAIVED, "You may use any Upgrades without paying a Faction penalty.", "Cap725", "Khan Singh", True),
            DISSIPATOR_EXTRA,
        ],
    )
    assert priced(report, "W159") == ((5, 0, 4), [(-1, *khan)])
    assert priced(report, "Cap725") == ((4, 1, 5), [penalty("an Independent captain on the Federation ship")])


BALANCE = "The chosen Upgrade will be placed face down below your ship card for a cost of exactly 3 SP."


def test_balance_of_terror_sets_a_talent_of_the_ships_faction_to_three(utopia):
    """E035 Balance of Terror adds a [talent] slot: "The chosen Upgrade will be placed face down below your ship
    card for a cost of exactly 3 SP. The Upgrade must be of the same faction as the ship and have an SP cost of
    5 or less." Federation Task Force (E005, Federation, 5 SP) on S273 under Picard: 3."""
    report = check(utopia, ship(FEDERATION_SHIP, PICARD, "E035", "E005"))
    assert priced(report, "E005") == ((5, 0, 3), [(-2, EXACT, BALANCE, "E035", "Balance of Terror", True)])


def test_balance_of_terror_does_not_take_a_talent_of_another_faction(utopia):
    """Glory To The Empire! (E220, Klingon, 2 SP) is not of the Federation ship's faction: Balance of Terror's
    slot does not take it, so it pays 2 + 1 and Picard's one [talent] slot holds two talents."""
    report = check(utopia, ship(FEDERATION_SHIP, PICARD, "E035", "E220"))
    assert priced(report, "E220") == ((2, 1, 3), [penalty("a Klingon upgrade on the Federation ship")])
    assert [v.card for v in report.violations if v.code == "SLOT_OVERFLOW"] == ["E220"]


# -- a card that may not name a ship -------------------------------------------------------------------------------


def test_tahna_los_passes_over_a_tech_that_names_a_class_of_ship(utopia):
    """Cap524 Tahna Los: "One of the [tech] upgrades you purchase for Tahna Los's ship costs exactly 3 Squadron
    Points …; this Upgrade cannot refer to a specific ship or class of ship." On a Prometheus Class Federation
    Starship (S363): Ablative Hull Armor (T047, 7, Prometheus Class only) keeps 7; Holo-Communicator (T137, 5)
    costs 3. Tahna Los (Bajoran, 3) pays 3 + 1."""
    report = check(utopia, ship("S363", "Cap524", "T047", "T137"))
    words = (
        "One of the [tech] upgrades you purchase for Tahna Los's ship costs exactly 3 Squadron Points and is placed "
        "face down beside his card; this Upgrade cannot refer to a specific ship or class of ship."
    )
    assert priced(report, "T047") == ((7, 0, 7), [])
    assert priced(report, "T137") == ((5, 0, 3), [(-2, EXACT, words, "Cap524", "Tahna Los", True)])
    assert priced(report, "Cap524") == ((3, 1, 4), [penalty("a Bajoran captain on the Federation ship")])


# -- fleet-wide reductions -----------------------------------------------------------------------------------------

FLEET_CREW = "All of your [crew] Upgrades cost -1 SP for all ships in your fleet (including your own ship)."


def test_an_independent_fleet_captain_reduces_crew_on_every_ship(utopia):
    """R010e Independent (Klingon) fleet captain: "All of your [crew] Upgrades cost -1 SP for all ships in your
    fleet (including your own ship)", and the Independent fleet captain cards add the Independent faction to
    their captain (Fleet Captain R010). On a Hirogen Starship (S403, Independent): Picard (Federation, 6) is
    Independent too and pays no penalty: 6; Deanna Troi (C462, Federation [crew], 3) 3 - 1 + 1 = 3. On the other
    ship Wesley Crusher (C474, [crew], 2): 1; the fleet captain card keeps its 5."""
    report = check(
        utopia,
        ship("S403", PICARD, "R010e", "C462"),
        ship(AKIRA_SHIP, "Cap051", "C474"),
        resources=("R010",),
    )
    step = (-1, REDUCTION, FLEET_CREW, "R010e", "Independent (Klingon)", True)
    assert priced(report, PICARD) == ((6, 0, 6), [])
    troi, troi_steps = priced(report, "C462")
    assert troi == (3, 1, 3)
    assert troi_steps[0] == step
    assert [(a[0], a[1]) for a in troi_steps[1:]] == [(1, FACTION_PENALTY)]
    assert priced(report, "C474", 1) == ((2, 0, 1), [step])
    assert priced(report, "Cap051", 1) == ((3, 0, 3), [])
    assert priced(report, "R010e") == ((5, 0, 5), [])


def test_a_ship_discount_is_not_fleet_wide(utopia):
    """The Spector's "-1 SP" reaches its own Federation weapons only (see above): Quantum Torpedoes (W202, 6) on
    another ship of the fleet keep their 6."""
    report = check(utopia, ship("S342", PICARD, "W202"), ship(AKIRA_SHIP, "Cap051", "W202"))
    assert priced(report, "W202") == ((6, 0, 5), [(-1, REDUCTION, SPECTOR, "S342", "U.S.S. Spector", True)])
    assert priced(report, "W202", 1) == ((6, 0, 6), [])


# -- a card's cost counted by what it reaches, and "one of your Upgrades" ------------------------------------------


def test_iden_costs_one_less_for_each_independent_question_upgrade(utopia):
    """Cap037 Iden (10 SP): "This card costs -1 SP for each Independent Faction ? Upgrade equipped to this ship."
    With Photonic Field Generator (Q033) and Weiss (Q031), both Independent [?] Upgrades, on a Hirogen Starship
    (S403, Independent): 10 - 2 = 8, the sentence quoted once with the whole -2."""
    report = check(utopia, ship("S403", "Cap037", "Q033", "Q031"))
    words = "This card costs -1 SP for each Independent Faction ? Upgrade equipped to this ship."
    assert priced(report, "Cap037") == ((10, 0, 8), [(-2, REDUCTION, words, "Cap037", "Iden", True)])
    assert priced(report, "Q033") == ((2, 0, 2), [])
    assert priced(report, "Q031") == ((2, 0, 2), [])


def test_luaran_takes_her_two_sp_off_the_upgrade_she_still_saves_on(utopia):
    """Cap325 Luaran: "One of your Dominion Upgrades costs -2 Squadron Points." With the Independent (Dominion)
    fleet captain (R010h: "All of your [tech] Upgrades cost -1 SP for all ships in your fleet") on another
    ship, Shroud (T223, Dominion [tech], 1 SP) already costs 0, so Luaran saves nothing there: she reduces Elim
    Garak (C318, Dominion [crew], 1 SP), 1 - 2, never below 0: 0."""
    report = check(
        utopia,
        ship("S380", "Cap325", "T223", "C318"),
        ship(FEDERATION_SHIP, PICARD, "R010h"),
        resources=("R010",),
    )
    fleet_tech = "All of your [tech] Upgrades cost -1 SP for all ships in your fleet (including your own ship)."
    assert priced(report, "T223") == ((1, 0, 0), [(-1, REDUCTION, fleet_tech, "R010h", "Independent (Dominion)", True)])
    assert priced(report, "C318") == (
        (1, 0, 0),
        [
            (-2, REDUCTION, "One of your Dominion Upgrades costs -2 Squadron Points.", "Cap325", "Luaran", True),
            (1, FLOOR, "A cost is never reduced below 0 SP (Additional Rules 35).", "", "", False),
        ],
    )


# -- a captain named by a card -------------------------------------------------------------------------------------


def test_a_captain_who_counts_as_a_romulan_drone_pilot_may_fly_a_drone_ship(utopia):
    """S267 Prototype 02 takes only Gareb or a Romulan Drone Pilot as captain; Cap336 Jhamel: "this card counts
    as a Romulan Drone Pilot". Nothing is refused."""
    report = check(utopia, ship("S267", "Cap336"))
    assert not restricted(report, "S267")
    assert not restricted(report, "Cap336")


def test_karr_by_name_pays_no_extra_for_intercept_course(utopia):
    """E056 Intercept Course (4 SP): "… costs +5 SP for any Captain other than Karr or a Hirogen Captain."
    With Karr (Cap035) on a Hirogen Starship (S403): 4."""
    report = check(utopia, ship("S403", "Cap035", "E056"))
    assert priced(report, "E056") == ((4, 0, 4), [])


def test_a_talent_for_a_klingon_captain_is_refused_on_a_ship_without_captain(utopia):
    """E111 Klingon Honor: "This Upgrade may only be purchased for a Klingon Captain." On a Klingon Starship with
    no captain it is refused, the message naming "no captain"."""
    report = check(utopia, ship(KLINGON_SHIP, None, "E111"))
    assert restricted(report, "E111") == [
        'Klingon Honor on Ship 1 (Klingon Starship): the card says "This Upgrade may only be purchased for a Klingon '
        'Captain." (the captain is no captain).'
    ]


@pytest.mark.parametrize("captain", ["Cap015", PICARD])
def test_intercept_course_costs_five_more_under_another_captain(utopia, captain):
    """E056 Intercept Course under Lovok (Cap015, Romulan) or Picard (Federation), neither Karr nor a Hirogen
    captain: 4 + 5 = 9, its sentence quoted; Intercept Course and the Hirogen Starship are both Independent, so
    no faction penalty."""
    report = check(utopia, ship("S403", captain, "E056"))
    words = (
        "This Upgrade may only be purchased for a Hirogen ship and costs +5 SP for any Captain other than Karr or a "
        "Hirogen Captain."
    )
    assert priced(report, "E056") == ((4, 0, 9), [(5, EXTRA_COST, words, "E056", "Intercept Course", True)])


def test_a_card_that_may_not_share_the_fleet_with_a_named_card_is_refused_with_it(utopia):
    """Locutus (Cap901): "You cannot deploy this card to the same ship or fleet as "Jean-Luc Picard."" Each ship
    keeps the cards that name such a card, so the fleet check finds Locutus on one ship and Picard (Cap049) on
    another, and refuses both cards, each where it sits."""
    report = check(utopia, ship("S318", "Cap901"), ship(FEDERATION_SHIP, PICARD))
    assert [(v.code, v.ship, v.card, v.message) for v in report.violations if v.code != "TOO_FEW_SHIPS"] == [
        (
            "CARD_RESTRICTION",
            0,
            "Cap901",
            "Locutus on Ship 1 (Assimilation Target Prime): may not be in the same fleet as Jean-Luc Picard.",
        ),
        ("CARD_RESTRICTION", 1, PICARD, "Jean-Luc Picard: Locutus may not be in the same fleet."),
    ]


def test_a_doubling_a_ship_discount_and_an_extra_cost_without_their_sentence_are_explained_in_words(utopia):
    """With the text gone and the recorded rules kept, each step still names its card and says what it does:
    K'Temoc (Cap504) doubles the faction penalty of Quantum Torpedoes (W202, Federation, 6 SP) on a Klingon ship,
    6 + 2 = 8; the Borg Support Vehicle Token (Q008) takes 15 SP off Sphere 634 (S321, a Borg Sphere, 40 SP);
    Astrometrics Lab (T300, 1 SP, "+2 SP" unless on an Intrepid, Sovereign or Luna Class ship) costs 3 on a
    Galaxy Class, its three classes named as alternatives."""
    bare = _without_text(utopia, "Cap504", "Q008", "T300")
    report = check(
        bare, ship(KLINGON_SHIP, "Cap504", "W202"), ship("S321", None, "Q008"), ship(FEDERATION_SHIP, PICARD, "T300")
    )
    assert priced(report, "W202") == (
        (6, 2, 8),
        [(2, FACTION_PENALTY, "K'Temoc doubles the faction penalty.", "Cap504", "K'Temoc", False)],
    )
    assert priced(report, "S321", 1) == (
        (40, 0, 25),
        [(-15, REDUCTION, "The ship costs -15 SP.", "Q008", "Borg Support Vehicle Token", False)],
    )
    lab = "Printed extra cost: +2 SP unless the ship is Intrepid Class or Sovereign Class or Luna Class."
    assert priced(report, "T300", 2) == ((1, 0, 3), [(2, EXTRA_COST, lab, "T300", "Astrometrics Lab", False)])
