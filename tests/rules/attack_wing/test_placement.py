"""Where each card of a ship sits, and the set-up choices a fleet leaves open, decided together for the whole ship.

Each slot holds one card: the reductions of the slots other cards add (Sakharov S051's additional purchase, Tuvok
Cap507, Weyoun Cap717, Thalen E161) and the Fleet Captain's free [talent] (R010 point 5) reach only the cards a
legal placement seats there, and of the legal placements the cheapest is the one a player takes
(docs/attack-wing-rules.md, Costs: "Placement").
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.attack_wing import Fleet, FleetShip, fleet_to_dict, parse_fleet, report_to_dict, validate_fleet
from rules.attack_wing.costs import SeatReduction, cost_ship, fleet_discounts, reaches
from rules.attack_wing.engine import resolve
from rules.attack_wing.fleet import ResourceOption
from rules.attack_wing.index import index_for
from rules.attack_wing.placement import slot_bar, slotted_positions

W16 = "wizkids-2016"


def one_ship(ship_id, captain, *upgrades, resources=(), options=()):
    ships = (FleetShip(ship=ship_id, captain=captain, upgrades=tuple(upgrades)),)
    return Fleet(ships=ships, resources=tuple(resources), resource_options=tuple(options))


def priced(catalog, fleet):
    report = validate_fleet(fleet, catalog, W16)
    return report, {c.id: c for c in report.ships[0].cards}


def overflows(report):
    return [v for v in report.violations if v.code == "SLOT_OVERFLOW"]


def test_two_added_slot_reductions_do_not_land_on_one_card(utopia):
    """Sakharov (S051) "… 1 additional [crew] or [tech] Upgrade … cost -2 SP (min 0)" and Tuvok (Cap507) "Add 1
    [tech] Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP" with one [tech], Navigational Station T105
    (4 SP): it sits in one slot, so it takes one of the two reductions, the larger: 2 SP, not 1."""
    report, cards = priced(utopia, one_ship("S051", "Cap507", "T105"))
    assert cards["T105"].cost == 2
    assert [a.source for a in cards["T105"].adjustments] == ["S051"]
    assert cards["T105"].placed == "the [crew] or [tech] slot Sakharov (S051) adds"
    assert report.ships[0].cost == 14 + 3 + 2 and not overflows(report)
    [line] = [c for c in report_to_dict(report)["ships"][0]["cards"] if c["id"] == "T105"]
    assert line["placed"] == "the [crew] or [tech] slot Sakharov (S051) adds"  # the API and --json say so too


def test_the_additional_purchase_is_a_card_that_needs_the_additional_slot(utopia):
    """Sakharov (S051) with Navigational Station T105 and two [crew] (Alyssa Ogawa C473, Sonak C456, 1 SP each) on
    a bar of one [tech] and one [crew]: the second [crew] can only be the additional purchase, so the 2 SP come off
    a 1 SP [crew] (min 0: it saves 1), not off T105, which must sit in the printed [tech] slot. 19 SP, not 18."""
    report, cards = priced(utopia, one_ship("S051", None, "T105", "C473", "C456"))
    assert (cards["T105"].cost, cards["T105"].placed) == (4, "a [tech] slot of the printed Upgrade Bar")
    assert sorted(cards[c].cost for c in ("C473", "C456")) == [0, 1]
    assert report.ships[0].cost == 19 and not overflows(report)


def test_the_fleet_captain_choice_left_open_is_made_as_a_player_would(utopia):
    """A Dominion Fleet Captain (R010b) on Gul Dukat (Cap721, one [talent] icon) with Engage (E132, Federation,
    3 SP) in his own slot: point 5 lets him forgo the bonus slot and take that talent free, its faction penalty
    paid (1 SP), as Space Dock prices its test squad "fleet captain free talent". The fleet states no choice."""
    report, cards = priced(utopia, one_ship("S120", "Cap721", "R010b", "E132", resources=("R010",)))
    assert cards["E132"].cost == 1 and report.ships[0].cost == 34 + 5 + 5 + 1
    assert cards["R010b"].placed.startswith("Point 5: the bonus [talent] slot is forgone")
    assert "leaves it open" in cards["R010b"].placed


def test_a_fleet_captain_choice_the_fleet_states_is_kept(utopia):
    stated = ResourceOption("R010", free_talent=False)
    report, cards = priced(utopia, one_ship("S120", "Cap721", "R010b", "E132", resources=("R010",), options=[stated]))
    assert cards["E132"].cost == 4 and "as the fleet states" in cards["R010b"].placed


def test_the_free_talent_is_not_taken_when_the_talents_need_the_bonus_slot(utopia):
    """Two talents for Gul Dukat's one icon: the bonus slot is needed, so both are paid and the fleet is legal."""
    report, cards = priced(utopia, one_ship("S120", "Cap721", "R010b", "E132", "E018", resources=("R010",)))
    assert not overflows(report) and cards["E132"].cost == 4
    assert cards["R010b"].placed.startswith("Point 5: the bonus [talent] slot is taken")


