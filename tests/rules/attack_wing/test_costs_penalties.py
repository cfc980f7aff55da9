"""The faction penalty and printed extra costs, each step pinned whole, worked out by hand from the card text.

Pins rules/attack_wing/costs.py's faction penalty and its explanation (seed 003, Additional Rules 20: "1 extra
squadron point for each Captain and Upgrade Card and 3 extra squadron points for an Admiral that does not match
its ship's faction"; Admiral Cards: "Faction penalties are tripled"), the cards that waive it ("You do not pay a
faction penalty …"), K'Temoc's doubling, the Officer Exchange Program's waiver, and the extra costs printed on
cards ("+5 SP for any Captain other than Karr …"), which are not faction penalties (2014 FAQ, General Rulings 26).
Each adjustment is compared as the full tuple (amount, kind, words, source, source_name, quoted). Rules no shipped
card exercises (a Special-code extra cost, a ship of no faction, an exchange card without its points 2 and 3)
are priced on a small Space Dock file made for the test.
"""

from __future__ import annotations

import pytest

from rules.attack_wing import read_catalog, validate_fleet
from rules.attack_wing.fleet import EXTRA_COST, FACTION_PENALTY, REDUCTION, WAIVED, Fleet, ResourceOption
from tests.rules.attack_wing.conftest import EXCHANGE_REDUCTION, EXCHANGE_WAIVER, ship

W16 = "wizkids-2016"
FEDERATION_SHIP = "S273"  # Federation Starship (Galaxy Class), federation only
KLINGON_SHIP = "S269"  # Klingon Starship, klingon only
DOMINION_KLINGON_SHIP = "S333"  # Dominion/Klingon Starship
RULE_20 = "Additional Rules 20"
ADMIRAL_RULE = "tripled for an admiral: Additional Rules 20, Admiral Cards"


def priced(catalog, *ships, resources=(), options=()):
    """Every card of the fleet by (ship index, card id): (printed, penalty, cost) and its adjustments as tuples."""
    report = validate_fleet(Fleet(tuple(ships), tuple(resources), tuple(options)), catalog, W16)
    return {
        (n, c.id): (
            (c.printed, c.penalty, c.cost),
            [(a.amount, a.kind, a.words, a.source, a.source_name, a.quoted) for a in c.adjustments],
        )
        for n, s in enumerate(report.ships)
        for c in s.cards
    }


def penalty(amount, words):
    """A faction penalty explained by the rule documents (no card's text): no source, not quoted."""
    return (amount, FACTION_PENALTY, words, "", "", False)


# -- the faction penalty: +1 for a captain or upgrade, +3 for an admiral ------------------------------------


def test_a_captain_an_admiral_and_an_upgrade_of_other_factions_pay_1_3_and_1(utopia):
    """Additional Rules 20 on Klingon Starship (S269): Picard (Cap049, Federation captain, 6 SP) pays 6 + 1;
    Karr (A042, Independent admiral, 6 SP) pays the tripled penalty, 6 + 3; Kovin (C434, Independent [crew],
    2 SP) pays 2 + 1. "An Independent": the article follows the faction's first letter."""
    cards = priced(utopia, ship(KLINGON_SHIP, "Cap049", "C434", admiral="A042"))
    assert cards[(0, "Cap049")] == (
        (6, 1, 7),
        [penalty(1, f"Faction penalty: a Federation captain on the Klingon ship ({RULE_20}).")],
    )
    assert cards[(0, "A042")] == (
        (6, 3, 9),
        [penalty(3, f"Faction penalty: an Independent admiral on the Klingon ship ({ADMIRAL_RULE}).")],
    )
    assert cards[(0, "C434")] == (
        (2, 1, 3),
        [penalty(1, f"Faction penalty: an Independent upgrade on the Klingon ship ({RULE_20}).")],
    )


