"""Rules printed on the cards themselves, on the real card files: each test quotes the card.

Costs follow the 2016 FAQ order: reduce to 0, then the faction penalty, then printed extra costs.
"""

from __future__ import annotations

import pytest

from rules.attack_wing import FleetFileError, Format, fleet_to_dict, parse_fleet, validate_fleet
from rules.attack_wing.card_text.plain import plain_text
from rules.attack_wing.coverage import coverage_summary, restriction_coverage
from rules.attack_wing.fleet import Fleet, ResourceOption
from tests.rules.attack_wing.conftest import AKIRA, GALAXY, PROMETHEUS, fleet, ship

W16 = "wizkids-2016"
FILLER = (PROMETHEUS, AKIRA)


def check(catalog, *ships, resources=(), fmt=W16, options=(), banned=None):
    made = fleet(*ships, resources=resources)
    made = Fleet(ships=made.ships, resources=made.resources, resource_options=tuple(options))
    return validate_fleet(made, catalog, fmt, None, banned)


def cost_of(report, card_id, ship_index=0):
    return next(c.cost for c in report.ships[ship_index].cards if c.id == card_id)


def restricted(report, card_id):
    return [v.message for v in report.violations if v.code == "CARD_RESTRICTION" and v.card == card_id]


# ---------------------------------------------------------------------------------------- costs


def test_dorsal_phaser_array_costs_the_primary_weapon_value_plus_1(utopia):
    """W057: "the SP cost is equal to the ship's Primary Weapon Value +1" (printed 0); Galaxy attack 4."""
    report = check(utopia, ship("S273", "Cap049", "W057"), *FILLER)
    assert cost_of(report, "W057") == 5
    assert not restricted(report, "W057")


def test_aft_weapons_array_costs_5_more_off_a_galor(utopia):
    """W029: "This card costs +5 SP if purchased for any ship other than a Cardassian Galor class ship"."""
    on_galor = check(utopia, ship("S190", "Cap107", "W029"), *FILLER)
    elsewhere = check(utopia, ship("S269", "Cap107", "W029"), *FILLER)
    assert cost_of(on_galor, "W029") == 3  # a Dominion weapon on a Dominion Galor
    assert cost_of(elsewhere, "W029") == 3 + 1 + 5  # faction penalty, then the printed +5


def test_cost_box_faction_cost_is_added_on_top_of_the_penalty(utopia):
    """T276 Romulan Cloaking Device, cost box "+2" unless on a Romulan ship (Utopia costRomulan)."""
    romulan = check(utopia, ship("S359", "Cap015", "T276"), *FILLER)
    klingon = check(utopia, ship("S269", "Cap015", "T276"), *FILLER)
    assert (cost_of(romulan, "T276"), cost_of(klingon, "T276")) == (2, 2 + 1 + 2)


def test_intrepid_discounts_only_its_two_named_tech_upgrades(utopia):
    """S386: "The 'Bio-Neural Circuitry' and 'Variable Geometry Pylons' [tech] Upgrades … cost -1 SP"."""
    report = check(utopia, ship("S386", "Cap049", "T298", "T310"), *FILLER)
    assert (cost_of(report, "T298"), cost_of(report, "T310")) == (1, 3)


def test_tkumbra_discounts_vulcan_captains_and_crew_only(utopia):
    """S335: "All [Vulcan] Captains, Admirals, and [crew] Upgrades equipped to this ship cost -1 SP"."""
    report = check(utopia, ship("S335", "Cap715", "C369", "C462"), *FILLER)
    assert (cost_of(report, "Cap715"), cost_of(report, "C369"), cost_of(report, "C462")) == (3, 1, 3)


def test_spector_discounts_federation_weapons_only(utopia):
    """S342: "[Federation] [weapon] Upgrades equipped to this ship cost -1 SP"."""
    report = check(utopia, ship("S342", "Cap049", "W202", "W140"), *FILLER)
    assert (cost_of(report, "W202"), cost_of(report, "W140")) == (5, 4 + 1)


def test_ktemoc_discounts_klingon_upgrades_and_doubles_other_penalties(utopia):
    """Cap504: "All of your Klingon Upgrades cost -1 SP. The faction penalty is doubled for any non-Klingon
    Upgrades assigned to your ship." """
    report = check(utopia, ship("S269", "Cap504", "W230", "C462"), *FILLER)
    assert (cost_of(report, "W230"), cost_of(report, "C462")) == (2, 3 + 2)


def test_khan_singh_waives_the_penalty_of_talents_only(utopia):
    """Cap645: "You do not pay a Faction penalty when assigning Khan or any [talent] Upgrade to your ship"."""
    report = check(utopia, ship("S273", "Cap645", "E111", "C376"), *FILLER)
    assert (cost_of(report, "Cap645"), cost_of(report, "E111"), cost_of(report, "C376")) == (4, 5, 3 + 1)