def test_duras_prices_only_the_talents_equipped_to_him(utopia):
    """Duras (Cap656): "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP." With an
    admiral (Gowron A027, one [talent] icon) two Klingon talents of 5 SP sit one in each slot: one is Duras's, 3 SP,
    the other 5 SP (both had been 3). A 2 SP Klingon talent goes in the admiral's slot and stays 2 SP; alone with
    Duras it sits in his slot and costs 3."""
    two = priced(utopia, Fleet(ships=(FleetShip("S348", "Cap656", "A027", ("E121", "E117")),)))[1]
    assert sorted((two["E121"].cost, two["E117"].cost)) == [3, 5]
    cheap = priced(utopia, Fleet(ships=(FleetShip("S348", "Cap656", "A027", ("E096",)),)))[1]
    assert (cheap["E096"].cost, cheap["E096"].placed) == (2, "a [talent] slot of Gowron (A027)")
    alone = priced(utopia, one_ship("S348", "Cap656", "E096"))[1]
    assert (alone["E096"].cost, alone["E096"].placed) == (3, "a [talent] slot of Duras (Cap656)")


def test_nijil_s_slot_takes_only_a_romulan_tech_at_1_sp_less_never_below_1(utopia):
    """Nijil (C235): "Add 1 [tech] Upgrade to your Upgrade Bar. That Upgrade costs -1 SP (min 1) and must be a
    Romulan [tech] Upgrade." On the I.R.W. Valdore (one printed [tech]): a 2 SP Romulan [tech] (T291) costs 1, a
    5 SP one (T005) 4; two Federation [tech] do not fit, the added slot takes none of them."""
    valdore = ("S360", None, "C235")
    assert priced(utopia, one_ship(*valdore, "T291"))[1]["T291"].cost == 1
    assert priced(utopia, one_ship(*valdore, "T005"))[1]["T005"].cost == 4
    report, _cards = priced(utopia, one_ship(*valdore, "T220", "T226"))
    assert [v.card for v in overflows(report)] == ["T226"]
    assert not [u for u in report.unapplied if u.card == "C235"]  # no longer noted "check by hand"


def test_b_elanna_s_borg_slot_takes_1_sp_off_per_printed_slot_left_unused(utopia):
    """B'Elanna Torres (C357): "Add 1 [borg] to this ship's Upgrade Bar. The [borg] Upgrade equipped to this ship
    using that [borg] Upgrade Slot cost -1SP for each unused Upgrade Slot on that ship's printed Upgrade Bar." The
    Federation Starship S273 prints [tech], [weapon], [crew], [crew]; B'Elanna fills one [crew]. Assimilation
    Tubules (B021, 3 SP, Borg) in her slot: 3 slots unused, 3 - 3 = 0, +1 faction penalty on a Federation ship;
    with Subspace Field (T259) and Quantum Torpedoes (W202) aboard 1 slot is unused: 3 - 1 + 1. Distribution Nodes
    (B019, 1 SP) goes no lower than 0 before its penalty."""
    report, cards = priced(utopia, one_ship("S273", "Cap049", "C357", "B021"))
    assert cards["B021"].cost == 3 - 3 + 1
    assert not [u for u in report.unapplied if u.card == "C357"]  # no longer noted "check by hand"
    assert any("for each unused Upgrade Slot" in a.words for a in cards["B021"].adjustments)
    assert priced(utopia, one_ship("S273", "Cap049", "C357", "B021", "T259", "W202"))[1]["B021"].cost == 3 - 1 + 1
    assert priced(utopia, one_ship("S273", "Cap049", "C357", "B019"))[1]["B019"].cost == 0 + 1


