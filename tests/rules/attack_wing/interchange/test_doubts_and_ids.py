"""Every doubt asked in words (issue "Lists as players bring them", items 2, 4 and 5).

An ambiguous card lists the cards it may be with their name, type, sets, factions and cost, the one
taken and why; a Space Dock id naming its set chooses that set's printing; a Muster fleet file naming
one of the Utopia builder's helper records reads as the Utopia link holding it does.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from rules.attack_wing import FleetShip, validate_fleet
from rules.attack_wing.interchange import (
    AMBIGUOUS,
    MATCHED,
    MUSTER_TEXT,
    NOT_FOUND,
    UNPLACED,
    import_fleet,
    muster_text,
    result_to_dict,
)
from tests.rules.attack_wing.conftest import GALAXY, fleet, ship
from tests.rules.attack_wing.interchange.sample_fleets import link_of


def test_an_ambiguous_name_lists_each_card_it_may_be_with_its_type_sets_factions_and_cost(utopia):
    result = import_fleet("Federation Starship (Galaxy Class) - 22\nJean-Luc Picard\n", utopia)
    picard = next(m for m in result.cards if m.source == "Jean-Luc Picard")
    assert picard.status == AMBIGUOUS
    by_id = {c.id: c for c in picard.candidates}
    assert set(by_id) == {picard.card_id, *picard.alternatives}
    stargazer = by_id["Cap629"]
    assert (stargazer.name, stargazer.type, stargazer.cost, stargazer.factions) == (
        "Jean-Luc Picard",
        "captain",
        4,
        ("federation",),
    )
    assert stargazer.sets == ("U.S.S. Stargazer",)
    assert [c.id for c in picard.candidates if c.chosen] == [picard.card_id]
    [problem] = [p for p in result.problems if p.startswith("'Jean-Luc Picard'")]
    assert (
        "Which is it?" in problem
        and "Jean-Luc Picard (Cap629): captain, 4 SP, federation, from U.S.S. Stargazer" in problem
    )
    data = result_to_dict(result)["cards"][1]["candidates"]
    assert {
        "id": "Cap629",
        "name": "Jean-Luc Picard",
        "type": "captain",
        "sets": ["U.S.S. Stargazer"],
        "factions": ["federation"],
        "cost": 4,
        "chosen": False,
        "fits": True,
    } in data


def _without_ids(text: str) -> str:
    """Muster's text as it was written before it carried card ids ("Captain: Jean-Luc Picard - 6")."""
    return re.sub(r" \[[^\[\]]+\] - ", " - ", text)


def test_musters_own_text_carries_ids_so_each_printing_reads_back_exactly(utopia):
    """Three 6 SP Jean-Luc Picards play differently; "Captain: Jean-Luc Picard [Cap049] - 6" is the one written."""
    ships = fleet(GALAXY)
    text = muster_text(ships, validate_fleet(ships, utopia, "wizkids-2016"), utopia, name="Home")
    assert "  Captain: Jean-Luc Picard [Cap049] - 6" in text
    result = import_fleet(text, utopia)
    assert result.fleet == ships and result.complete and {m.how for m in result.cards} == {"id"}


def test_musters_own_text_read_back_names_the_cards_it_cannot_tell_apart(utopia):
    """Muster's text written without ids says name, type and cost: three 6 SP Jean-Luc Picards that play
    differently stay a question, each offered with its sets; the rest reads back as written."""
    ships = fleet(GALAXY)
    text = _without_ids(muster_text(ships, validate_fleet(ships, utopia, "wizkids-2016"), utopia, name="Home"))
    result = import_fleet(text, utopia)
    assert result.format == MUSTER_TEXT
    [picard] = result.by_status(AMBIGUOUS)
    assert picard.source == "Captain: Jean-Luc Picard"
    assert {c.id for c in picard.candidates if c.fits} == {"Cap049", "Cap818", "Cap906"}
    assert all(c.sets and c.cost == 6 and c.type == "captain" for c in picard.candidates if c.fits)
    assert {m.status for m in result.cards} <= {MATCHED, AMBIGUOUS}


def _squad(*upgrade_ids: str, ship: str = "1001") -> str:
    upgrades = [{"upgradeId": i, "upgradeTitle": "Quantum Torpedoes", "calculatedCost": 6} for i in upgrade_ids]
    return json.dumps(
        {"name": "q", "ships": [{"shipId": ship, "captain": {"upgradeId": "2001"}, "upgrades": upgrades}]}
    )