def test_a_zero_sp_captain_of_another_faction_pays_the_penalty(utopia):
    """Additional Rules 20 has no exemption for 0 SP captains: Cap107 (Borg Drone, 0 SP) on a Dominion ship."""
    report = check(utopia, ship("S190", "Cap107"), *FILLER)
    assert cost_of(report, "Cap107") == 1


def test_dolim_reductions_stop_at_5(utopia):
    """Cap801: "All of your [weapon] Upgrades cost -1SP, -5 Max" — six weapons save 5 SP, not 6."""
    weapons = ("W230", "W229", "W140", "W108", "W202", "W159")
    report = validate_fleet(fleet(ship("S273", "Cap801", *weapons), *FILLER), utopia, Format(key="open", name="open"))
    saved = sum(c.printed + c.penalty - c.cost for c in report.ships[0].cards if c.id in weapons)
    assert saved == 5


# ---------------------------------------------------------------------------------------- resources


def test_emergency_force_field_costs_half_the_starting_shields_rounded_up(utopia):
    """R020: "… the total combined starting Shield Values of all ships in your fleet divided by 2 (round up)"."""
    ships = (GALAXY, PROMETHEUS, AKIRA)
    shields = sum(utopia.get(s.ship).shields for s in ships)
    report = check(utopia, *ships, resources=("R020",))
    assert report.resources[0].cost == -(-shields // 2)
    assert report.total == 130 + -(-shields // 2)


def test_improved_hull_and_main_power_grid_follow_their_text(utopia):
    """R029: half the starting Hull Values rounded up; R024: "3 SP plus 2 SP for each Hull Value greater
    than 3", read as 2 SP per ship whose Hull Value is greater than 3."""
    ships = (GALAXY, PROMETHEUS, AKIRA, ship("S266", "Cap104"))
    hulls = [utopia.get(s.ship).hull for s in ships]
    hull = check(utopia, *ships, resources=("R029",), fmt=Format(key="open", name="open", fleet_limit=999))
    grid = check(utopia, *ships, resources=("R024",), fmt=Format(key="open", name="open", fleet_limit=999))
    assert hull.resources[0].cost == -(-sum(hulls) // 2)
    assert grid.resources[0].cost == 3 + 2 * sum(1 for h in hulls if h > 3)


def test_senior_staff_costs_1_per_additional_talent(utopia):
    """R036: "1 SP for each additional [talent] Upgrade you assign"; Cap049 has one talent slot, E196a is the
    second [talent], fielded by a [crew]."""
    staffed = ship("S273", "Cap049", "C462", "E199", "E196a")
    report = check(utopia, staffed, *FILLER, resources=("R036",))
    assert report.resources[0].cost == 1
    assert "SLOT_OVERFLOW" not in [v.code for v in report.violations]


def test_officer_exchange_program_waives_and_reduces(utopia):
    """R015: no penalty for a captain of one chosen faction on a ship of the other, and it costs 1 SP less."""
    klingon_on_federation = ship("S273", "Cap504")
    plain = check(utopia, klingon_on_federation, *FILLER, resources=("R015",))
    chosen = check(
        utopia,
        klingon_on_federation,
        *FILLER,
        resources=("R015",),
        options=(ResourceOption("R015", ("federation", "klingon")),),
    )
    assert (cost_of(plain, "Cap504"), cost_of(chosen, "Cap504")) == (3 + 1, 3 - 1)


def test_banned_resource_is_refused(utopia):
    """Resources 2: a venue may ban resources — by id or by name, from the format or the argument."""
    by_format = check(
        utopia, GALAXY, *FILLER, resources=("R020",), fmt=Format(key="b", name="b", banned_resources=("R020",))
    )
    by_name = check(utopia, GALAXY, *FILLER, resources=("R020",), banned={"Emergency Force Field"})
    assert "RESOURCE_BANNED" in [v.code for v in by_format.violations]
    assert "RESOURCE_BANNED" in [v.code for v in by_name.violations]


def test_hideki_squadron_counts_as_the_fleets_one_resource(utopia):
    """R005: "Players may only include 1 Attack Squadron … This counts as their one resource"."""
    report = check(utopia, ship("S154", None), GALAXY, PROMETHEUS, AKIRA, resources=("R020",))
    assert "TOO_MANY_RESOURCES" in [v.code for v in report.violations]


# ---------------------------------------------------------------------------------------- restrictions


def test_krenim_only_weapon_is_refused_elsewhere_with_the_cards_words(utopia):
    """W035: "This Upgrade may only be purchased for a Krenim weapon ship."."""
    elsewhere = check(utopia, ship("S273", "Cap049", "W035"), *FILLER)
    on_krenim = check(utopia, ship("S045", "Cap645", "W035"), *FILLER)
    assert "Krenim weapon ship" in restricted(elsewhere, "W035")[0]
    assert not restricted(on_krenim, "W035")


def test_klingon_captain_only_talent(utopia):
    """E111 Klingon Honor: "This Upgrade may only be purchased for a Klingon Captain"."""
    assert restricted(check(utopia, ship("S269", "Cap049", "E111"), *FILLER), "E111")
    assert not restricted(check(utopia, ship("S269", "Cap701", "E111"), *FILLER), "E111")


def test_dreadnought_takes_no_captain_and_is_complete_without_one(utopia):
    """S221: "You cannot assign a Captain or an Admiral to this ship"."""
    alone = check(utopia, ship("S221", None), *FILLER, GALAXY)
    crewed = check(utopia, ship("S221", "Cap107"), *FILLER, GALAXY)
    assert "MISSING_CAPTAIN" not in [v.code for v in alone.violations]
    assert restricted(crewed, "Cap107")


def test_drone_ship_takes_only_drone_pilots(utopia):
    """S266: "This ship may only be assigned Gareb or a Romulan Drone Pilot as its Captain"."""
    assert not restricted(check(utopia, ship("S266", "Cap104"), GALAXY, *FILLER), "Cap015")
    assert restricted(check(utopia, ship("S266", "Cap015"), GALAXY, *FILLER), "Cap015")


def test_galor_class_phaser_banks_errata_13(utopia):
    """Errata 13: "only … for a Hideki Class Attack Squadron and no ship may be equipped with more than one"."""
    assert restricted(check(utopia, ship("S190", "Cap107", "D010"), *FILLER), "D010")


def test_tactical_station_is_unique_errata_5(utopia):
    """Errata 5: Tactical Stations is unique; both databases print "Tactical Station"."""
    assert utopia.get("W170").unique


def test_officer_cards_need_a_crew_upgrade(utopia):
    """Officer Cards (R011 point 2): assigned to [crew] Upgrades, at most 2 to each."""
    report = check(utopia, ship("S273", "Cap049", "R011b"), *FILLER, resources=("R011",))
    assert restricted(report, "R011b")
    fine = check(utopia, ship("S273", "Cap049", "C462", "R011b", "R011c"), *FILLER, resources=("R011",))
    assert not restricted(fine, "R011b") and not restricted(fine, "R011c")


def test_no_flagship_on_a_station(utopia):
    """2016 FAQ, Space Stations 5: "A Station may not designated as a Flagship"."""
    report = check(utopia, ship("S184", "Cap645", "R004f"), *FILLER, resources=("R004",))
    assert restricted(report, "R004f")


def test_2014_preset_has_no_oversized_limit(utopia):
    """The 2014 FAQ has no one-oversized-base rule (seed 003's 2016 format adds it)."""
    stations = (ship("S184", "Cap645"), ship("S075", "Cap107"), AKIRA)
    assert "TOO_MANY_OVERSIZED" in [v.code for v in check(utopia, *stations).violations]
    assert "TOO_MANY_OVERSIZED" not in [v.code for v in check(utopia, *stations, fmt="wizkids-2014").violations]


def test_spacedock_reads_the_same_text(spacedock):
    """The Space Dock file's Ability text gives the same rules (Temporal Incursion, Dorsal Phaser Array)."""
    incursion = next(c for c in spacedock.cards.values() if c.name == "Temporal Incursion")
    dorsal = next(c for c in spacedock.cards.values() if c.name == "Dorsal Phaser Array")
    assert ("ship_is", "krenim weapon") in [(r.code, r.value) for r in incursion.restrictions]
    assert ("cost_from_attack", 1) in [(r.code, r.amount) for r in dorsal.restrictions]


@pytest.mark.parametrize("catalog_name", ["utopia", "spacedock"])
def test_every_restriction_sentence_is_modelled_or_explained(catalog_name, request):
    """Each restriction phrase printed on a card is modelled or has a written reason. Of the cards set face down
    at setup, those placed beneath a card of the ship by type, faction, cost and a word of the name are modelled
    (the fleet file's ``beneath``), as is Balance of Terror's card chosen for the slot it adds; one left out would
    be noted on every report of a fleet holding it."""
    lines = restriction_coverage(request.getfixturevalue(catalog_name))
    summary = coverage_summary(lines)
    assert summary["lines"] > 300 and summary["unexplained"] == 0
    placed = [line for line in lines if line.family == "placed at setup"]
    modelled = [line for line in placed if line.modelled]
    assert len(modelled) >= 9 and all(line.check_by_hand for line in placed if not line.modelled)
    assert summary["modelled"] > 0.95 * summary["lines"]


# ---------------------------------------------------------------------------------------- fleet file


def test_resource_with_its_choice_round_trips(utopia):
    data = {
        "resources": [{"id": "R015", "factions": ["Federation", "klingon"]}],
        "ships": [{"ship": "S273", "captain": "Cap504", "admiral": None, "upgrades": [], "blind_booster": False}],
    }
    parsed, _, _ = parse_fleet(data, utopia)
    assert parsed.option("R015") == ResourceOption("R015", ("federation", "klingon"))
    assert fleet_to_dict(parsed)["resources"] == [{"id": "R015", "factions": ["federation", "klingon"]}]
    assert parse_fleet(fleet_to_dict(parsed), utopia)[0] == parsed


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"id": "R015", "factions": ["federation", "vogon"]}, "unknown faction 'vogon'"),
        ({"id": "R015", "factions": ["federation"]}, "needs 2 different factions"),
        ({"id": "R015", "colour": "red"}, "unknown option(s) colour"),
        ({"id": "R020", "factions": ["federation", "klingon"]}, "takes no 'factions' option"),
    ],
)
def test_bad_resource_options_are_refused_in_one_line(utopia, entry, words):
    data = {"resources": [entry], "ships": [{"ship": "S273", "captain": "Cap049"}]}
    with pytest.raises(FleetFileError) as caught:
        parse_fleet(data, utopia)
    assert words in caught.value.message and "\n" not in caught.value.message