def test_a_card_that_fits_an_added_slot_leaves_a_printed_slot_unused_for_b_elanna(utopia):
    """B'Elanna Torres C154 "Add 1 additional [weapon] icon and 1 additional [tech] icon": Subspace Field (T259) sits
    in her added [tech], not the printed one, as a player seats it, so beside the two B'Elannas in the printed
    [crew] slots the [tech] and [weapon] stay unused and Assimilation Tubules costs 3 - 2 + 1 (its penalty)."""
    cards = priced(utopia, one_ship("S273", "Cap049", "C357", "C154", "B021", "T259"))[1]
    assert cards["B021"].cost == 3 - 2 + 1
    assert "C154" in cards["T259"].placed


def test_balance_of_terror_s_slot_takes_a_card_of_the_ship_s_faction_of_5_sp_or_less_at_exactly_3(utopia):
    """Balance of Terror (W027, C035): "This card adds an extra [weapon] slot … The chosen Upgrade will be placed face
    down below your ship card for a cost of exactly 3 SP. The Upgrade must be of the same faction as the ship and
    have an SP cost of 5 or less." On S273 (one printed [weapon], which Balance of Terror itself fills): Photon
    Torpedoes W224 (2 SP) sits in its slot and costs 3, Gravimetric Torpedoes W241 (4 SP) 3; Quantum Torpedoes
    W202 (6 SP) and a Klingon Photon Torpedoes (W230) may not sit there, so they have no slot. On the Akira S341
    (three printed [weapon]) W224 takes a printed slot at 2: the slot is the player's choice, left empty. Of two
    Federation [crew] beside C035 on S273, Data (C272, 5 SP) is the one chosen: 3 SP."""
    cards = priced(utopia, one_ship("S273", "Cap049", "W027", "W224"))[1]
    assert (cards["W224"].cost, cards["W027"].cost) == (3, 3)
    assert "Balance of Terror" in cards["W224"].placed
    assert priced(utopia, one_ship("S273", "Cap049", "W027", "W241"))[1]["W241"].cost == 3
    for refused in ("W202", "W230"):
        report, _cards = priced(utopia, one_ship("S273", "Cap049", "W027", refused))
        assert [v.card for v in overflows(report)] == [refused]
    assert priced(utopia, one_ship("S341", "Cap051", "W027", "W224"))[1]["W224"].cost == 2
    report, cards = priced(utopia, one_ship("S273", "Cap049", "C035", "C462", "C272"))
    assert (cards["C462"].cost, cards["C272"].cost) == (3, 3)
    assert not overflows(report) and not [u for u in report.unapplied if u.card == "C035"]


def test_prometheus_with_the_federation_prototype_takes_2_sp_off_its_class_restricted_upgrades(utopia):
    """U.S.S. Prometheus (S362): "If this ship is equipped with the 'Federation Prototype' [hook], Prometheus Class
    Restricted Upgrades equipped to this ship cost -2 SP". The Prometheus Class Restricted Upgrades are those whose
    text says "This Upgrade may only be purchased for a Prometheus Class ship": Ablative Hull Armor (T047, 7 SP) and
    Multi-Vector Assault Mode (W030, 8 SP) cost 5 and 6 beside Federation Prototype (Con001), 7 and 8 without it;
    Quantum Torpedoes (W202) stays 6. Federation Prototype fits "a [unique] ship whose name (ignoring registry
    number) listed after 'U.S.S.' is the same as the ship class": the Prometheus, not a Federation Starship."""
    report, cards = priced(utopia, one_ship("S362", "Cap049", "Con001", "T047", "W030", "W202"))
    assert (cards["T047"].cost, cards["W030"].cost, cards["W202"].cost) == (7 - 2, 8 - 2, 6)
    assert not [v for v in report.violations if v.ship == 0 and v.code != "SHIP_OVER_LIMIT"]
    assert not [u for u in report.unapplied if u.card == "S362"]
    cards = priced(utopia, one_ship("S362", "Cap049", "T047", "W030"))[1]
    assert (cards["T047"].cost, cards["W030"].cost) == (7, 8)
    generic = priced(utopia, one_ship("S273", "Cap049", "Con001"))[0]
    assert [v.card for v in generic.violations if v.code == "CARD_RESTRICTION"] == ["Con001"]


