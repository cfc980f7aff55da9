"""Exact costs, slot reductions, the ship discount, the Officer Exchange Program and waivers, step by step.

Each test prices one ship of a shipped card file and pins the card's (printed, penalty, cost) and every step
from printed to final cost as a whole :class:`~rules.attack_wing.fleet.Adjustment` (amount, kind, words, source,
source name, quoted): the sentence of the card quoted when its text says so, the engine's own words when the
rule comes from the card database or from no sentence that prints it. The faction penalty is seed 003,
Additional Rules 20; reductions come before it (FAQ 2016, Fleet Captain).
"""

from __future__ import annotations

from rules.attack_wing import validate_fleet
from rules.attack_wing.fleet import EXACT, FACTION_PENALTY, REDUCTION, WAIVED, Fleet, ResourceOption
from tests.rules.attack_wing.conftest import EXCHANGE_REDUCTION, EXCHANGE_WAIVER, fleet, ship

W16 = "wizkids-2016"
FEDERATION_SHIP = "S273"  # Federation Starship (Galaxy Class), 22 SP: [tech] [weapon] [crew] [crew]
KLINGON_SHIP = "S269"  # Klingon Starship (Vor'cha Class), 22 SP


def priced(catalog, *ships, resources=(), options=()):
    """Every card of the fleet by id: (printed, penalty, cost) and its steps as full tuples."""
    made = fleet(*ships, resources=resources)
    report = validate_fleet(Fleet(made.ships, made.resources, tuple(options)), catalog, W16)
    return {
        c.id: (
            (c.printed, c.penalty, c.cost),
            [(a.amount, a.kind, a.words, a.source, a.source_name, a.quoted) for a in c.adjustments],
        )
        for s in report.ships
        for c in s.cards
    }


# -- exact costs ("cost exactly N SP") -----------------------------------------------------------------------

KIRK_WORDS = (
    "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron Points and are placed face down"
    " beside his card."
)


def test_kirk_sets_every_federation_talent_to_3_sp_up_or_down(utopia):
    """Cap905 James T. Kirk: "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron
    Points". No limit, so every such talent costs 3: Calculating (E200, 1 SP) goes up by 2, Coordinated Assault
    (E216, 5 SP) down by 2; each step quotes Kirk's sentence."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap905", "E200", "E216"))
    assert cards["E200"] == ((1, 0, 3), [(2, EXACT, KIRK_WORDS, "Cap905", "James T. Kirk", True)])
    assert cards["E216"] == ((5, 0, 3), [(-2, EXACT, KIRK_WORDS, "Cap905", "James T. Kirk", True)])


KHAN_WORDS = (
    "Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each and are placed face down beside your"
    " Ship Card."
)


def test_khan_sets_only_the_three_dearest_upgrades_to_4_sp(utopia):
    """Cap725 Khan Singh: "Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each" (printed
    cost 6 at most). Four on Akira Class S341: Quantum Torpedoes (W202, 6), High Yield Photon Torpedoes (W147, 6),
    Photon Torpedoes (W137, 5), Commander (C362, 5). The player picks where it saves most: the two 6 SP weapons
    and the first 5 SP card cost 4, the other 5 SP card keeps its 5. Khan (Independent) on a Federation ship
    pays his own penalty, 4 + 1: his waiver names Upgrades only."""
    cards = priced(utopia, ship("S341", "Cap725", "W202", "W137", "W147", "C362"))
    khan = ("Cap725", "Khan Singh", True)
    assert cards["W202"] == ((6, 0, 4), [(-2, EXACT, KHAN_WORDS, *khan)])
    assert cards["W147"] == ((6, 0, 4), [(-2, EXACT, KHAN_WORDS, *khan)])
    assert cards["W137"] == ((5, 0, 4), [(-1, EXACT, KHAN_WORDS, *khan)])
    assert cards["C362"] == ((5, 0, 5), [])
    penalty = "Faction penalty: an Independent captain on the Federation ship (Additional Rules 20)."
    assert cards["Cap725"] == ((4, 1, 5), [(1, FACTION_PENALTY, penalty, "", "", False)])


def test_duras_sets_the_talent_in_his_slot_to_3_sp_quoting_his_card(utopia):
    """Cap656 Duras: "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP." The
    sentence prints no "exactly"; the step finds it by the 3 SP it prints and quotes it. Cunning (E224, Klingon,
    5 SP) in his [talent] slot costs 3 on a Klingon ship."""
    cards = priced(utopia, ship(KLINGON_SHIP, "Cap656", "E224"))
    duras = "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP."
    assert cards["E224"] == ((5, 0, 3), [(-2, EXACT, duras, "Cap656", "Duras", True)])
    assert cards["Cap656"] == ((5, 0, 5), [])


# -- slot reductions ("That Upgrade costs -1 SP") ------------------------------------------------------------


def test_tuvok_takes_1_sp_off_the_tech_in_the_slot_he_adds(utopia):
    """Cap507 Tuvok: "Add 1 [tech] Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP." Micro Power
    Relays (T310, 3 SP) in it costs 2."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap507", "T310"))
    assert cards["T310"] == ((3, 0, 2), [(-1, REDUCTION, "That Upgrade costs -1 SP.", "Cap507", "Tuvok", True)])