# ---------------------------------------------------------------------------------------- one verdict


def test_spacedock_flagship_cost_sits_on_its_ship(spacedock):
    """Space Dock prints the flagship cards at 0 SP and the Flagship resource (4004) at 10 SP: the purchase
    sits on the flagship's ship, as with Utopia's file, and the resource line keeps 0."""
    report = validate_fleet(fleet(ship("1003", "2006", "6001"), resources=("4004",)), spacedock, W16)
    assert cost_of(report, "6001") == 10
    assert report.ships[0].cost == 30 + 4 + 10 and report.resources[0].cost == 0


def test_utopia_flagship_cost_sits_on_its_ship(utopia):
    report = validate_fleet(fleet(ship("S359", "Cap015", "R004a"), resources=("R004",)), utopia, W16)
    assert cost_of(report, "R004a") == 10 and report.resources[0].cost == 0


def test_lore_fields_talents_regardless_of_faction_restriction(utopia):
    """Cap711 Lore: "You may assign any [talent] Upgrade to your ship, regardless of Faction restriction";
    E111 Klingon Honor is "only … for a Klingon Captain"."""
    assert not restricted(check(utopia, ship("S269", "Cap711", "E111"), *FILLER), "E111")
    assert restricted(check(utopia, ship("S269", "Cap645", "E111"), *FILLER), "E111")