def test_iden_costs_1_sp_less_for_each_independent_question_upgrade(utopia):
    """Iden (Cap037): "This card costs -1 SP for each Independent Faction [?] Upgrade equipped to this ship" (the
    [?] Upgrades, Utopia's question type): two of them, Photonic Field Generator Q033 and Kejal Q032, take 2 SP off
    Iden's 10 (his faction penalty on a Xindi ship stays)."""
    report, cards = priced(utopia, one_ship("S257", "Cap037", "Q033", "Q032"))
    assert cards["Cap037"].cost == 10 - 2 + 1
    assert not [u for u in report.unapplied if u.card == "Cap037"]


def test_covert_mission_costs_1_sp_more_under_a_captain_with_no_talent_icon(utopia):
    """Covert Mission (E133): "If the Captain's card does not have an [talent] icon, this Upgrade costs +1 SP."
    Picard Cap049 has one, Cap053 none (on a Klingon ship, where its faction penalty is paid either way)."""
    with_icon = priced(utopia, one_ship("S269", "Cap049", "E133"))[1]["E133"].cost
    without = priced(utopia, one_ship("S269", "Cap053", "E133"))[1]["E133"].cost
    assert (with_icon, without) == (5 + 1, 5 + 1 + 1)


# ------------------------------------------------------------------ the placement against every placement

SHIPS = ("S051", "S120", "S273", "S257", "S333", "S348", "S360")  # Sakharov; Dominion, …, Klingon, Romulan ships
CAPTAINS = ("Cap507", "Cap717", "Cap721", "Cap656", "Cap049", None)  # Tuvok, Weyoun, Gul Dukat, Duras, a plain one
ADMIRALS = (None, None, "A027")  # Gowron: one more [talent] icon
# Thalen's [weapon], Nijil's Romulan [tech]; B'Elanna Torres's [borg], Balance of Terror's [weapon] and [crew]; the
# Fleet Captain's
SPECIALS = ("E161", "C235", "C357", "W027", "C035", "R010b", "R010f")


