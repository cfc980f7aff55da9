"""Costs worked out by hand from the card text and the rule documents, one rule each, on Utopia's card file.

Each test pins one reading of rules/attack_wing/costs.py that no other test held: the Borg Support Vehicle
Token's ship discount, the Officer Exchange Program's exact reach, Elim Garak's one-card waiver, the faction a
Fleet Captain or Flagship adds, and the checks of cards that guard their ship. The faction penalty is seed 003,
Additional Rules 20: "1 extra squadron point for each Captain and Upgrade Card and 3 extra squadron points for
an Admiral that does not match its ship's faction".
"""

from __future__ import annotations

from rules.attack_wing import validate_fleet
from rules.attack_wing.fleet import FACTION_PENALTY, REDUCTION, WAIVED, Fleet, ResourceOption
from tests.rules.attack_wing.conftest import AKIRA, PROMETHEUS, fleet, ship

W16 = "wizkids-2016"
FILLER = (PROMETHEUS, AKIRA)
FEDERATION_SHIP = "S273"  # Federation Starship (Galaxy Class), federation only
KLINGON_SHIP = "S269"


def check(catalog, *ships, resources=(), options=()):
    made = fleet(*ships, resources=resources)
    return validate_fleet(Fleet(made.ships, made.resources, tuple(options)), catalog, W16)


def card(report, card_id, ship_index=0):
    return next(c for c in report.ships[ship_index].cards if c.id == card_id)


def restricted(report, card_id):
    return [v.message for v in report.violations if v.code == "CARD_RESTRICTION" and v.card == card_id]


# -- the Borg Support Vehicle Token (Q008) -------------------------------------------------------------------


def test_the_borg_support_vehicle_token_takes_15_sp_off_a_borg_sphere(utopia):
    """Q008: "This ship costs -10sp. If this ship is a Borg Sphere this ship costs -15sp." Sphere 634 (S321,
    Borg Sphere, 40 SP) costs 40 - 15 = 25; the token itself costs 0. Only the better discount applies."""
    report = check(utopia, ship("S321", None, "Q008"), *FILLER)
    sphere = card(report, "S321")
    assert (sphere.printed, sphere.cost) == (40, 25)
    assert [(a.kind, a.amount, a.source) for a in sphere.adjustments] == [(REDUCTION, -15, "Q008")]
    assert card(report, "Q008").cost == 0


def test_the_borg_support_vehicle_token_takes_10_sp_off_any_other_ship(utopia):
    """Q008 on Scout 609 (S325, Borg Scout Cube, hull 2, 22 SP): not a Sphere, so 22 - 10 = 12."""
    report = check(utopia, ship("S325", None, "Q008"), *FILLER)
    scout = card(report, "S325")
    assert (scout.printed, scout.cost) == (22, 12)
    assert [(a.kind, a.amount) for a in scout.adjustments] == [(REDUCTION, -10)]
    without = check(utopia, ship("S325"), *FILLER)
    assert card(without, "S325").cost == 22


# -- the Officer Exchange Program (R015) ---------------------------------------------------------------------

# R015: "2) You do not pay a faction penalty when assigning a Captain, Admiral or [crew] Upgrade of either of
# the chosen factions to a ship in your fleet of the other chosen faction. 3) In addition, when assigning a
# Captain or Admiral card of one of the chosen factions to a ship in your fleet of the other chosen faction,
# the cost of that card is reduced by 1 SP (min 0)."
FEDERATION_KLINGON = (ResourceOption("R015", ("federation", "klingon")),)


def exchanged(catalog, *ships):
    return check(catalog, *ships, resources=("R015",), options=FEDERATION_KLINGON)


def test_the_exchange_waives_and_reduces_a_klingon_admiral_on_a_federation_ship(utopia):
    """Gowron (A027, Klingon admiral, 3 SP) on a Federation ship: without the program 3 + 3 (the tripled
    penalty); with Federation and Klingon chosen, no penalty and 1 SP less: 2."""
    on_federation = ship(FEDERATION_SHIP, "Cap049", admiral="A027")
    assert card(check(utopia, on_federation, *FILLER, resources=("R015",)), "A027").cost == 6
    gowron = card(exchanged(utopia, on_federation, *FILLER), "A027")
    assert (gowron.penalty, gowron.cost) == (0, 2)
    assert [a.kind for a in gowron.adjustments] == [REDUCTION, WAIVED]