def test_elim_garak_fields_a_talent_of_his_own(utopia):
    """C109 Elim Garak ("talents": 1 in Utopia's file) adds a [talent] slot; its penalty is waived."""
    report = check(utopia, ship("S269", "Cap053", "C109", "E111"), *FILLER)
    assert "SLOT_OVERFLOW" not in [v.code for v in report.violations]
    assert cost_of(report, "C109") == 4


def test_fleet_captain_free_talent_as_stated_or_as_a_player_would_choose(utopia):
    """R010 point 5: forgo the bonus [talent] slot and equip 1 of the captain's own talents for free. A choice the
    fleet states is kept (false: the bonus slot, the talent paid); left open, the talent that fits the captain's own
    slot is taken free, as any player would."""
    captain_ship = ship("S273", "Cap049", "R010f", "E196a")  # Independent (Federation): a bonus [talent] slot
    stated = [
        cost_of(check(utopia, captain_ship, *FILLER, resources=("R010",), options=options), "E196a")
        for options in ((ResourceOption("R010", free_talent=False),), (ResourceOption("R010", free_talent=True),), ())
    ]
    assert stated == [3, 0, 0]


def test_spacedock_slot_text_adds_a_slot(spacedock):
    """Space Dock's Ability "Add 1 [TECH] Upgrade to your Upgrade Bar" adds a slot even without a Special code."""
    assert spacedock.get("jean_luc_picard_b_71531").grants_slots == ("tech",)  # "Add 1 [TECH] Upgrade to your …"
    assert spacedock.get("jean_luc_picard_c_71531").grants_slots == ("weapon",)


# ------------------------------------------------------------------- found by the cross-source check


def test_my_only_be_purchased_misprint_is_read(utopia, spacedock):
    """T111 Evasive Attack Route: "This Upgrade my only be purchased for a Cardassian ATR-4107."; Space Dock's
    Gareb: "… and my only be purchased for a Romulan Drone Ship."""
    assert ("ship_is", "cardassian atr 4107") in [(r.code, r.value) for r in utopia.get("T111").restrictions]
    assert ("ship_is", "romulan drone") in [(r.code, r.value) for r in spacedock.get("gareb_71536").restrictions]


def test_space_dock_vulcan_logic_misprint_names_a_vulcan_ship(spacedock):
    """Space Dock: "… for a Vulcan Captain on assigned to a Vulcan ship"."""
    values = {r.value for r in spacedock.get("vulcan_logic_71646e").restrictions if r.code == "ship_is"}
    assert values == {"vulcan"}