def test_an_independent_captain_a_klingon_admiral_and_a_klingon_upgrade_on_a_federation_ship(utopia):
    """The other article of each role on Federation Starship (S273): Dereth (Cap033, Independent captain,
    2 SP) 2 + 1; Gowron (A027, Klingon admiral, 3 SP) 3 + 3; Kurn (C289, Klingon [crew], 4 SP) 4 + 1."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap033", "C289", admiral="A027"))
    assert cards[(0, "Cap033")] == (
        (2, 1, 3),
        [penalty(1, f"Faction penalty: an Independent captain on the Federation ship ({RULE_20}).")],
    )
    assert cards[(0, "A027")] == (
        (3, 3, 6),
        [penalty(3, f"Faction penalty: a Klingon admiral on the Federation ship ({ADMIRAL_RULE}).")],
    )
    assert cards[(0, "C289")] == (
        (4, 1, 5),
        [penalty(1, f"Faction penalty: a Klingon upgrade on the Federation ship ({RULE_20}).")],
    )


def test_a_card_of_two_factions_on_a_ship_of_two_others_names_all_four(utopia):
    """Mr. Spock (Cap044, Federation and Vulcan, 5 SP) on the Dominion/Klingon Starship (S333) shares no
    faction with it: 5 + 1, each side's factions named, joined by "/"."""
    cards = priced(utopia, ship(DOMINION_KLINGON_SHIP, "Cap044"))
    assert cards[(0, "Cap044")] == (
        (5, 1, 6),
        [penalty(1, f"Faction penalty: a Federation/Vulcan captain on the Dominion/Klingon ship ({RULE_20}).")],
    )


def test_a_mirror_universe_captain_is_named_in_words(utopia):
    """Worf (Cap313, Mirror Universe captain, 2 SP) on a Federation ship: 2 + 1, the faction written as words."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap313"))
    assert cards[(0, "Cap313")] == (
        (2, 1, 3),
        [penalty(1, f"Faction penalty: a Mirror Universe captain on the Federation ship ({RULE_20}).")],
    )


def test_a_xindi_captain_takes_a_not_an(utopia):
    """Degra (Cap441, Xindi captain, 3 SP) on a Federation ship: 3 + 1, "a Xindi captain" (X is no vowel)."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap441"))
    assert cards[(0, "Cap441")] == (
        (3, 1, 4),
        [penalty(1, f"Faction penalty: a Xindi captain on the Federation ship ({RULE_20}).")],
    )


def test_a_card_sharing_one_faction_with_its_ship_pays_nothing(utopia):
    """Additional Rules 20 charges only a card that "does not match its ship's faction": Worf (Cap009,
    Federation and Klingon, 4 SP) on a Federation ship, Gowron (A027, Klingon admiral, 3 SP) and Kurn (C289,
    Klingon [crew], 4 SP) on the Dominion/Klingon Starship cost their printed SP, with no step."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap009"), ship(DOMINION_KLINGON_SHIP, None, "C289", admiral="A027"))
    assert cards[(0, "Cap009")] == ((4, 0, 4), [])
    assert cards[(1, "A027")] == ((3, 0, 3), [])
    assert cards[(1, "C289")] == ((4, 0, 4), [])


def test_an_ambassador_pays_no_faction_penalty(utopia):
    """Kimara Cretak (M008, a Romulan Ambassador card, 3 SP) is neither a Captain, an Admiral nor an Upgrade,
    the cards Additional Rules 20 charges: on a Klingon ship it costs 3, with no step."""
    cards = priced(utopia, ship(KLINGON_SHIP, "Cap410", "M008"))
    assert cards[(0, "M008")] == ((3, 0, 3), [])


# -- cards that waive the penalty ----------------------------------------------------------------------------


def test_a_card_that_waives_its_own_penalty_says_so(utopia):
    """C349 Harcourt Fenton Mudd (Independent [crew], 3 SP): "You do not pay a faction penalty for this card."
    On a Federation ship: 3, a waiver step of 0 quoting that sentence. Cap410 Kurn (Klingon captain, 3 SP):
    "You do not pay a faction penalty when assigning Kurn to any ship." The same on a Federation ship."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap410", "C349"))
    assert cards[(0, "C349")] == (
        (3, 0, 3),
        [(0, WAIVED, "You do not pay a faction penalty for this card.", "C349", "Harcourt Fenton Mudd", True)],
    )
    assert cards[(0, "Cap410")] == (
        (3, 0, 3),
        [
            (
                0,
                WAIVED,
                "You do not pay a faction penalty when assigning Kurn to any ship.",
                "Cap410",
                "Kurn",
                True,
            )
        ],
    )


def test_a_captain_waives_the_penalty_of_every_upgrade_on_his_ship(utopia):
    """Cap415 Soval (Mirror Universe captain, 3 SP): "You do not pay a faction penalty when deploying any
    Upgrades to your ship." On a Klingon ship Kovin (C434, Independent [crew], 2 SP) costs 2; Soval himself is
    no Upgrade and pays his own penalty: 3 + 1."""
    cards = priced(utopia, ship(KLINGON_SHIP, "Cap415", "C434"))
    sentence = "You do not pay a faction penalty when deploying any Upgrades to your ship."
    assert cards[(0, "C434")] == ((2, 0, 2), [(0, WAIVED, sentence, "Cap415", "Soval", True)])
    assert cards[(0, "Cap415")] == (
        (3, 1, 4),
        [penalty(1, f"Faction penalty: a Mirror Universe captain on the Klingon ship ({RULE_20}).")],
    )


