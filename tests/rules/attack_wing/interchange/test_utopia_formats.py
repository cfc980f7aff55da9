"""The Utopia formats on a card database the tests write themselves: the share link, the text export and
the Tabletop Simulator list, each read, reported, written and read back."""

from __future__ import annotations

import json

import pytest

from rules.attack_wing import Fleet, FleetShip, validate_fleet
from rules.attack_wing.interchange import (
    MATCHED,
    NOT_FOUND,
    UNPLACED,
    UTOPIA_LINK,
    UTOPIA_TEXT,
    UTOPIA_TTS,
    InterchangeError,
    cost_rows,
    detect_format,
    import_fleet,
    utopia_link,
    utopia_text,
    utopia_tts,
)
from rules.attack_wing.interchange.utopia_share_link import decode_link
from tests.rules.attack_wing.interchange.sample_fleets import FLEET, UTOPIA_TEXT_SAMPLE, link_of, same_cards


def test_a_utopia_link_reads_every_place_a_card_can_sit(mini):
    saved = {
        "ships": [
            {
                "id": "ship:S002",
                "resource": {"id": "fleet-captain:R010a", "upgradeSlots": [{"id": "tech:T001"}, {}]},
                "captain": {"id": "captain:Cap002", "upgradeSlots": [{"id": "talent:E001"}]},
                "admiral": {"id": "admiral:A001", "upgradeSlots": [{}]},
                "upgrades": [{"id": "crew:C002"}, {}, {"id": "crew:C001"}, {"id": "weapon:W001"}],
            }
        ],
        "resource": {"id": "resource:R010"},
    }
    for form in (link_of(saved), link_of(saved).split("#")[1], "#" + link_of(saved).split("#")[1]):
        assert detect_format(form) == UTOPIA_LINK
        result = import_fleet(form, mini)
        assert result.fleet == Fleet(
            ships=(FleetShip("S002", "Cap002", "A001", ("R010a", "T001", "E001", "C002", "C001", "W001")),),
            resources=("R010",),
        )
        assert result.complete
        assert all(c.status == MATCHED and c.how == "id" for c in result.cards)


def test_a_utopia_link_with_unknown_ids_reports_them(mini):
    saved = {"ships": [{"id": "ship:S001", "captain": {"id": "captain:Cap999"}, "upgrades": [{"id": "crew:C404"}]}]}
    result = import_fleet(link_of(saved), mini)
    assert result.fleet.ships == (FleetShip("S001"),)
    missing = result.by_status(NOT_FOUND)
    assert [(c.role, c.source) for c in missing] == [("captain", "captain:Cap999"), ("upgrade", "crew:C404")]
    assert len(result.problems) == 2 and "Cap999" in result.problems[0]
    with pytest.raises(InterchangeError, match="Cap999"):
        import_fleet(link_of(saved), mini, strict=True)


def test_cards_on_the_fleet_resource_are_the_fleets_sideboard(mini):
    """Utopia seats the Reinforcements Sideboard's cards in its resource's slots (its card, point 1: a Captain
    Card and an Upgrade of each type): they are the fleet's sideboard, not a ship's."""
    saved = {"ships": [{"id": "ship:S001"}], "resource": {"id": "resource:R001", "upgradeSlots": [{"id": "crew:C001"}]}}
    result = import_fleet(link_of(saved), mini)
    assert result.fleet.ships[0].upgrades == () and result.fleet.sideboard == ("C001",)
    [card] = [c for c in result.cards if c.role == "sideboard"]
    assert (card.card_id, card.status, card.position) == ("C001", MATCHED, 0) and not result.by_status(UNPLACED)


def test_a_muster_fleet_becomes_a_utopia_link_and_back(mini):
    export = utopia_link(FLEET, mini)
    assert export.left_out == ()
    saved = decode_link(export.text)
    assert saved["resource"] == {"id": "resource:R010"}
    second = saved["ships"][1]
    assert second["resource"] == {"id": "fleet-captain:R010a", "upgradeSlots": [{}, {}]}
    assert second["admiral"] == {"id": "admiral:A001", "upgradeSlots": [{}]}
    assert second["upgrades"] == [{"id": "crew:C002"}, {"id": "crew:C002"}, {}, {"id": "weapon:W001"}]
    assert saved["ships"][0]["captain"] == {"id": "captain:Cap001", "upgradeSlots": [{"id": "talent:E001"}]}
    assert same_cards(import_fleet(export.text, mini).fleet, FLEET)


def test_what_utopia_cannot_hold_is_listed_not_dropped(mini):
    crowded = Fleet(ships=(FleetShip("S003", "A001", upgrades=("W001", "W001")),))
    export = utopia_link(crowded, mini)
    assert len(export.left_out) == 2
    assert "face-down captain" in export.left_out[0] and "Photon Torpedoes" in export.left_out[1]