def test_space_dock_khan_singh_waives_talents_only(spacedock):
    """Space Dock 2009: "You do not pay a Faction penalty when assigning Khan or any Talent Upgrade"."""
    waived = {r.value for r in spacedock.get("2009").restrictions if r.code == "waive_penalty"}
    assert waived == {"self", "kinds=talent"}


def test_fluidic_space_is_priced_off_species_8472_not_refused(spacedock):
    """Space Dock's code OnlySpecies8472Ship against the text "costs +5 SP if purchased for a non-Species 8472
    ship": the text wins."""
    report = check(spacedock, ship("1001", "2001", "fluidic_space_72012"))
    assert not restricted(report, "fluidic_space_72012")
    assert cost_of(report, "fluidic_space_72012") == 6 + 1 + 5


def test_lore_frees_space_dock_faction_codes(spacedock):
    """The Day Is Ours! carries OnlyKlingonCaptainShip as well as its text; Lore frees both."""
    assert not restricted(
        check(spacedock, ship("1001", "lore_71522", "the_day_is_ours__72015")), "the_day_is_ours__72015"
    )


def test_one_per_ship_counts_every_printing_of_the_name(utopia):
    """Aft Weapons Array (W029): "… no ship may be equipped with more than one "Aft Weapons Array" Upgrade."
    The other printing (W041) does not repeat the sentence, but it is an "Aft Weapons Array" Upgrade too."""
    assert 'no ship may be equipped with more than one "Aft Weapons Array" Upgrade' in utopia.get("W029").text
    assert utopia.get("W041").name == utopia.get("W029").name
    report = validate_fleet(fleet(ship("S221", None, "W041", "W029")), utopia, "wizkids-2016")
    assert [v.card for v in report.violations if v.code == "CARD_RESTRICTION"] == ["W029"]
    alone = validate_fleet(fleet(ship("S221", None, "W029")), utopia, "wizkids-2016")
    assert not [v for v in alone.violations if v.code == "CARD_RESTRICTION"]


INTERCEPTOR = ship("S023", "Cap206")  # Hull Value 3; The Doctor, Captain Skill 2


def test_captains_chair_needs_a_captain_of_skill_5_or_more_not_a_ship_named_so(utopia):
    """Captain's Chair (R039a on a ship): "This card can only be assigned to a ship that has a Captain with a printed
    Captain Skill of 5 or higher." It names no ship: Picard (skill 9) may sit in it, The Doctor (skill 2) may not."""
    assert "ship that has a Captain with a printed Captain Skill of 5 or higher" in utopia.get("R039a").text
    picard = check(utopia, ship("S273", "Cap049", "R039a"), *FILLER, resources=("R039",))
    doctor = check(utopia, ship("S023", "Cap206", "R039a"), *FILLER, resources=("R039",))
    assert not restricted(picard, "R039a")
    assert "captain skill of 5 or more (this one has 2)" in restricted(doctor, "R039a")[0]


def test_front_line_retrofit_and_sick_bay_on_a_ship_need_its_hull(utopia):
    """The cards of Front Line Retrofit and Sick Bay on a ship: "Ship must have a hull of Hull 3 or less" (Rs40),
    "Ship must have a hull of Hull 4 or more" (R042a)."""
    assert "Ship must have a hull of Hull 3 or less" in utopia.get("Rs40").text
    assert "Ship must have a hull of Hull 4 or more" in utopia.get("R042a").text
    assert restricted(check(utopia, ship("S273", "Cap049", "Rs40"), *FILLER, resources=("R040",)), "Rs40")
    assert not restricted(check(utopia, ship("S023", "Cap206", "Rs40"), *FILLER, resources=("R040",)), "Rs40")
    assert restricted(check(utopia, ship("S023", "Cap206", "R042a"), *FILLER, resources=("R042",)), "R042a")
    assert not restricted(check(utopia, ship("S273", "Cap049", "R042a"), *FILLER, resources=("R042",)), "R042a")


@pytest.mark.parametrize(
    ("resource", "words", "no_ship", "a_ship"),
    [
        ("R039", "a ship that has a Captain with a printed Captain skill of 5 or higher", (INTERCEPTOR,), (GALAXY,)),
        ("R040", "a ship that has a printed Hull Value of 3 or less", (GALAXY, *FILLER), (INTERCEPTOR, *FILLER)),
        ("R042", "one of your ships that has a Hull Value of 4 or more", (INTERCEPTOR,), (INTERCEPTOR, GALAXY)),
    ],
)
def test_a_resource_no_ship_can_take_is_refused_and_priced_as_printed(utopia, resource, words, no_ship, a_ship):
    """Captain's Chair, Front Line Retrofit, Sick Bay: "This card can only be assigned to …". Bought for a fleet in
    which no ship can take it, the resource breaks its own restriction; it still costs what it prints. With one
    ship that can take it, the fleet file need not say which ship holds it."""
    assert words in utopia.get(resource).text
    alone = check(utopia, *no_ship, resources=(resource,))
    assert restricted(alone, resource) == [v.message for v in alone.violations if v.card == resource]
    assert "no ship in the fleet can take it" in restricted(alone, resource)[0]
    assert alone.resources[0].cost == utopia.get(resource).cost
    assert not restricted(check(utopia, *a_ship, resources=(resource,)), resource)