BELANNA_WORDS = (
    "The [borg] Upgrade equipped to this ship using that [borg] Upgrade Slot cost -1SP for each unused Upgrade Slot"
    " on that ship's printed Upgrade Bar."
)


def test_belanna_torres_takes_1_sp_per_unused_printed_slot(utopia):
    """C357 B'Elanna Torres: "The [borg] Upgrade equipped ... using that [borg] Upgrade Slot cost -1SP for each
    unused Upgrade Slot on that ship's printed Upgrade Bar." On Scout 609 (S325: [borg] [tech] [weapon] [crew])
    she fills the [crew]; [borg], [tech] and [weapon] stay unused, so Borg Multi-Adaptive Shields (B020, 5 SP)
    in her slot costs 5 - 3 = 2, one step of -3 quoting her -1SP sentence."""
    cards = priced(utopia, ship("S325", "Cap107", "C357", "B020"))
    assert cards["B020"] == ((5, 0, 2), [(-3, REDUCTION, BELANNA_WORDS, "C357", "B'Elanna Torres", True)])


FREE_TALENT_WORDS = (
    "Fleet Captain: the captain forgoes the bonus [talent] slot and equips 1 of his [talent] Upgrades for free."
)


def test_the_fleet_captain_free_talent_costs_0_in_the_words_of_point_5(utopia):
    """Fleet Captain (R010) point 5: "forego taking the bonus [talent] Upgrade and equip your Captain with 1 of
    his [talent] Upgrades for free." Picard (Cap049) with Independent (Federation) (R010f), the free talent
    stated: Legacy of the Name (E196a, 3 SP) costs 0, the step naming the fleet captain card."""
    options = (ResourceOption("R010", free_talent=True),)
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap049", "R010f", "E196a"), resources=("R010",), options=options)
    assert cards["E196a"] == (
        (3, 0, 0),
        [(-3, REDUCTION, FREE_TALENT_WORDS, "R010f", "Independent (Federation)", False)],
    )


def test_iden_takes_1_sp_off_himself_for_each_independent_question_upgrade(utopia):
    """Cap037 Iden: "This card costs -1 SP for each Independent Faction ? Upgrade equipped to this ship." With
    Weiss (Q031) and Meridor - Gorn Ale (Q013) he costs 10 - 2 = 8, one step of -2 quoting the -1 SP
    sentence."""
    cards = priced(utopia, ship("S316", "Cap037", "Q031", "Q013"))
    words = "This card costs -1 SP for each Independent Faction ? Upgrade equipped to this ship."
    assert cards["Cap037"] == ((10, 0, 8), [(-2, REDUCTION, words, "Cap037", "Iden", True)])


def test_a_fleet_captain_takes_1_sp_off_a_crew_on_another_ship(utopia):
    """R010e Independent (Klingon): "All of your [crew] Upgrades cost -1 SP for all ships in your fleet
    (including your own ship)." On Geordi La Forge's ship (Cap053) it reaches Commander (C362, 5 SP) on a
    Federation ship of the same fleet: 4, the step quoting the fleet captain card."""
    cards = priced(
        utopia, ship("S172", "Cap053", "R010e"), ship(FEDERATION_SHIP, "Cap049", "C362"), resources=("R010",)
    )
    words = "All of your [crew] Upgrades cost -1 SP for all ships in your fleet (including your own ship)."
    assert cards["C362"] == ((5, 0, 4), [(-1, REDUCTION, words, "R010e", "Independent (Klingon)", True)])


# -- the Borg Support Vehicle Token's ship discount ----------------------------------------------------------


