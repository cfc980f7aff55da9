"""Every format on a card database the tests write themselves: reading, reporting, writing, round trips."""

from __future__ import annotations

import base64
import json
from collections import Counter

import pytest

from rules.attack_wing import Fleet, FleetShip, fleet_to_dict, validate_fleet
from rules.attack_wing.interchange import (
    MATCHED,
    MUSTER_JSON,
    MUSTER_TEXT,
    NOT_FOUND,
    SPACEDOCK_SQUAD,
    SPACEDOCK_TEXT,
    UNPLACED,
    UTOPIA_LINK,
    UTOPIA_TEXT,
    UTOPIA_TTS,
    InterchangeError,
    cost_rows,
    detect_format,
    import_fleet,
    muster_text,
    squad_names,
    utopia_link,
    utopia_text,
    utopia_tts,
)
from rules.attack_wing.interchange.utopia_share_link import decode_link

FLEET = Fleet(
    ships=(
        FleetShip("S001", "Cap001", upgrades=("C001", "W001", "E001")),
        FleetShip("S002", "Cap002", admiral="A001", upgrades=("R010a", "C002", "C002", "W001")),
        FleetShip("S004", "Cap003", upgrades=("C003", "T001")),
    ),
    resources=("R010",),
)


def link_of(saved: dict) -> str:
    return "https://kfnexus.github.io/staw-utopia/index.html#" + base64.b64encode(json.dumps(saved).encode()).decode()


def same_cards(a: Fleet, b: Fleet) -> bool:
    """Same ships, captains, admirals, resources and upgrades (a format may list a ship's upgrades in its own order)."""
    key = lambda f: (  # noqa: E731
        [(s.ship, s.captain, s.admiral, Counter(s.upgrades), s.blind_booster) for s in f.ships],
        f.resources,
    )
    return key(a) == key(b)


# -- Utopia link -----------------------------------------------------------------------------


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


def test_sideboard_cards_on_the_fleet_resource_are_reported_outside_the_fleet(mini):
    saved = {"ships": [{"id": "ship:S001"}], "resource": {"id": "resource:R001", "upgradeSlots": [{"id": "crew:C001"}]}}
    result = import_fleet(link_of(saved), mini)
    assert result.fleet.ships[0].upgrades == ()
    [loose] = result.by_status(UNPLACED)
    assert loose.card_id == "C001" and "no place" in loose.note


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


# -- Utopia text -----------------------------------------------------------------------------

UTOPIA_TEXT_SAMPLE = """Save your URL for easy Reloading

U.S.S. Enterprise-D [28]
- Jean-Luc Picard 9 (Captain) [6]
- - Make It So [4]
- Data [5]
- Photon Torpedoes [5]
Ship Total: 48 SP

Federation Starship (Galaxy Class) [26]
- Federation Fleet Captain [5]
- William T. Riker 6 (Captain) [3]
- Alynna Nechayev (Admiral) [4]
- Tactical Officer [3]
Ship Total: 41 SP

Resource: Fleet Captain [0]

Fleet Total: 89 SP

Generated by Utopia https://kfnexus.github.io/staw-utopia/"""


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


# -- Tabletop Simulator ----------------------------------------------------------------------


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


# -- Muster JSON and text ---------------------------------------------------------------------


def test_muster_json_round_trip(mini):
    data = json.dumps(fleet_to_dict(FLEET, "wizkids-2016"))
    assert detect_format(data) == MUSTER_JSON
    result = import_fleet(data.encode(), mini)
    assert result.fleet == FLEET and result.format_key == "wizkids-2016"
    assert all(c.status == MATCHED for c in result.cards)
    with pytest.raises(InterchangeError, match="unknown card id 'Nope'"):
        import_fleet(json.dumps({"ships": [{"ship": "Nope"}]}), mini)


def test_muster_text_is_the_fleets_app_export_and_reads_back(mini):
    fleet = Fleet(
        ships=(
            FleetShip("S001", "Cap001", upgrades=("C001",)),
            FleetShip("S004", "Cap001", upgrades=("C003",), blind_booster=True),
        ),
        resources=("R001",),
    )
    report = validate_fleet(fleet, mini, "wizkids-2016")
    text = muster_text(fleet, report, mini, name="Home Fleet", faction="federation", code="AB12-CD34", version=3)
    lines = text.splitlines()
    assert lines[0] == f"Home Fleet (Federation): {report.total}/130 SP"
    assert lines[2] == f"Ship 1: {report.ships[0].cost} SP"
    assert lines[3] == "  Ship: U.S.S. Enterprise-D (Galaxy Class) - 28"
    assert lines[4] == "  Captain: Jean-Luc Picard - 6"
    assert lines[7].startswith("Ship 2 [Blind Booster]: ")
    assert "  Captain: Jean-Luc Picard - 7 (+1)" in lines  # a Federation captain on a Klingon ship
    assert f"Resource: Emergency Power - {report.resources[0].cost}" in lines
    assert "Verification code: AB12-CD34 (version 3)" in lines
    assert lines[-1] == "SP like “4 (+1)” include a faction penalty."
    assert text.endswith("\n")
    assert detect_format(text) == MUSTER_TEXT
    back = import_fleet(text, mini)
    assert back.name == "Home Fleet"
    assert back.fleet == fleet
    assert back.source_total == report.total
    assert [c.source_cost for c in back.cards if c.role == "captain"] == [6, 7]