def test_a_space_dock_id_naming_its_set_chooses_that_sets_printing(spacedock, utopia):
    """``quantum_torpedoes_71531`` (Space Dock's test squad "calvin hudson (weapon)"): of the 6 SP Quantum
    Torpedoes the one of set 71531 (Space Dock's 3067; Utopia's W107), not a flag."""
    for catalog, references, expected in ((spacedock, None, "3067"), (utopia, {"spacedock": spacedock}, "W107")):
        result = import_fleet(_squad("quantum_torpedoes_71531"), catalog, references=references)
        torpedoes = next(m for m in result.cards if m.source.endswith("(quantum_torpedoes_71531)"))
        assert (torpedoes.status, torpedoes.card_id) == (MATCHED, expected)
        assert "the source names the set '71531'" in torpedoes.note
        assert "71531" in catalog.get(expected).set_ids


def test_a_generic_ship_of_the_other_database_is_its_class_never_another_class(spacedock, utopia):
    """Space Dock's ``dominion_starship_71279`` ("Dominion Starship") is a Jem'Hadar Battleship: Utopia's generic
    ship of that class under its own name (S288, "Jem'Hadar Battleship"), not a Dominion Starship of another class;
    of a class the catalog does not print, it is reported not found."""
    squad = json.loads(_squad())
    squad["ships"].append({"shipId": "dominion_starship_71279", "shipTitle": "Dominion Starship"})
    result = import_fleet(json.dumps(squad), utopia, references={"spacedock": spacedock})
    assert [s.ship for s in result.fleet.ships][1:] == ["S288"]
    lacking = replace(spacedock.get("dominion_starship_71279"), ship_class="Dominion Carrier")
    other = replace(spacedock, cards={**spacedock.cards, "dominion_starship_71279": lacking})
    result = import_fleet(json.dumps(squad), utopia, references={"spacedock": other})
    ship = next(m for m in result.cards if m.source.endswith("(dominion_starship_71279)"))
    assert ship.status == NOT_FOUND and "Dominion Carrier" in ship.note
    assert len(result.fleet.ships) == 1


TUESDAY = {"ship": "S311", "captain": "Cap725", "upgrades": ["E237", "C075"]}


def test_a_fleet_file_naming_a_utopia_helper_record_reads_as_the_link_holding_it(utopia):
    """ "Tuesday (Crew)" (C483) in a Muster fleet file: left out with the note the Utopia link gives, the card
    it stands beside kept, and It Won't Be Installed Until Tuesday still takes its 2 SP off."""
    link = link_of(
        {
            "ships": [
                {
                    "id": "ship:S311",
                    "captain": {"id": "captain:Cap725", "upgradeSlots": [{"id": "talent:E237"}]},
                    "upgrades": [{"id": "crew:C483", "upgradeSlots": [{"id": "crew:C075"}]}, {}, {}],
                }
            ]
        }
    )
    from_link = import_fleet(link, utopia)
    from_file = import_fleet(json.dumps({"ships": [{**TUESDAY, "upgrades": ["E237", "C483", "C075"]}]}), utopia)
    assert from_file.fleet.ships == from_link.fleet.ships == (FleetShip("S311", "Cap725", None, ("E237", "C075")),)
    [helper] = from_file.by_status(UNPLACED)
    assert (helper.source, helper.ship) == ("C483", 0)
    assert helper.note == from_link.by_status(UNPLACED)[0].note
    assert from_file.notes == from_link.notes and from_file.complete
    report = validate_fleet(from_file.fleet, utopia, "wizkids-2016")
    bashir = next(c for c in report.ships[0].cards if c.id == "C075")
    assert [(a.source, a.amount) for a in bashir.adjustments if a.kind == "reduction"] == [("E237", -2)]


def test_every_utopia_helper_record_in_a_fleet_file_is_left_out_not_refused(utopia):
    for helper in ("W251", "T312", "C483"):
        result = import_fleet(json.dumps({"ships": [{**TUESDAY, "upgrades": [helper, "E237", "C075"]}]}), utopia)
        assert result.fleet.ships[0].upgrades == ("E237", "C075")
        assert [m.source for m in result.by_status(UNPLACED)] == [helper]
        assert result.notes[0].startswith(f"Ship 1: {helper} is a helper record of the Utopia builder")


def test_musters_text_says_a_card_paid_a_faction_penalty_so_it_is_not_of_the_ships_faction(utopia):
    """ "Captain: Worf - 4 (+1)" on a Federation ship: Klingon Worf at 3 SP (Cap409 or Cap528, skills 4 and 5),
    asked about, never the Federation/Klingon Worf at 4 SP (Cap009) that pays no penalty."""
    ships = fleet(ship("S273", "Cap409"))
    text = _without_ids(muster_text(ships, validate_fleet(ships, utopia, "wizkids-2016"), utopia, name="Home"))
    assert "Captain: Worf - 4 (+1)" in text
    worf = next(m for m in import_fleet(text, utopia).cards if m.role == "captain")
    assert worf.status == AMBIGUOUS
    assert {c.id for c in worf.candidates if c.fits} == {"Cap409", "Cap528"}
    assert "the source says it paid a +1 SP faction penalty" in worf.note