def test_standby_battle_stations_needs_the_battlestations_icon_on_the_action_bar(utopia, spacedock):
    """Standby Battle Stations (E145): "This card may only be purchased for a ship that has the [battlestations] icon
    on its Action Bar." Read as a ship named "that has the battlestations icon", it was refused on every ship; the
    Action Bar is in both databases' ship records. The Galaxy Class has the icon, the Romulan Scout Vessel not."""
    assert "a ship that has the [battlestations] icon on its Action Bar" in utopia.get("E145").text
    galaxy = check(utopia, ship("S273", "Cap049", "E145"), *FILLER)
    scout = check(utopia, ship("S277", "Cap049", "E145"), *FILLER)
    assert not restricted(galaxy, "E145")
    assert "Action Bar has no [battlestations]" in restricted(scout, "E145")[0]
    card = spacedock.get("standby_battle_stations_72316p")
    assert "a ship that has the [BATTLESTATIONS] icon on its Action Bar" in card.text
    enterprise = check(spacedock, ship("1001", None, card.id))  # U.S.S. Enterprise-D: [battlestations] on its bar
    assert not restricted(enterprise, card.id)


@pytest.mark.parametrize("source", ["utopia", "spacedock"])
def test_a_ships_text_adds_icons_to_its_action_bar_while_its_condition_holds(request, source):
    """H.M.S. Bounty (S242): "If there are only Federation cards assigned to this ship, add the [scan] and
    [battlestations] icons to the Action Bar." Under Picard, a Federation Captain, the icons are on its bar and
    Standby Battle Stations (E145) may be bought for it; under a Klingon Captain they are not, and the card is
    refused, saying why. A Captain of two factions, one Federation (Chakotay Cap024), is a Federation card. A
    resource card on the ship does not count: Captain's Chair is Independent in Space Dock's file, of every
    faction in Utopia's, and the verdict is the same with either."""
    catalog = request.getfixturevalue(source)
    bounty, federation_captains, klingon, standby, chair = {
        "utopia": ("S242", ("Cap049", "Cap024"), "Cap102", "E145", ("R039", "R039a")),
        "spacedock": (
            "h_m_s_bounty_72319p",
            ("2001",),
            "2005",
            "standby_battle_stations_72316p",
            ("captains_chair_72936r", "captains_chair_r_72936r"),
        ),
    }[source]
    assert "add the [scan] and [battlestations] icons to the action bar" in catalog.get(bounty).text.lower()
    assert set(catalog.get(federation_captains[-1]).factions) >= {"federation"}
    filler = FILLER if source == "utopia" else ()
    for federation in federation_captains:
        assert not restricted(check(catalog, ship(bounty, federation, standby), *filler), standby)
    seated = check(catalog, ship(bounty, federation_captains[0], standby, chair[1]), *filler, resources=chair[:1])
    assert not restricted(seated, standby)
    refused = restricted(check(catalog, ship(bounty, klingon, standby), *filler), standby)
    assert "Action Bar has no [battlestations]" in refused[0]
    assert 'adds it only "If there are only Federation cards assigned to this ship' in refused[0]


@pytest.mark.parametrize("card_id", ["T108", "T109", "T110"])
def test_the_denorios_pack_upgrades_fit_the_bajoran_solar_sailor(utopia, card_id):
    """Solar Sail Powered (T108) "This upgrade may only be purchased for a Bajoran Lightship", Mainsails (T109),
    Tachyon Eddies (T110): Utopia files their pack's ships (the Denorios S218, S217) as the "Bajoran Solar Sailor",
    Space Dock as the "Bajoran Lightship". They fit it, and no other ship."""
    words = " ".join(plain_text(utopia.get(card_id).text).split()).lower()
    assert "only be purchased for a bajoran lightship" in words
    assert utopia.get("S218").ship_class == "BAJORAN SOLAR SAILOR"
    assert not restricted(check(utopia, ship("S218", "Cap206", card_id), *FILLER), card_id)
    assert restricted(check(utopia, ship("S023", "Cap206", card_id), *FILLER), card_id)