def test_muster_text_round_trip_of_the_whole_sample_fleet(mini):
    report = validate_fleet(FLEET, mini, "wizkids-2016")
    text = muster_text(FLEET, report, mini, name="Sample")
    back = import_fleet(text, mini)
    assert same_cards(back.fleet, FLEET)
    assert [m.card_id for m in back.cards if m.name == "Tactical Officer"] == ["C002", "C002", "C003"]


# -- Space Dock --------------------------------------------------------------------------------

SQUAD = {
    "name": "Two ships",
    "additionalPoints": 2,
    "resource": "R001",
    "cost": 80,
    "ships": [
        {
            "shipId": "S001",
            "shipTitle": "U.S.S. Enterprise-D",
            "calculatedCost": 39,
            "captain": {"upgradeId": "Cap001", "upgradeTitle": "Jean-Luc Picard", "calculatedCost": 6},
            "upgrades": [
                {"upgradeId": "C001", "upgradeTitle": "Data", "calculatedCost": 5},
                {"upgradeId": "A001", "upgradeTitle": "Alynna Nechayev", "calculatedCost": 4},
            ],
        },
        {"sideboard": True, "upgrades": [{"upgradeId": "W001", "upgradeTitle": "Photon Torpedoes"}]},
        {
            "shipId": "9999",
            "shipTitle": "Federation Starship",
            "captain": {"upgradeId": "Cap002", "upgradeTitle": "William T. Riker"},
            "upgrades": [{"upgradeId": "T001", "upgradeTitle": "Sensor Array"}],
        },
    ],
}


def test_a_space_dock_squad_by_id_title_and_report(mini):
    data = json.dumps(SQUAD)
    assert detect_format(data) == SPACEDOCK_SQUAD
    result = import_fleet(data, mini)
    # "9999" is no id of this catalog; its title is the generic ship's name, two cards carry it:
    # the one whose upgrade bar has the tech slot its Sensor Array needs
    assert result.fleet.ships[0] == FleetShip("S001", "Cap001", "A001", ("C001",))
    assert result.fleet.ships[1].ship == "S003"
    ship = [c for c in result.cards if c.role == "ship"][1]
    assert ship.status == MATCHED and ship.how == "name" and "upgrade bar" in ship.note
    assert result.fleet.resources == ("R001",)
    [sideboard] = result.by_status(UNPLACED)
    assert sideboard.card_id == "W001" and "Sideboard" in sideboard.note
    assert result.source_total == 80 and result.source_ship_totals[0] == 39
    assert any("2 SP typed in by hand" in n for n in result.notes)
    admiral = next(c for c in result.cards if c.card_id == "A001")
    assert admiral.role == "admiral" and admiral.source_cost == 4


def test_a_space_dock_squads_file_picks_one_squad(mini):
    other = {**SQUAD, "name": "Other", "ships": [SQUAD["ships"][0]]}
    data = json.dumps([SQUAD, other])
    assert detect_format(data) == SPACEDOCK_SQUAD
    assert squad_names(data) == ["Two ships", "Other"]
    second = import_fleet(data, mini, squad=1)
    assert second.name == "Other" and len(second.fleet.ships) == 1
    assert any("holds 2 squads" in n for n in second.notes)
    with pytest.raises(InterchangeError, match="no squad 3"):
        import_fleet(data, mini, squad=2)


def test_space_dock_ids_unknown_to_the_catalog_and_untitled_are_reported(mini):
    squad = {"ships": [{"shipId": "S001", "upgrades": [{"upgradeId": "3013"}]}], "resource": "4004"}
    result = import_fleet(json.dumps(squad), mini, SPACEDOCK_SQUAD)
    assert {c.source for c in result.by_status(NOT_FOUND)} == {"3013", "4004"}
    assert any("Space Dock card id '3013'" in p for p in result.problems)
    with pytest.raises(InterchangeError, match="3013"):
        import_fleet(json.dumps(squad), mini, strict=True)


SPACEDOCK_TEXT_SAMPLE = """U.S.S. Enterprise-D [Starter] (28)
Jean-Luc Picard [Starter] (6)
Data [Starter] (5)
Photon Torpedoes [Reliant] (5)
Total (44)

Galaxy Class [Starter] (26)
Fleet Captain: Federation [Fleet Captain Resource] (5)
William T. Riker [Starter] (3)
Tactical Officer [Starter] (3 overridden to 0)
Total (34)

Fleet Captain (5)

Practice list for the store event.

Other cost: 1

Fleet total: 84

Generated by Space Dock"""


