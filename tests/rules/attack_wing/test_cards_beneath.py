"""Upgrades placed face down beneath another card at setup (Quark, Cryogenic Stasis, Leonard McCoy, Daimon Solok).

The 2016 FAQ (Deep Space 9 – Quark): "You do not pay for Quark's Upgrade" and "You must pay any penalties in the
card text and faction penalty when placing a card under Quark"; the 2014 FAQ (Deep Space 9 – Quark 13): "When
factoring cards to place under Quark, add the extra cost printed on the cards … and the +1 for Faction Penalty".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.attack_wing import FleetFileError, canonical_json, fleet_to_dict, parse_fleet, validate_fleet
from rules.attack_wing.card_text.reader import read_card_text
from rules.attack_wing.catalog import Restriction
from rules.attack_wing.fleet import CARD_RESTRICTION, DUPLICATE_UNIQUE, SLOT_OVERFLOW
from rules.attack_wing.interchange import import_fleet, muster_text, utopia_link, utopia_text
from tests.rules.attack_wing.conftest import AKIRA, GALAXY, fleet, ship

# Quark's Treasure (Ferengi, one [tech] slot, filled) under Zek, with Quark (C114) on it.
TREASURE = ship("S013", "Cap201", "C114", "T021")


def _codes(report):
    return [v.code for v in report.violations]


def _with_beneath(*pairs, base=TREASURE):
    return fleet(replace(base, beneath=tuple(pairs)), GALAXY, AKIRA)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "At the start of the game, place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath "
            "this card.",
            Restriction("places_beneath", "kinds=tech;not_factions=borg;max_cost=5", 1),
        ),
        (
            "SETUP: Place 2 GPLT on this card and place 2 [crew] Upgrades each with a printed cost of 3 SP or less "
            "face down beneath this card.",
            Restriction("places_beneath_printed", "kinds=crew;max_cost=3", 2),
        ),
        (
            "SETUP: Place 3 [klingon] [talent] Upgrades face down beneath this card.",
            Restriction("places_beneath", "kinds=talent;factions=klingon", 3),
        ),
        (
            "At the start of the game, place up to 3 Federation [tech] Upgrades, each 4 SP or less, face down under "
            "this card.",
            Restriction("places_beneath", "kinds=tech;factions=federation;max_cost=4", 3),
        ),
    ],
)
def test_the_setup_sentences_of_quark_solok_dna_encoded_message_and_wesley_crusher_are_read(text, expected):
    assert expected in read_card_text(text, "upgrade")


def test_experimental_torpedo_bay_places_a_torpedo_of_printed_cost_5_or_less(utopia):
    """Experimental Torpedo Bay (W215): "Place a Torpedo [weapon] Upgrade with a printed SP cost of 5 or less face
    down beneath this card": "Torpedo" is a word of the card's name. Photon Torpedoes (W224, 2 SP) may lie there,
    priced 0 as every card beneath (2016 FAQ, Quark); Type 8 Phaser Array (W249) and Quantum Torpedoes (W202,
    printed 6) may not; the sentence is no longer noted."""
    card = utopia.get("W215")
    assert Restriction("places_beneath_printed", "kinds=weapon;max_cost=5;name_word=torpedo", 1) in card.restrictions
    bay = ship("S273", "Cap049", "W215")
    report = validate_fleet(_with_beneath(("W215", "W224"), base=bay), utopia, "wizkids-2016")
    assert not [v for v in report.violations if v.card in ("W215", "W224")]
    assert [c.cost for c in report.ships[0].cards if c.id == "W224"] == [0]
    assert not [u for u in report.unapplied if u.card == "W215"]
    phaser = validate_fleet(_with_beneath(("W215", "W249"), base=bay), utopia, "wizkids-2016")
    assert any(v.card == "W249" and "Torpedo" in v.message for v in phaser.violations)
    dear = validate_fleet(_with_beneath(("W215", "W202"), base=bay), utopia, "wizkids-2016")
    assert any(v.card == "W202" and "printed cost is 6 SP" in v.message for v in dear.violations)


def test_shinzon_buys_up_to_4_romulan_talents_beside_him_for_4_sp_instead_of_his_own(utopia):
    """Shinzon (Cap903): "During the Gather Forces step of Setup, instead of purchasing an [talent] Upgrade as normal
    for Shinzon, you may spend 4 SP to place up to 4 Romulan [talent] Upgrades face down beside this card." On the
    Scimitar (S350): Independent (E230, 5), Fire Everything! (E212, 4), Suspicious (E229, 3) and Evasive (E226, 2)
    beside him cost 4 SP in all, "regardless of price" (2016 FAQ, Scimitar – Shinzon); his own [talent] slot then
    takes no card (Outflank E211 has no slot); a fifth card, or a [crew], is refused. With none beside him his
    [talent] slot is his as usual, and nothing is noted."""
    scimitar = ship("S350", "Cap903")
    four = (("Cap903", "E230"), ("Cap903", "E212"), ("Cap903", "E229"), ("Cap903", "E226"))
    report = validate_fleet(_with_beneath(*four, base=scimitar), utopia, "wizkids-2016")
    beside = [c for c in report.ships[0].cards if c.id in ("E230", "E212", "E229", "E226")]
    assert sum(c.cost for c in beside) == 4
    assert report.ships[0].cost == 34 + 6 + 4
    assert not [v for v in report.violations if v.ship == 0] and not report.unapplied
    spent = next(a for c in beside for a in c.adjustments if a.amount == 4)
    assert "you may spend 4 SP" in spent.words and spent.source == "Cap903"
    no_slot = validate_fleet(_with_beneath(*four[:1], base=ship("S350", "Cap903", "E211")), utopia, "wizkids-2016")
    assert [v.card for v in no_slot.violations if v.code == SLOT_OVERFLOW] == ["E211"]
    five = validate_fleet(_with_beneath(*four, ("Cap903", "E225"), base=scimitar), utopia, "wizkids-2016")
    assert any(v.card == "Cap903" and "beside it; its text places 4" in v.message for v in five.violations)
    crew = validate_fleet(_with_beneath(("Cap903", "C462"), base=scimitar), utopia, "wizkids-2016")
    assert any(v.card == "C462" and "[talent]" in v.message for v in crew.violations)
    own = validate_fleet(fleet(ship("S350", "Cap903", "E211"), GALAXY, AKIRA), utopia, "wizkids-2016")
    assert not [v for v in own.violations if v.ship == 0] and not own.unapplied


def test_the_card_beneath_quark_is_not_paid_for_and_fills_no_slot(utopia):
    report = validate_fleet(_with_beneath(("C114", "T021")), utopia, "wizkids-2016")
    lines = [c for c in report.ships[0].cards if c.id == "T021"]
    assert [c.cost for c in lines] == [4, 0]  # the one in the [tech] slot, the one beneath Quark
    beneath = lines[1]
    assert beneath.printed + sum(a.amount for a in beneath.adjustments) == beneath.cost
    assert "You do not pay for Quark's Upgrade" in beneath.adjustments[0].words
    assert beneath.adjustments[0].source == "C114"
    assert SLOT_OVERFLOW not in _codes(report)
    assert report.legal, report.violations
    assert report.ships[0].cost == 16 + 1 + 2 + 4 + 0


def test_the_card_beneath_pays_its_faction_penalty(utopia):
    """Bareil Antos (C065, 2 SP, Mirror Universe) beneath Cryogenic Stasis on a Klingon ship: 0 +1."""
    vorcha = ship("S275", "Cap720", "T001")
    report = validate_fleet(_with_beneath(("T001", "C065"), base=vorcha), utopia, "wizkids-2016")
    bareil = next(c for c in report.ships[0].cards if c.id == "C065")
    assert (bareil.penalty, bareil.cost) == (1, 1)


def test_the_cost_bound_counts_the_penalty_unless_the_text_says_printed(utopia):
    """Bo'Rak (C239, 5 SP, Klingon) on a Romulan ship costs 6 with its penalty: too dear for Cryogenic Stasis's
    "a cost of 5 or less" (2014 FAQ, Quark 13), yet Leonard McCoy's "a printed cost of 4 SP or less" refuses
    him for his printed 5 alone."""
    romulan = ship("S275", "Cap720", "T001")
    report = validate_fleet(_with_beneath(("T001", "C239"), base=romulan), utopia, "wizkids-2016")
    assert any(v.code == CARD_RESTRICTION and v.card == "C239" and "6 SP" in v.message for v in report.violations)
    mccoy = ship("S273", "Cap049", "C330")
    report = validate_fleet(_with_beneath(("C330", "C065"), base=mccoy), utopia, "wizkids-2016")
    assert not [v for v in report.violations if v.card == "C065"]
    report = validate_fleet(_with_beneath(("C330", "C239"), base=mccoy), utopia, "wizkids-2016")
    assert any(v.card == "C239" and "printed cost is 5 SP" in v.message for v in report.violations)


def test_more_cards_beneath_than_the_text_places_the_wrong_type_or_no_host_rule_are_refused(utopia):
    two = validate_fleet(_with_beneath(("C114", "T021"), ("C114", "T272")), utopia, "wizkids-2016")
    assert any(v.card == "C114" and "places 1" in v.message for v in two.violations)
    crew = validate_fleet(_with_beneath(("C114", "C065")), utopia, "wizkids-2016")
    assert any(v.card == "C065" and "[tech]" in v.message for v in crew.violations)
    no_rule = validate_fleet(_with_beneath(("Cap201", "T021")), utopia, "wizkids-2016")
    assert any(v.card == "T021" and "places no card" in v.message for v in no_rule.violations)


def test_a_unique_card_beneath_counts_in_the_fleet(utopia):
    report = validate_fleet(
        fleet(replace(TREASURE, beneath=(("C114", "T272"),)), ship("S273", "Cap049", "T272"), AKIRA),
        utopia,
        "wizkids-2016",
    )
    assert any(v.code == DUPLICATE_UNIQUE and v.card == "T272" for v in report.violations)


def test_a_card_with_nothing_beneath_it_keeps_its_sentence_on_the_report(utopia):
    report = validate_fleet(fleet(TREASURE, GALAXY, AKIRA), utopia, "wizkids-2016")
    assert any(n.card == "C114" and "face down beneath this card" in n.sentence for n in report.unapplied)
    report = validate_fleet(_with_beneath(("C114", "T021")), utopia, "wizkids-2016")
    assert not [n for n in report.unapplied if n.card == "C114"]


def test_the_fleet_file_holds_the_cards_beneath_and_leaves_other_fleets_hash_alone(utopia):
    data = {"ships": [{"ship": "S013", "captain": "Cap201", "upgrades": ["C114"], "beneath": {"C114": ["T021"]}}]}
    parsed, _, _ = parse_fleet(data, utopia)
    assert parsed.ships[0].beneath == (("C114", "T021"),)
    assert parse_fleet(fleet_to_dict(parsed), utopia)[0] == parsed
    plain = fleet(GALAXY)
    assert '"beneath"' not in canonical_json(plain)
    with pytest.raises(FleetFileError, match="not on this ship"):
        parse_fleet({"ships": [{"ship": "S013", "beneath": {"C114": ["T021"]}}]}, utopia)
    with pytest.raises(FleetFileError, match="'beneath' must be an object"):
        parse_fleet({"ships": [{"ship": "S013", "beneath": ["T021"]}]}, utopia)


def test_utopia_seats_the_card_beneath_in_a_slot_of_its_host_and_muster_reads_it_back(utopia):
    """Utopia puts the card beneath Quark into a slot of Quark's own; its link and text carry it there."""
    original = _with_beneath(("C114", "T021"))
    report = validate_fleet(original, utopia, "wizkids-2016")
    for written in (utopia_link(original, utopia).text, utopia_text(original, utopia, report).text):
        imported = import_fleet(written, utopia)
        assert imported.fleet.ships[0].beneath == (("C114", "T021"),), written
        assert any(m.role == "beneath" and m.card_id == "T021" for m in imported.cards)


def test_space_docks_quark_places_a_card_beneath_too(spacedock):
    quark = spacedock.get("quark_71786")
    assert any(r.code == "places_beneath" for r in quark.restrictions)


def test_muster_text_and_fleet_file_carry_the_card_beneath_and_read_it_back(utopia):
    original = _with_beneath(("C114", "T021"))
    report = validate_fleet(original, utopia, "wizkids-2016")
    text = muster_text(original, report, utopia, name="Ferengi Alliance")
    assert "  Tech beneath Quark: Maximum Shields [T021] - 0\n" in text
    from_text = import_fleet(text, utopia)
    assert from_text.fleet.ships[0].beneath == (("C114", "T021"),)
    assert not [p for p in from_text.problems if "ship 1" in p]  # its printed 0 SP is what Muster charges
    from_file = import_fleet(canonical_json(original), utopia)
    assert from_file.fleet == original
    assert [m.card_id for m in from_file.cards if m.role == "beneath"] == ["T021"]