def test_utopia_text_reads_roles_from_the_line_shapes(mini):
    assert detect_format(UTOPIA_TEXT_SAMPLE) == UTOPIA_TEXT
    result = import_fleet(UTOPIA_TEXT_SAMPLE, mini)
    assert result.fleet == Fleet(
        ships=(
            FleetShip("S001", "Cap001", upgrades=("E001", "C001", "W001")),
            FleetShip("S002", "Cap002", "A001", ("R010a", "C002")),
        ),
        resources=("R010",),
    )
    assert result.source_ship_totals == (48, 41) and result.source_total == 89
    assert result.complete, result.problems
    data = next(c for c in result.cards if c.name == "Data")
    assert (data.source_cost, data.status, data.how) == (5, MATCHED, "name")
    rows = {m.source: cost for m, cost in cost_rows(result, validate_fleet(result.fleet, mini, "wizkids-2016"))}
    assert rows["Data"] == 5 and rows["Fleet Captain"] is not None


def test_the_printed_cost_breaks_a_name_tie(mini):
    """Two 3 SP "Tactical Officer" crew, Federation and Klingon: on a Federation ship the Klingon one would
    cost 4 SP with its faction penalty; the source printed 3."""
    result = import_fleet(UTOPIA_TEXT_SAMPLE, mini)
    officer = next(c for c in result.cards if c.name == "Tactical Officer")
    assert officer.card_id == "C002" and officer.status == MATCHED
    assert "took C002" in officer.note and "the 3 SP the source printed" in officer.note
    assert officer.alternatives == ("C003",)
    on_klingon = UTOPIA_TEXT_SAMPLE.replace("- Tactical Officer [3]", "- Tactical Officer [4]")
    officer = next(c for c in import_fleet(on_klingon, mini).cards if c.name == "Tactical Officer")
    assert officer.card_id == "C003"  # 3 SP + 1 SP faction penalty on the Federation ship


def test_the_ships_faction_breaks_a_name_tie_when_no_cost_is_printed(mini):
    squad = {"ships": [{"shipId": "S001", "upgrades": [{"upgradeId": "3035", "upgradeTitle": "Tactical Officer"}]}]}
    officer = next(c for c in import_fleet(json.dumps(squad), mini).cards if c.name == "Tactical Officer")
    assert officer.card_id == "C002" and officer.status == MATCHED
    assert "faction" in officer.note and officer.alternatives == ("C003",)


def test_same_cost_same_text_printings_are_not_ambiguous(mini):
    result = import_fleet(UTOPIA_TEXT_SAMPLE, mini)
    torpedoes = next(c for c in result.cards if c.name == "Photon Torpedoes")
    assert torpedoes.status == MATCHED and "2 printings" in torpedoes.note


def test_utopia_text_that_does_not_add_up_is_reported(mini):
    edited = UTOPIA_TEXT_SAMPLE.replace("- Data [5]", "- Data [2]").replace("Fleet Total: 89", "Fleet Total: 80")
    result = import_fleet(edited, mini)
    assert any("add up to 45 SP" in p and "Ship Total: 48 SP" in p for p in result.problems)
    assert any("Fleet Total: 80 SP" in p for p in result.problems)
    with pytest.raises(InterchangeError, match="add up"):
        import_fleet(edited, mini, strict=True)


def test_utopia_text_cut_short_is_reported(mini):
    cut = UTOPIA_TEXT_SAMPLE.split("Federation Starship")[0]
    result = import_fleet(cut, mini)
    assert any("no 'Fleet Total'" in p for p in result.problems)


def test_utopia_text_with_unknown_cards_reports_each(mini):
    text = UTOPIA_TEXT_SAMPLE.replace("- Data [5]", "- Lieutenant Nobody [5]").replace("Data", "x")
    result = import_fleet(text, mini)
    [missing] = result.by_status(NOT_FOUND)
    assert missing.source == "Lieutenant Nobody" and missing.source_cost == 5
    assert "no card named 'Lieutenant Nobody'" in missing.note


def test_a_card_named_with_a_hint_shape_is_still_found(mini):
    """Names are tried as written first, so a hint is only peeled off when the whole name is not a card."""
    text = UTOPIA_TEXT_SAMPLE.replace("- Data [5]", "- Data (Starter Set) [5]")
    result = import_fleet(text, mini)
    data = next(c for c in result.cards if c.source == "Data (Starter Set)")
    assert data.card_id == "C001"


def test_muster_fleet_to_utopia_text_and_back(mini):
    report = validate_fleet(FLEET, mini, "wizkids-2016")
    export = utopia_text(FLEET, mini, report)
    assert export.left_out == ()
    assert "Alynna Nechayev (Admiral) [" in export.text and "Federation Fleet Captain [" in export.text
    back = import_fleet(export.text, mini)
    assert same_cards(back.fleet, FLEET)
    assert back.source_total == report.total
    assert back.source_ship_totals == tuple(s.cost for s in report.ships)


def test_tts_round_trip(mini):
    export = utopia_tts(FLEET, mini)
    assert export.text.splitlines()[:4] == ["S001", "Cap001", "E001", "C001"]
    assert export.text.endswith("Generated by Utopia for Tabletop Simulator")
    assert detect_format(export.text) == UTOPIA_TTS
    assert same_cards(import_fleet(export.text, mini).fleet, FLEET)