def test_a_waiver_for_one_faction_of_ship_reaches_only_that_ship(utopia):
    """Cap658 Thomas Riker (Independent captain, 4 SP): "You do not pay a faction penalty when equipping this card
    to a Federation ship." On a Federation ship 4, with the waiver quoted; on a Klingon ship 4 + 1."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap658"), ship(KLINGON_SHIP, "Cap658"))
    sentence = "You do not pay a faction penalty when equipping this card to a Federation ship."
    assert cards[(0, "Cap658")] == ((4, 0, 4), [(0, WAIVED, sentence, "Cap658", "Thomas Riker", True)])
    assert cards[(1, "Cap658")] == (
        (4, 1, 5),
        [penalty(1, f"Faction penalty: an Independent captain on the Klingon ship ({RULE_20}).")],
    )


def test_elim_garak_waives_his_own_penalty_and_that_of_one_talent(utopia):
    """C109 Elim Garak (Dominion [crew], 4 SP): "You do not pay a Faction penalty when assigning Elim Garak or
    his [talent] Upgrade to your ship." On a Federation ship Garak costs 4; of Interrogation (E206, Dominion,
    2 SP) and Glory To The Empire! (E220, Klingon, 2 SP) the first is his: 2; the other pays: 2 + 1."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap049", "C109", "E206", "E220"))
    garak = (
        0,
        WAIVED,
        "You do not pay a Faction penalty when assigning Elim Garak or his [talent] Upgrade to your ship.",
        "C109",
        "Elim Garak",
        True,
    )
    assert cards[(0, "C109")] == ((4, 0, 4), [garak])
    assert cards[(0, "E206")] == ((2, 0, 2), [garak])
    assert cards[(0, "E220")] == (
        (2, 1, 3),
        [penalty(1, f"Faction penalty: a Klingon upgrade on the Federation ship ({RULE_20}).")],
    )


# -- K'Temoc doubles the penalty -----------------------------------------------------------------------------


def test_k_temoc_doubles_the_penalty_of_a_non_klingon_upgrade(utopia):
    """Cap504 K'Temoc (Klingon captain, 3 SP): "All of your Klingon Upgrades cost -1 SP. The faction penalty
    is doubled for any non-Klingon Upgrades assigned to your ship." On a Klingon ship Kovin (C434, Independent
    [crew], 2 SP) costs 2 + 2 × 1 = 4; Kurn (C289, Klingon [crew], 4 SP) costs 4 - 1 = 3 and pays none."""
    cards = priced(utopia, ship(KLINGON_SHIP, "Cap504", "C434", "C289"))
    doubled = "The faction penalty is doubled for any non-Klingon Upgrades assigned to your ship."
    assert cards[(0, "C434")] == ((2, 2, 4), [(2, FACTION_PENALTY, doubled, "Cap504", "K'Temoc", True)])
    reduced = "All of your Klingon Upgrades cost -1 SP."
    assert cards[(0, "C289")] == ((4, 0, 3), [(-1, REDUCTION, reduced, "Cap504", "K'Temoc", True)])


# -- the Officer Exchange Program (R015) ---------------------------------------------------------------------


def test_the_exchange_waiver_quotes_point_2_of_the_program(utopia):
    """R015 with Federation and Klingon chosen, on a Federation ship: Gowron (A027, Klingon admiral, 3 SP)
    costs 3 - 1 (point 3) with no penalty (point 2): 2; Kurn (C289, Klingon [crew], 4 SP) 4, no penalty;
    Disruptor Cannon (W168, Klingon [weapon], 2 SP) is not named by point 2: 2 + 1."""
    cards = priced(
        utopia,
        ship(FEDERATION_SHIP, "Cap049", "C289", "W168", admiral="A027"),
        resources=("R015",),
        options=(ResourceOption("R015", ("federation", "klingon")),),
    )
    program = ("R015", "Officer Exchange Program")
    assert cards[(0, "A027")] == (
        (3, 0, 2),
        [
            (-1, REDUCTION, EXCHANGE_REDUCTION, *program, True),
            (0, WAIVED, EXCHANGE_WAIVER, *program, True),
        ],
    )
    assert cards[(0, "C289")] == ((4, 0, 4), [(0, WAIVED, EXCHANGE_WAIVER, *program, True)])
    assert cards[(0, "W168")] == (
        (2, 1, 3),
        [penalty(1, f"Faction penalty: a Klingon upgrade on the Federation ship ({RULE_20}).")],
    )
    assert cards[(0, "Cap049")] == ((6, 0, 6), [])