def test_the_exchange_waives_a_klingon_crew_upgrade_but_takes_nothing_off_it(utopia):
    """Kurn (C289, Klingon [crew], 4 SP) on a Federation ship: point 2 waives its penalty, point 3 reaches
    only Captain and Admiral cards, so it costs its printed 4."""
    kurn = card(exchanged(utopia, ship(FEDERATION_SHIP, "Cap049", "C289"), *FILLER), "C289")
    assert (kurn.penalty, kurn.cost) == (0, 4)
    assert [a.kind for a in kurn.adjustments] == [WAIVED]


def test_the_exchange_leaves_a_klingon_weapon_its_penalty(utopia):
    """Disruptor Cannon (W168, Klingon [weapon], 2 SP) on a Federation ship: point 2 names Captains, Admirals
    and [crew] Upgrades only, so the weapon pays its penalty: 2 + 1."""
    cannon = card(exchanged(utopia, ship(FEDERATION_SHIP, "Cap049", "W168"), *FILLER), "W168")
    assert (cannon.penalty, cannon.cost) == (1, 3)
    assert [a.kind for a in cannon.adjustments] == [FACTION_PENALTY]


def test_the_exchange_reaches_only_the_two_chosen_factions(utopia):
    """Lovok (Cap015, Romulan captain, 3 SP) on a Federation ship with Federation and Klingon chosen: Romulan
    is neither, so he pays the penalty and gets no reduction: 3 + 1; Sela (A030, Romulan admiral, 4 SP): 4 + 3;
    a Romulan [crew] (Nevala, C385, 3 SP): 3 + 1."""
    report = exchanged(utopia, ship(FEDERATION_SHIP, "Cap015", "C385", admiral="A030"), *FILLER)
    assert [(card(report, i).penalty, card(report, i).cost) for i in ("Cap015", "A030", "C385")] == [
        (1, 4),
        (3, 7),
        (1, 4),
    ]


def test_the_exchange_gives_nothing_to_a_card_on_a_ship_of_its_own_faction(utopia):
    """Point 3 needs a card of one chosen faction on a ship of the *other*: Picard (Cap049, Federation, 6 SP)
    on a Federation ship and Gowron (A027, Klingon admiral, 3 SP) on a Klingon ship cost their printed SP."""
    report = exchanged(utopia, ship(FEDERATION_SHIP, "Cap049"), ship(KLINGON_SHIP, "Cap015", admiral="A027"), AKIRA)
    assert card(report, "Cap049").cost == 6
    assert card(report, "A027", ship_index=1).cost == 3


# -- one-card waivers ----------------------------------------------------------------------------------------


def test_elim_garak_waives_the_penalty_of_one_talent_only(utopia):
    """C109 Elim Garak: "You do not pay a Faction penalty when assigning Elim Garak or his [talent] Upgrade to
    your ship." On a Federation ship: Garak (Dominion, 4 SP) pays none; of two 2 SP talents of other factions
    (Interrogation E206, Dominion; Glory To The Empire! E220, Klingon) one is his and pays none, the other
    pays the penalty: 2 and 2 + 1. Without Garak both pay it."""
    report = check(utopia, ship(FEDERATION_SHIP, "Cap049", "C109", "E206", "E220"), *FILLER)
    talents = [card(report, i) for i in ("E206", "E220")]
    assert card(report, "C109").cost == 4
    assert sorted(t.cost for t in talents) == [2, 3]
    assert sorted(tuple(a.kind for a in t.adjustments) for t in talents) == [(FACTION_PENALTY,), (WAIVED,)]
    alone = check(utopia, ship(FEDERATION_SHIP, "Cap049", "E206", "E220"), *FILLER)
    assert [card(alone, i).cost for i in ("E206", "E220")] == [3, 3]


# -- the faction a Fleet Captain or Flagship adds ------------------------------------------------------------


def test_an_independent_flagship_makes_its_ship_independent_too(utopia):
    """Flagship (R004): the Independent flagship cards add the Independent faction to their ship. Dereth
    (Cap033, Independent captain, 2 SP) and Kovin (C434, Independent [crew], 2 SP) on a Federation ship pay
    the penalty (2 + 1 each); with Independent (Klingon) (R004g) as its flagship they pay none."""
    plain = check(utopia, ship(FEDERATION_SHIP, "Cap033", "C434"), *FILLER)
    assert [card(plain, i).cost for i in ("Cap033", "C434")] == [3, 3]
    flagship = check(utopia, ship(FEDERATION_SHIP, "Cap033", "C434", "R004g"), *FILLER, resources=("R004",))
    assert [(card(flagship, i).penalty, card(flagship, i).cost) for i in ("Cap033", "C434")] == [(0, 2), (0, 2)]