@pytest.mark.parametrize(
    ("source", "holder", "sentence"),
    [
        ("utopia", "C114", "place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath this card"),
        ("utopia", "C330", "Place 1 [crew] Upgrade with a printed cost of 4 SP or less face down beneath this card"),
        ("utopia", "T001", "place 2 non-Borg [crew] Upgrades with a cost of 5 or less face down beneath this card"),
        ("utopia", "W215", "Place a Torpedo [weapon] Upgrade with a printed SP cost of 5 or less face down beneath"),
        ("spacedock", "quark_71786", "place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath"),
    ],
)
def test_cards_set_face_down_at_setup_are_noted_on_every_report(request, source, holder, sentence):
    """Quark (C114) "At the start of the game, place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down
    beneath this card": the card beneath is part of the fleet as built (2016 FAQ, Deep Space 9 – Quark: "You do not
    pay for Quark's Upgrade", its penalties paid), but the fleet file does not say which card it is. Its price,
    slot and limits are not applied, so every report of a fleet holding the card says so instead of passing it in
    silence; likewise Leonard McCoy, Cryogenic Stasis and Experimental Torpedo Bay. A card set beneath another during
    play (Katric Ark T264 "Place that [crew] Upgrade beneath this card") changes nothing when the fleet is built."""
    catalog = request.getfixturevalue(source)
    ship_id = next(c.id for c in catalog.cards.values() if c.kind == "ship")
    report = validate_fleet(fleet(ship(ship_id, None, holder)), catalog, W16)
    assert [u.card for u in report.unapplied] == [holder]
    assert sentence in report.unapplied[0].sentence
    if source == "utopia":
        assert not validate_fleet(fleet(ship(ship_id, None, "T264")), catalog, W16).unapplied


def test_it_wont_be_installed_until_tuesday_takes_2_sp_off_one_tech_one_weapon_and_one_crew(utopia):
    """E237: "This Upgrade may be equipped to a Captain without requiring an [talent] Upgrade slot. GATHER FORCES
    STEP: Select 1 [tech] Upgrade, 1 [weapon] Upgrade, and/or 1 [crew] Upgrade equipped to this ship. The selected
    Upgrades cost -2 SP each." The selection is made while the fleet is built, so each type's card is the one it
    saves most on; Geordi La Forge (no [talent] icon) fields it without a slot."""
    tuesday = ship("S273", "Cap053", "E237", "T259", "W202", "C462", "C469")
    report = check(utopia, tuesday, *FILLER)
    costs = {c.id: c.cost for c in report.ships[0].cards}
    assert (costs["T259"], costs["W202"], costs["C462"] + costs["C469"]) == (4 - 2, 6 - 2, 3 + 3 - 2)
    words = {a.words for c in report.ships[0].cards for a in c.adjustments if a.source == "E237"}
    assert words == {"The selected Upgrades cost -2 SP each."}
    assert not [v for v in report.violations if v.ship == 0]
    assert "E237" not in {u.card for u in report.unapplied}


def test_an_upgrade_that_requires_no_upgrade_slot_takes_none(spacedock, utopia):
    """Delta Shift (Space Dock files it as a [crew], a [tech], a [weapon] and a [talent]): "This Upgrade may be
    assigned to any ship without requiring an Upgrade slot" — the Enterprise-D's three [crew] slots full, it still
    fits, while a fourth [crew] does not. Utopia files the card as a [?] Upgrade, which needs no slot either."""
    fits = validate_fleet(fleet(ship("1001", "2001", "3002", "3003", "3004", "delta_shift_c_72320p")), spacedock, W16)
    assert not [v for v in fits.violations if v.code == "SLOT_OVERFLOW"]
    over = validate_fleet(fleet(ship("1001", "2001", "3002", "3003", "3004", "3005")), spacedock, W16)
    assert [v.card for v in over.violations if v.code == "SLOT_OVERFLOW"] == ["3005"]
    assert utopia.get("Q009").name == "Delta Shift" and utopia.get("Q009").upgrade_type == "question"