# -- extra costs printed on cards ----------------------------------------------------------------------------


def test_extra_costs_from_the_card_record_are_explained_in_words(utopia):
    """Utopia's record of Tea, Earl Grey, Hot (Q034, Federation, 1 SP) prints +1 SP unless on a Federation
    ship, and of Disruptor Pulse (W220, Romulan [weapon], 3 SP) +3 SP unless on a Romulan ship; their text
    does not say so. On the Dominion/Klingon Starship each pays its penalty and its extra cost: 1 + 1 + 1 = 3
    and 3 + 1 + 3 = 7. On a Federation ship the tea costs 1."""
    cards = priced(
        utopia, ship(DOMINION_KLINGON_SHIP, "Cap410", "Q034", "W220"), ship(FEDERATION_SHIP, "Cap049", "Q034")
    )
    assert cards[(0, "Q034")] == (
        (1, 1, 3),
        [
            penalty(1, f"Faction penalty: a Federation upgrade on the Dominion/Klingon ship ({RULE_20})."),
            (
                1,
                EXTRA_COST,
                "Printed extra cost: +1 SP unless the ship is Federation.",
                "Q034",
                "Tea, Earl Grey, Hot",
                False,
            ),
        ],
    )
    assert cards[(0, "W220")] == (
        (3, 1, 7),
        [
            penalty(1, f"Faction penalty: a Romulan upgrade on the Dominion/Klingon ship ({RULE_20})."),
            (3, EXTRA_COST, "Printed extra cost: +3 SP unless the ship is Romulan.", "W220", "Disruptor Pulse", False),
        ],
    )
    assert cards[(1, "Q034")] == ((1, 0, 1), [])


COVERT = "If the Captain's card does not have an [talent] icon, this Upgrade costs +1 SP."


def test_covert_mission_costs_1_more_without_a_talent_icon(utopia):
    """E133 Covert Mission (Romulan [talent], 5 SP): "If the Captain's card does not have an [talent] icon,
    this Upgrade costs +1 SP." On Romulan Starships (S359, Valdore Class): with Gareb (Cap105, no [talent] icon) or no
    captain 5 + 1 = 6; with Lovok (Cap015, one icon) or Shinzon (Cap011, two) 5."""
    romulan = "S359"
    cards = priced(
        utopia,
        ship(romulan, "Cap105", "E133"),
        ship(romulan, None, "E133"),
        ship(romulan, "Cap015", "E133"),
        ship(romulan, "Cap011", "E133"),
    )
    extra = (1, EXTRA_COST, COVERT, "E133", "Covert Mission", True)
    assert cards[(0, "E133")] == ((5, 0, 6), [extra])
    assert cards[(1, "E133")] == ((5, 0, 6), [extra])
    assert cards[(2, "E133")] == ((5, 0, 5), [])
    assert cards[(3, "E133")] == ((5, 0, 5), [])


TRUCE = "This Upgrade costs +5 SP if purchased for a Captain with a Skill greater than 5."


def test_truce_costs_5_more_only_beside_a_captain_of_skill_over_5(utopia):
    """E060 Truce (Dominion [talent], 5 SP): "This Upgrade costs +5 SP if purchased for a Captain with a Skill
    greater than 5." On Vetar (S334, Dominion): with Yelgrun (Cap654, Skill 6) 5 + 5 = 10; with Gul Macet
    (Cap514, Skill 5, not greater) or no captain 5."""
    cards = priced(utopia, ship("S334", "Cap654", "E060"), ship("S334", "Cap514", "E060"), ship("S334", None, "E060"))
    assert cards[(0, "E060")] == ((5, 0, 10), [(5, EXTRA_COST, TRUCE, "E060", "Truce", True)])
    assert cards[(1, "E060")] == ((5, 0, 5), [])
    assert cards[(2, "E060")] == ((5, 0, 5), [])


INTERCEPT = (
    "This Upgrade may only be purchased for a Hirogen ship and costs +5 SP for any Captain other than Karr or a"
    " Hirogen Captain."
)