def test_tts_without_footer_and_with_bad_lines(mini):
    assert detect_format("S001\nCap001\nC001\n\nS004\n") == UTOPIA_TTS
    result = import_fleet("S001\nCap001\nC001\n\nS004\n", mini, UTOPIA_TTS)
    assert [s.ship for s in result.fleet.ships] == ["S001", "S004"]
    with pytest.raises(InterchangeError, match="Line 2 .* not a card id"):
        import_fleet("S001\nJean-Luc Picard\n", mini, UTOPIA_TTS)


def test_an_officer_goes_into_a_crew_slot_with_its_crew_inside(mini):
    """Utopia seats Officer Cards' officers in a crew slot of the ship (its crew in the officer's own slot)."""
    fleet = Fleet(ships=(FleetShip("S003", "Cap002", upgrades=("C001", "R011c")),), resources=("R011",))
    export = utopia_link(fleet, mini)
    assert export.left_out == ()
    ship = decode_link(export.text)["ships"][0]
    assert "resource" not in ship
    # S003's bar is crew, weapon, tech: the officer takes the crew slot, Data the officer's own slot
    assert ship["upgrades"] == [{"id": "officer:R011c", "upgradeSlots": [{"id": "crew:C001"}]}, {}, {}]
    assert same_cards(import_fleet(export.text, mini).fleet, fleet)
    assert same_cards(import_fleet(utopia_tts(fleet, mini).text, mini).fleet, fleet)
    text = utopia_text(fleet, mini).text
    assert text.count("Operations Officer") == 1
    assert same_cards(import_fleet(text, mini).fleet, fleet)


def test_a_utopia_line_without_captain_mark_is_never_a_captain(mini):
    """Utopia writes every captain "Name <skill> (Captain)": a plain line is an upgrade, even if a captain
    shares the name (the real data has Muroc the captain and Muroc the crew)."""
    text = UTOPIA_TEXT_SAMPLE.replace("- Data [5]", "- William T. Riker [3]").replace("48 SP", "46 SP")
    result = import_fleet(text, mini)
    riker = next(c for c in result.cards if c.source == "William T. Riker")
    assert riker.status == NOT_FOUND and "is a captain card, not an upgrade" in riker.note
    assert result.fleet.ships[0].captain == "Cap001"


def test_a_utopia_link_with_the_builders_helper_card_imports_the_card_it_holds(utopia):
    """A player who fields It Won't Be Installed Until Tuesday (E237) in the Utopia builder equips its helper
    "Tuesday (Crew)" (C483) and the discounted [crew] inside it. The helper is no card of the game: it is left
    out, said so, and takes no slot; the [crew] it holds stays, and the talent takes its 2 SP off."""
    saved = {
        "ships": [
            {
                "id": "ship:S311",
                "captain": {"id": "captain:Cap725", "upgradeSlots": [{"id": "talent:E237"}]},
                "upgrades": [{"id": "crew:C483", "upgradeSlots": [{"id": "crew:C075"}]}, {}, {}],
            }
        ]
    }
    result = import_fleet(link_of(saved), utopia)
    assert result.fleet.ships == (FleetShip("S311", "Cap725", None, ("E237", "C075")),)
    assert [c.source for c in result.by_status(UNPLACED)] == ["crew:C483"]
    assert result.complete and len(result.notes) == 1
    assert "C483 is a helper record of the Utopia builder" in result.notes[0] and "left out" in result.notes[0]
    report = validate_fleet(result.fleet, utopia, "wizkids-2016")
    bashir = next(c for c in report.ships[0].cards if c.id == "C075")
    assert [(a.source, a.amount) for a in bashir.adjustments if a.kind == "reduction"] == [("E237", -2)]


def test_a_second_unique_card_is_left_out_so_the_link_opens_with_the_rest(utopia):
    """Seed 003 (fleet building): one unique card of a name per fleet. Utopia refuses the second when it loads a
    link (and a ship so refused takes its cards along), so the link leaves it out and says so: the fleet opens in
    Utopia whatever its legality."""
    twice = Fleet(
        ships=(
            FleetShip("S274", "Cap818", upgrades=("C440",)),
            FleetShip("S274", "Cap051", upgrades=("W204",)),  # the Enterprise-D again, and a captain Riker
            FleetShip("S180", "Cap006", upgrades=("C440",)),  # Riker again
        )
    )
    assert not validate_fleet(twice, utopia, "wizkids-2016").legal
    export = utopia_link(twice, utopia)
    saved = decode_link(export.text)
    assert [ship["id"] for ship in saved["ships"]] == ["ship:S274", "ship:S180"]
    assert "upgrades" not in saved["ships"][1] or all(not card for card in saved["ships"][1]["upgrades"])
    assert export.left_out == (
        "ship 2 and its cards: U.S.S. Enterprise-D (a second unique card of that name, which Utopia refuses)",
        "ship 2: William T. Riker (on that ship)",
        "ship 2: Photon Torpedoes (on that ship)",
        "ship 3: William T. Riker (a second unique card of that name, which Utopia refuses)",
    )