def test_a_card_that_names_another_card_gives_it_a_place_and_a_price(utopia):
    """One named card on the ship of the card that names it:
    - Guingouin (S313): "You may equip the Inertial Compensators Upgrade to this ship for free and without requiring
      an Upgrade Slot" — its [tech] slot full, Inertial Compensators (T182) still fits, at 0 SP;
    - Lovok (Cap307, no [talent] icon): "Lovok may field the "Tal Shiar" [talent] Upgrade" — Tal Shiar (E177) fits,
      a second [talent] does not;
    - Kurn (Cap410): "Kurn may field the "Mauk-to'Vor" [talent] Upgrade at a cost of 3 SP" (E039, 5 SP);
    - Kohlar (Cap333): "You may field the "Kuvah'Magh" [talent] Upgrade at a cost of -2" (E157, 5 SP);
    - I.K.S. K'Tanco (S336): "You may equip a Klingon [tech] Upgrade with a printed cost of 4 SP or less to this
      ship for free" — its bar has no [tech]: the sentence gives it one, and the card costs 0;
    - Porthos (C447): "This card may be equipped to a ship with 'Jonathan Archer' equipped without requiring an
      Upgrade Slot";
    - Gint (Cap223, no [talent] icon): "You may only equip the "Grand Nagus" and "Rules of Acquisition" [talent]
      Upgrades to this Captain" — both fit (the second is titled The Rules Of Acquisition, E181), Acquisition does not.
    Each sentence had been noted "check by hand", or was silent."""
    report = check(
        utopia,
        ship("S313", None, "T259", "T182"),
        ship("S360", "Cap307", "E177"),
        ship("S012", "Cap410", "E039"),
        ship("S012", "Cap333", "E157"),
        ship("S273", "Cap039", "C462", "C469", "C464", "C447"),
    )
    costs = {(s.index, c.id): c.cost for s in report.ships for c in s.cards}
    assert (costs[(0, "T182")], costs[(2, "E039")], costs[(3, "E157")]) == (0, 3, 5 - 2)
    assert not [v for v in report.violations if v.code == "SLOT_OVERFLOW"], report.violations
    assert not [u for u in report.unapplied if u.card in ("S313", "Cap307", "Cap410", "Cap333", "C447")]
    second = check(utopia, ship("S360", "Cap307", "E177", "E034"), *FILLER)
    assert [v.card for v in second.violations if v.code == "SLOT_OVERFLOW"] == ["E034"]
    gint = check(utopia, ship("S293", "Cap223", "E183", "E181", "E024"), *FILLER)
    assert [v.card for v in gint.violations if v.code == "SLOT_OVERFLOW"] == ["E024"]
    ktanco = check(utopia, ship("S336", None, "T284"), *FILLER)
    assert [c.cost for c in ktanco.ships[0].cards if c.id == "T284"] == [0]
    assert not [v for v in ktanco.violations if v.code == "SLOT_OVERFLOW"]


@pytest.mark.parametrize(
    ("database", "sakharov", "third"),
    [("utopia", "S051", "C466"), ("utopia", "S051", "T272"), ("spacedock", "sakharov_c_71997p", "worf_72015")],
)
def test_sakharov_buys_one_additional_upgrade_at_2_sp_less(database, sakharov, third, request):
    """Sakharov (S051): "At the start of the game, during the Gather Forces Step, you may purchase 1 additional
    [crew] or [tech] Upgrade for this ship. This Upgrade may exceed the ship's restrictions and cost -2 SP (min 0)."
    Utopia's record lists the printed bar ([tech], [crew]), so the additional slot comes from the text; Space Dock
    files one record per choice with the slot on its bar. Either way a third card fits, and one of them costs 2 SP
    less, quoted. The sentence had been taken for an in-game rule and left silent."""
    catalog = request.getfixturevalue(database)
    crew = "C266" if database == "utopia" else "natasha_yar_72224p"
    report = validate_fleet(fleet(ship(sakharov, None, crew, third)), catalog, W16)
    assert not [v for v in report.violations if v.code == "SLOT_OVERFLOW"]
    steps = [a for c in report.ships[0].cards for a in c.adjustments if a.source == sakharov]
    assert [(a.amount, a.words) for a in steps] == [
        (-2, "This Upgrade may exceed the ship's restrictions and cost -2 SP (min 0).")
    ]
    coverage = [line for line in restriction_coverage(catalog) if line.card_id == sakharov]
    assert coverage and all(line.modelled for line in coverage)


def test_the_card_in_a_slot_a_card_adds_costs_less_as_its_text_says(utopia, spacedock):
    """Tuvok (Cap507): "Add 1 [tech] Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP." Thalen (E161):
    "Add 1 [weapon] Upgrade slot to your Upgrade bar. If the additional [weapon] Upgrade is a Xindi [weapon]
    Upgrade, its cost is -2 SP." Weyoun (Cap717): "Add up to 2 additional [crew] Upgrade slots to you ship's Upgrade
    Bar. The cost of these Upgrades is -1 SP each if they are Dominion [crew] Upgrades." Which card the player puts
    in the added slot is his choice, so it is the one the reduction saves most on; Weyoun's reaches two Dominion
    [crew], not a third."""
    tuvok = check(utopia, ship("S273", "Cap507", "T259", "T149"), *FILLER).ships[0]
    assert sorted(c.cost for c in tuvok.cards if c.id in ("T259", "T149")) == [3, 4]
    weyoun = check(utopia, ship("S333", "Cap717", "C300", "C300", "C300", "E018"), *FILLER).ships[0]
    assert [c.cost for c in weyoun.cards if c.id == "C300"] == [2, 2, 3]
    assert [c.cost for c in weyoun.cards if c.id == "E018"] == [6]  # a [talent], Federation: no discount, +1
    thalen = {c.id: c for c in spacedock.cards.values() if c.name == "Thalen"}
    assert {r.code for card in thalen.values() for r in card.restrictions} >= {"reduce_added"}
    xindi = check(utopia, ship("S257", "Cap049", "E161", "W135", "W184"), *FILLER).ships[0]
    costs = {c.id: c.cost for c in xindi.cards}
    assert (costs["W135"], costs["W184"]) == (4 - 2, 2 + 1)  # the Xindi Rotating Emitters; Ferengi Weapon Ports not