def test_intercept_course_costs_5_more_unless_its_captain_is_karr_or_a_hirogen(utopia):
    """E056 Intercept Course (Independent [talent], 4 SP): "… costs +5 SP for any Captain other than Karr or a
    Hirogen Captain." On Hirogen Starships (S403, Independent): with Karr (Cap035) or Hirogen Hunter (Cap545)
    4; with Dereth (Cap033, Independent, neither) 4 + 5 = 9."""
    cards = priced(
        utopia, ship("S403", "Cap035", "E056"), ship("S403", "Cap545", "E056"), ship("S403", "Cap033", "E056")
    )
    assert cards[(0, "E056")] == ((4, 0, 4), [])
    assert cards[(1, "E056")] == ((4, 0, 4), [])
    assert cards[(2, "E056")] == ((4, 0, 9), [(5, EXTRA_COST, INTERCEPT, "E056", "Intercept Course", True)])


FORCE_FIELD = "This Upgrade costs +5 SP for any other ship other than a Dauntless class ship."


def test_force_field_costs_5_more_off_a_dauntless_class_ship(spacedock):
    """Space Dock's Force Field (force_field_71805, Independent [tech], 3 SP): "This Upgrade costs +5 SP for any
    other ship other than a Dauntless class ship." On the Independent Starship (Dauntless Class) 3; on the
    Tholian Starship (Tholian Vessel, Independent) 3 + 5 = 8."""
    cards = priced(
        spacedock,
        ship("independent_starship_71805", "loskene_opwebprize", "force_field_71805"),
        ship("tholian_vessel_opwebprize", "tholian_opwebprize", "force_field_71805"),
    )
    assert cards[(0, "force_field_71805")] == ((3, 0, 3), [])
    assert cards[(1, "force_field_71805")] == (
        (3, 0, 8),
        [(5, EXTRA_COST, FORCE_FIELD, "force_field_71805", "Force Field", True)],
    )


ASTROMETRICS = (
    "This Upgrade costs +2 SP if not equipped to either a Intrepid Class , Sovereign Class , or Luna Class ship."
)


def test_an_extra_cost_naming_three_classes_spares_each_of_them(utopia):
    """T300 Astrometrics Lab (Federation [tech], 1 SP): "This Upgrade costs +2 SP if not equipped to either a
    Intrepid Class, Sovereign Class, or Luna Class ship." On U.S.S. Atlas (S415, Sovereign Class, the second
    named) 1; on Federation Starship (S273, Galaxy Class) 1 + 2 = 3."""
    cards = priced(utopia, ship("S415", "Cap049", "T300"), ship(FEDERATION_SHIP, "Cap049", "T300"))
    assert cards[(0, "T300")] == ((1, 0, 1), [])
    assert cards[(1, "T300")] == ((1, 0, 3), [(2, EXTRA_COST, ASTROMETRICS, "T300", "Astrometrics Lab", True)])


def test_sakonna_counts_the_extra_cost_a_weapon_has_on_its_ship(utopia):
    """C134 Sakonna: "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP." Energy Dissipator (W111,
    Dominion [weapon], 5 SP): "This upgrade costs +5 Squadron Points for any non-Breen ship." On Gor Portas
    (S189, Breen, Dominion) it costs 5, so Sakonna reaches it: 5 - 2 = 3; on a Federation ship it costs
    5 + 5 = 10, more than 5: 5 + 1 (penalty) + 5 = 11, no reduction."""
    cards = priced(utopia, ship(FEDERATION_SHIP, "Cap049", "C134", "W111"), ship("S189", "Cap053", "C134", "W111"))
    assert cards[(0, "W111")] == (
        (5, 1, 11),
        [
            penalty(1, f"Faction penalty: a Dominion upgrade on the Federation ship ({RULE_20})."),
            (
                5,
                EXTRA_COST,
                "This upgrade costs +5 Squadron Points for any non-Breen ship.",
                "W111",
                "Energy Dissipator",
                True,
            ),
        ],
    )
    sakonna = "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP."
    assert cards[(1, "W111")] == ((5, 0, 3), [(-2, REDUCTION, sakonna, "C134", "Sakonna", True)])


# -- a card file made for the test ---------------------------------------------------------------------------