def test_space_dock_text(mini):
    assert detect_format(SPACEDOCK_TEXT_SAMPLE) == SPACEDOCK_TEXT
    result = import_fleet(SPACEDOCK_TEXT_SAMPLE, mini)
    assert result.fleet == Fleet(
        ships=(
            FleetShip("S001", "Cap001", upgrades=("C001", "W002")),
            FleetShip("S002", "Cap002", upgrades=("R010a", "C002")),
        ),
        resources=("R010",),
    )
    assert result.complete, result.problems
    torpedoes = next(c for c in result.cards if c.name == "Photon Torpedoes")
    assert torpedoes.card_id == "W002"  # the set code "Reliant" names the printing
    officer = next(c for c in result.cards if c.name == "Tactical Officer")
    assert officer.source_cost == 0
    assert any("Practice list" in n for n in result.notes) and any("1 SP typed in by hand" in n for n in result.notes)
    wrong = SPACEDOCK_TEXT_SAMPLE.replace("Total (44)", "Total (40)")
    assert any("Total (40)" in p for p in import_fleet(wrong, mini).problems)


# -- detection ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        "hello there",
        "Ship: nothing",
        '{"name": "a deck", "cards": []}',
        "[1, 2, 3]",
        "",
        "   \n  ",
    ],
)
def test_what_is_no_fleet_gets_one_sentence(data):
    with pytest.raises(InterchangeError) as caught:
        detect_format(data)
    message = caught.value.message
    assert message.endswith(".") and "\n" not in message


def test_an_unknown_format_name_is_refused(mini):
    with pytest.raises(InterchangeError, match="Unknown fleet format"):
        import_fleet("x", mini, "xwing-builder")


def test_a_space_dock_title_the_catalog_spells_otherwise_falls_back_to_the_id(mini):
    squad = {"ships": [{"shipId": "S001", "captain": {"upgradeId": "Cap001", "upgradeTitle": "Jean Luc Picard (old)"}}]}
    result = import_fleet(json.dumps(squad), mini)
    captain = next(c for c in result.cards if c.role == "captain")
    assert captain.card_id == "Cap001" and captain.how == "id" and "named 'Jean-Luc Picard'" in captain.note


def test_the_import_as_plain_data(mini):
    from rules.attack_wing.interchange import result_to_dict

    result = import_fleet(UTOPIA_TEXT_SAMPLE, mini)
    report = validate_fleet(result.fleet, mini, "wizkids-2016")
    data = json.loads(json.dumps(result_to_dict(result, report)))
    assert data["fleet"]["ships"][0]["ship"] == "S001" and data["format"] == UTOPIA_TEXT
    assert data["source_total"] == 89 and data["total"] == report.total
    data_card = next(c for c in data["cards"] if c["name"] == "Data")
    assert (data_card["source_cost"], data_card["cost"], data_card["status"]) == (5, 5, "matched")
    assert result_to_dict(result)["cards"][0]["cost"] is None


SPACEDOCK_ANDROID_TEXT = """U.S.S. Enterprise-D (28)
Jean-Luc Picard (6)
Data (5)
Total (39)

Galaxy Class (26)
Fleet Captain: Federation (5)
William T. Riker (3)
Total (34)

Reinforcements Sideboard (20)
Photon Torpedoes (5)

Emergency Power (3)

Unified Force (0) Strike Force (5)

Fleet total: 76

Generated by Space Dock for Android
http://spacedockapp.org
"""


def test_space_dock_text_without_set_codes_and_with_a_sideboard(mini):
    assert detect_format(SPACEDOCK_ANDROID_TEXT) == SPACEDOCK_TEXT
    result = import_fleet(SPACEDOCK_ANDROID_TEXT, mini)
    assert result.fleet == Fleet(
        ships=(FleetShip("S001", "Cap001", upgrades=("C001",)), FleetShip("S002", "Cap002", upgrades=("R010a",))),
        resources=("R001",),
    )
    [sideboard] = result.by_status(UNPLACED)
    assert sideboard.name == "Photon Torpedoes" and "Sideboard" in sideboard.note
    assert any("Strike Force" in n for n in result.notes)
    assert result.complete, result.problems


def test_a_space_dock_notes_line_that_looks_like_a_resource_is_kept_as_notes(mini):
    text = SPACEDOCK_ANDROID_TEXT.replace("Emergency Power (3)\n\n", "").replace("Fleet total: 76", "Fleet total: 73")
    result = import_fleet(text, mini)
    assert result.fleet.resources == ()
    assert any("Strike Force (5)" in n for n in result.notes)


def test_pasted_text_with_windows_line_ends_and_a_link_inside_a_sentence(mini):
    crlf = UTOPIA_TEXT_SAMPLE.replace("\n", "\r\n")
    assert import_fleet(crlf, mini).fleet == import_fleet(UTOPIA_TEXT_SAMPLE, mini).fleet
    link = utopia_link(FLEET, mini).text
    assert same_cards(import_fleet(f"My list for Saturday: {link} (130 SP)", mini).fleet, FLEET)
    assert same_cards(import_fleet(f"My list (see {link}).", mini).fleet, FLEET)
    assert same_cards(import_fleet(f"Hi all,\nmy list for Saturday:\n{link}\nSee you!", mini).fleet, FLEET)


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