def test_an_independent_fleet_captain_makes_the_captain_independent_too(utopia):
    """Fleet Captain (R010): the Independent fleet captain cards add the Independent faction to the captain.
    Picard (Cap049, Federation, 6 SP) on U.S.S. Dauntless (S316, Independent) pays 6 + 1; with Independent
    (Federation) (R010f) he pays none: 6. The card adds to the captain, not to the ship: Kurn (C289,
    Klingon [crew], 4 SP) still pays 4 + 1."""
    plain = check(utopia, ship("S316", "Cap049"), *FILLER)
    assert card(plain, "Cap049").cost == 7
    captain = check(utopia, ship("S316", "Cap049", "R010f", "C289"), *FILLER, resources=("R010",))
    assert (card(captain, "Cap049").penalty, card(captain, "Cap049").cost) == (0, 6)
    assert card(captain, "C289").cost == 5


# -- cards that guard their ship -----------------------------------------------------------------------------


def test_the_two_vessel_variants_may_not_share_a_ship(utopia):
    """T265 Combat Vessel Variant: "You may not equip the Science Vessel Variant [tech] Upgrade to this ship",
    and T266 the same of the Combat Vessel Variant. Each alone on Kir'Shara (S338, D'Kyr Class) is fine;
    together both are refused, each naming the other."""
    assert not restricted(check(utopia, ship("S338", "Cap049", "T265"), *FILLER), "T265")
    both = check(utopia, ship("S338", "Cap049", "T265", "T266"), *FILLER)
    assert restricted(both, "T265") == [
        "Combat Vessel Variant on Ship 1 (Kir'Shara): may not share a ship with Science Vessel Variant."
    ]
    assert restricted(both, "T266") == [
        "Science Vessel Variant on Ship 1 (Kir'Shara): may not share a ship with Combat Vessel Variant."
    ]


def test_arturis_allows_no_admiral_on_his_ship(utopia):
    """Cap609 Arturis: "You may not equip an Admiral to this ship." On U.S.S. Dauntless (S316) with Gowron
    (A027) as admiral the admiral is refused; without one nothing is."""
    assert restricted(check(utopia, ship("S316", "Cap609", admiral="A027"), *FILLER), "A027")
    assert not [v for v in check(utopia, ship("S316", "Cap609"), *FILLER).violations if v.code == "CARD_RESTRICTION"]


def test_k_temoc_allows_only_klingon_talents_on_his_ship(utopia):
    """Cap504 K'Temoc allows only Klingon [talent] Upgrades on his ship: Interrogation (E206, Dominion) is
    refused beside him, Glory To The Empire! (E220, Klingon) is not."""
    report = check(utopia, ship(KLINGON_SHIP, "Cap504", "E206"), *FILLER)
    assert restricted(report, "E206")
    assert not restricted(check(utopia, ship(KLINGON_SHIP, "Cap504", "E220"), *FILLER), "E220")


# -- a reduction capped by cost counts the card's extra cost ------------------------------------------------


def test_sakonna_reaches_a_weapon_by_the_cost_it_has_on_this_ship(utopia):
    """C134 Sakonna: "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP." Energy Dissipator
    (W111, Dominion, 5 SP, "+5 SP for any non-Breen ship") costs 5 on Gor Portas (S189, Breen Battle Cruiser,
    Dominion), so Sakonna reaches it: 5 - 2 = 3 (Sakonna, Independent, pays her own penalty: 2 + 1). On a
    Federation ship it costs 5 + 5 = 10, more than 5: no reduction, 5 + 1 (penalty) + 5 = 11 (as Space Dock's
    test squad "sakonna" prices it)."""
    breen = check(utopia, ship("S189", "Cap053", "C134", "W111"), *FILLER)
    assert [card(breen, i).cost for i in ("C134", "W111")] == [3, 3]
    federation = check(utopia, ship(FEDERATION_SHIP, "Cap049", "C134", "W111"), *FILLER)
    dissipator = card(federation, "W111")
    assert (dissipator.penalty, dissipator.cost) == (1, 11)
    assert REDUCTION not in [a.kind for a in dissipator.adjustments]