# No shipped card has these; a Space Dock file can: an upgrade whose only extra cost is the Special code
# "Plus5NotXindi" (+5 SP unless on a Xindi ship, no text saying so), a ship of no faction, and an Officer
# Exchange Program whose text has only point 1 ("choose two different Factions").
MADE_UP = b"""<Data><Sets><Set id="s1" overallSetName="Test" releaseDate="2015-11-1">T</Set></Sets>
<Ships>
<Ship><Title>Xindi Starship</Title><Unique>N</Unique><ShipClass>Xindi Reptilian Warship</ShipClass>
<Faction>Xindi</Faction><Attack>4</Attack><Agility>1</Agility><Hull>5</Hull><Shield>2</Shield><Cost>20</Cost>
<Weapon>2</Weapon><Crew>2</Crew><Id>xindi</Id><Set>s1</Set></Ship>
<Ship><Title>Klingon Starship</Title><Unique>N</Unique><ShipClass>Vor'cha Class</ShipClass><Faction>Klingon</Faction>
<Attack>5</Attack><Agility>1</Agility><Hull>5</Hull><Shield>3</Shield><Cost>24</Cost><Weapon>2</Weapon>
<Id>klingon</Id><Set>s1</Set></Ship>
<Ship><Title>Derelict</Title><Unique>N</Unique><ShipClass>Hulk</ShipClass><Attack>1</Attack><Agility>1</Agility>
<Hull>3</Hull><Shield>0</Shield><Cost>10</Cost><Weapon>2</Weapon><Id>derelict</Id><Set>s1</Set></Ship>
</Ships>
<Captains><Captain><Title>Klingon Captain</Title><Faction>Klingon</Faction><Skill>3</Skill><Cost>2</Cost>
<Id>captain</Id><Set>s1</Set></Captain></Captains>
<Upgrades>
<Upgrade><Title>Particle Beam</Title><Type>Weapon</Type><Faction>Klingon</Faction><Cost>3</Cost><Id>beam</Id>
<Set>s1</Set><Special>Plus5NotXindi</Special></Upgrade>
<Upgrade><Title>Klingon Crewman</Title><Type>Crew</Type><Faction>Klingon</Faction><Cost>2</Cost><Id>crewman</Id>
<Set>s1</Set></Upgrade>
</Upgrades>
<Resources><Resource><Title>Officer Exchange Program</Title><Cost>3</Cost>
<Ability>Prior to building your fleet, choose two different Factions.</Ability><Id>exchange</Id><Set>s1</Set>
</Resource></Resources></Data>"""


@pytest.fixture(scope="module")
def made_up():
    return read_catalog(MADE_UP)


def test_an_extra_cost_from_a_special_code_names_the_faction_it_spares(made_up):
    """Particle Beam (Klingon [weapon], 3 SP, "Plus5NotXindi"): on the Xindi Starship 3 + 1 (penalty), no extra;
    on the Klingon Starship no penalty, 3 + 5 = 8; on the Derelict (no faction) 3 + 1 + 5 = 9, its ship named
    "factionless"."""
    cards = priced(made_up, ship("xindi", None, "beam"), ship("klingon", None, "beam"), ship("derelict", None, "beam"))
    extra = (5, EXTRA_COST, "Printed extra cost: +5 SP unless the ship is Xindi.", "beam", "Particle Beam", False)
    assert cards[(0, "beam")] == (
        (3, 1, 4),
        [penalty(1, f"Faction penalty: a Klingon upgrade on the Xindi ship ({RULE_20}).")],
    )
    assert cards[(1, "beam")] == ((3, 0, 8), [extra])
    assert cards[(2, "beam")] == (
        (3, 1, 9),
        [penalty(1, f"Faction penalty: a Klingon upgrade on the factionless ship ({RULE_20})."), extra],
    )


def test_the_exchange_explains_itself_when_its_text_does_not(made_up):
    """An Officer Exchange Program whose text lacks points 2 and 3, Klingon and Xindi chosen: on the Xindi
    Starship the Klingon captain (2 SP) costs 2 - 1 = 1 and the Klingon [crew] (2 SP) 2, no penalty; each step
    says so in words, naming the program as its source."""
    cards = priced(
        made_up,
        ship("xindi", "captain", "crewman"),
        resources=("exchange",),
        options=(ResourceOption("exchange", ("klingon", "xindi")),),
    )
    program = ("exchange", "Officer Exchange Program", False)
    waived = (0, WAIVED, "Officer Exchange Program: no faction penalty between the two chosen Factions.", *program)
    assert cards[(0, "captain")] == (
        (2, 0, 1),
        [(-1, REDUCTION, "Officer Exchange Program: 1 SP less.", *program), waived],
    )
    assert cards[(0, "crewman")] == ((2, 0, 2), [waived])