def test_the_token_takes_15_sp_off_a_borg_sphere_quoting_its_second_sentence(utopia):
    """Q008: "This ship costs -10sp. If this ship is a Borg Sphere this ship costs -15sp." Sphere 634 (S321,
    Borg Sphere, 40 SP) takes the better discount only: 40 - 15 = 25, the step quoting the -15sp sentence."""
    cards = priced(utopia, ship("S321", "Cap107", "Q008"))
    words = "If this ship is a Borg Sphere this ship costs -15sp."
    assert cards["S321"] == ((40, 0, 25), [(-15, REDUCTION, words, "Q008", "Borg Support Vehicle Token", True)])


def test_the_token_discounts_its_ship_wherever_it_sits_among_the_upgrades(utopia):
    """Q008: "This ship costs -10sp." Listed after Threat Analysis (B018), the token still takes 10 SP off
    Scout 609 (S325, Borg Scout Cube, 22 SP): 12."""
    cards = priced(utopia, ship("S325", "Cap107", "B018", "Q008"))
    token = ("Q008", "Borg Support Vehicle Token", True)
    assert cards["S325"] == ((22, 0, 12), [(-10, REDUCTION, "This ship costs -10sp.", *token)])
    assert cards["B018"] == ((1, 0, 1), [])


def test_two_tokens_on_one_ship_discount_it_once(spacedock):
    """Space Dock's Borg Support Vehicle Token: "During Set Up, the cost of this ship is -10 SP (-15 SP if it is a
    Borg Sphere)." One ship is one support ship: two tokens (a fleet the unique rule refuses) still take 10 SP
    off the Borg Scout Cube (22 SP) once, the first token named."""
    first, second = "borg_support_vehicle_token_c_72006", "borg_support_vehicle_token_t_72006"
    cards = priced(spacedock, ship("borg_starship_71525", "drone_71283", first, second))
    words = "During Set Up, the cost of this ship is -10 SP (-15 SP if it is a Borg Sphere)."
    step = (-10, REDUCTION, words, first, "Borg Support Vehicle Token", True)
    assert cards["borg_starship_71525"] == ((22, 0, 12), [step])


# -- the Officer Exchange Program (R015) ---------------------------------------------------------------------

EXCHANGE = (ResourceOption("R015", ("federation", "klingon")),)
OEP = ("R015", "Officer Exchange Program")


def test_the_exchange_explains_a_klingon_admirals_reduction_and_waiver(utopia):
    """R015 points 2 and 3, Federation and Klingon chosen: Gowron (A027, Klingon admiral, 3 SP) on a Federation
    ship pays no penalty and costs 1 SP less: 2. Each step quotes its point: point 3 by the "reduced by 1 SP" it
    prints, the waiver point 2."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap049", admiral="A027"), resources=("R015",), options=EXCHANGE)
    assert cards["A027"] == (
        (3, 0, 2),
        [
            (-1, REDUCTION, EXCHANGE_REDUCTION, *OEP, True),
            (0, WAIVED, EXCHANGE_WAIVER, *OEP, True),
        ],
    )


def test_the_exchange_only_waives_a_federation_crew_on_a_klingon_ship(utopia):
    """R015 point 2 reaches [crew] Upgrades, point 3 only Captains and Admirals: Picard (Cap049, Federation,
    6 SP) captains a Klingon ship for 5, no penalty; a Federation [crew] (Commander, C362, 5 SP) beside him pays
    no penalty and costs its printed 5."""
    cards = priced(utopia, ship(KLINGON_SHIP, "Cap049", "C362"), resources=("R015",), options=EXCHANGE)
    assert cards["Cap049"] == (
        (6, 0, 5),
        [
            (-1, REDUCTION, EXCHANGE_REDUCTION, *OEP, True),
            (0, WAIVED, EXCHANGE_WAIVER, *OEP, True),
        ],
    )
    assert cards["C362"] == ((5, 0, 5), [(0, WAIVED, EXCHANGE_WAIVER, *OEP, True)])


# -- penalty waivers -----------------------------------------------------------------------------------------


def test_q_pays_no_penalty_by_the_card_databases_record(utopia):
    """Cap202 Q (Q Continuum, 1 SP): his text says nothing of penalties, but the card database records that he
    pays none, so on a Federation ship he costs his printed 1 and the waiver says where it comes from."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap202"))
    words = "Q pays no faction penalty (the card database's record of the card)."
    assert cards["Cap202"] == ((1, 0, 1), [(0, WAIVED, words, "Cap202", "Q", False)])