def _pool(catalog, kind, count):
    """A fixed spread of ``kind`` Upgrades: every printed cost, several factions (Dominion [crew], Xindi [weapon])."""
    cards = sorted(
        (c for c in catalog.cards.values() if c.kind == "upgrade" and c.upgrade_type == kind and not c.restrictions),
        key=lambda c: (c.cost, c.factions, c.id),
    )
    step = max(1, len(cards) // count)
    return [c.id for c in cards[::step]][:count]


@pytest.fixture(scope="module")
def pool(utopia):
    found = {kind: _pool(utopia, kind, 8) for kind in ("crew", "tech", "weapon", "talent")}
    found["crew"] += ["C300"]  # a Dominion [crew] for Weyoun's slots
    found["weapon"] += ["W135"]  # a Xindi [weapon] for Thalen's
    found["talent"] += ["E096", "E121"]  # Klingon talents of 2 and 5 SP for Duras
    found["tech"] += ["T291", "T005"]  # Romulan [tech] of 2 and 5 SP for Nijil
    found["borg"] = ["B019", "B021"]  # [borg] of 1 and 3 SP for B'Elanna's slot
    return [card for cards in found.values() for card in cards]


def brute_force(catalog, fleet):
    """Every placement of the ship's cards, one card per slot, for each Fleet Captain choice, priced: the cheapest
    legal ship cost, or None when no placement is legal."""
    (ship,), _chosen = resolve(fleet, index_for(catalog))
    fleet_wide = fleet_discounts([ship])
    cards = slotted_positions(ship)
    offset = len(ship.placed) - len(ship.attached)
    has_bonus = any(f.card.upgrade_type == "fleet-captain" for f in ship.attached)
    choices = (False, True) if has_bonus and ship.captain and ship.captain.card.talent_slots else (False,)
    best = None
    printed = len(ship.ship.card.slots)
    for choice in choices:
        bar = slot_bar(ship, free_talent=choice)
        seatings = set()
        for slots in permutations(range(len(bar)), len(cards)):
            if not all(_may_sit(ship, bar[s], c) for c, s in zip(cards, slots, strict=True)):
                continue
            unused = sum(1 for s in range(printed) if s not in slots)
            seated = []
            for card, s in zip(cards, slots, strict=True):
                slot, entry = bar[s], ship.placed[offset + card]
                if slot.exact and reaches(slot.exact[0], None, entry, ship, priced=True):
                    seated.append(SeatReduction(offset + card, slot.source.card, slot.exact[1], exact=True))
                if slot.reduce and reaches(slot.reduce[0], None, entry, ship, priced=True):
                    reach, amount = slot.reduce
                    if reach.per_unused:  # B'Elanna Torres: -1 SP for each unused printed slot
                        seated.append(SeatReduction(offset + card, slot.source.card, amount * unused, cited=amount))
                    else:
                        seated.append(SeatReduction(offset + card, slot.source.card, amount, floor=reach.floor))
            frees = [c for c, s in zip(cards, slots, strict=True) if choice and bar[s].own_talent]
            for free in frees or [None]:
                extra = () if free is None else (SeatReduction(offset + free, _fleet_captain(ship), None),)
                seatings.add(tuple(seated) + extra)
        for seated in seatings:
            total = sum(c.cost for c in cost_ship(ship, fleet_wide, seated=seated))
            best = total if best is None else min(best, total)
    return best


def _may_sit(ship, slot, card):
    """The card's type fits the slot, and a slot for one kind of card only ("… and must be a Romulan [tech]
    Upgrade", Nijil C235; Balance of Terror's "of the same faction as the ship and … 5 or less") takes no other."""
    if ship.attached[card].slot_type not in slot.types:
        return False
    entry = ship.placed[len(ship.placed) - len(ship.attached) + card]
    rules = [rule for rule in (slot.reduce, slot.exact) if rule and rule[0].only]
    return all(reaches(rule[0], None, entry, ship, priced=True) for rule in rules)


def _fleet_captain(ship):
    return next(f.card for f in ship.attached if f.card.upgrade_type == "fleet-captain")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_placement_is_the_cheapest_legal_placement(utopia, pool, data):
    """On random ships with cards that add reduced slots (and Duras's priced [talent] slot), the engine's ship cost
    is the cheapest of every legal placement found by brute force (never dearer, and never cheaper: no reduction
    reaches a card twice or a card that cannot sit in its slot); with no legal placement it reports the overflow."""
    ship_id = data.draw(st.sampled_from(SHIPS))
    captain = data.draw(st.sampled_from(CAPTAINS))
    admiral = data.draw(st.sampled_from(ADMIRALS))
    specials = data.draw(st.lists(st.sampled_from(SPECIALS), max_size=1))
    upgrades = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5 - len(specials)))
    resources = ("R010",) if any(s.startswith("R010") for s in specials) else ()
    ships = (FleetShip(ship=ship_id, captain=captain, admiral=admiral, upgrades=(*specials, *upgrades)),)
    fleet = Fleet(ships=ships, resources=resources)
    report = validate_fleet(fleet, utopia, W16)
    cheapest = brute_force(utopia, fleet)
    if cheapest is None:
        assert overflows(report)
    else:
        assert not overflows(report)
        assert report.ships[0].cost == cheapest


@pytest.mark.parametrize(("stated", "cost"), [(True, 1), (False, 4), (None, 1)])
def test_the_fleet_file_states_the_fleet_captain_choice_or_leaves_it_open(utopia, stated, cost):
    """``"free_talent": true`` or ``false`` is the player's stated choice and survives the round trip; left out,
    the fleet file leaves it open (docs/attack-wing-rules.md, Fleet file)."""
    resource = {"id": "R010"} if stated is None else {"id": "R010", "free_talent": stated}
    content = {"ships": [{"ship": "S120", "captain": "Cap721", "upgrades": ["R010b", "E132"]}], "resources": [resource]}
    fleet, _format, _date = parse_fleet(content, utopia)
    assert fleet_to_dict(fleet)["resources"] == ["R010" if stated is None else resource]
    assert priced(utopia, fleet)[1]["E132"].cost == cost
