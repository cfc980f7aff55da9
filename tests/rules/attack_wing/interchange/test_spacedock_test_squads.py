"""Space Dock's own test squads, priced card by card as its ``SpaceDockTests.m`` asserts (issue 26, item 3).

The squads (``tests/rules/attack_wing/spacedock_squads/*.spacedocksquads``) are Space Dock's test data, shipped
with the tests under its Apache-2.0 licence, not product data; they run wherever the tests do. Each squad is
imported through the Space Dock reader and priced with Space Dock's card file; what Space Dock asserts (each
captain's and upgrade's ``calculatedCost``, each ship's cost, the squad's cost) must come out, except the
differences ruled in docs/attack-wing-rules.md ("Space Dock's test squads"), each asserted here exactly as ruled.
"""

from __future__ import annotations

import json

from rules.attack_wing import interchange, validate_fleet
from tests.conftest import SPACEDOCK_SQUADS

SQUADS = SPACEDOCK_SQUADS
FILES = ("squads_for_test.spacedocksquads", "specials.spacedocksquads")

# Calvin Hudson's "all of your Upgrades cost -1 SP" does not reach Calvin Hudson, a Captain Card (seed 003 keeps
# Captain Cards and Upgrades apart); Space Dock counts him as his own upgrade.
CALVIN = [("captain", "Calvin Hudson", 2, 3), ("ship", 1, 1), ("total", 1)]
RULED = {
    "calvin hudson (crew)": CALVIN,
    "calvin hudson (tech)": CALVIN,
    "calvin hudson (weapon)": CALVIN,
    # A 0 SP captain pays the faction penalty too (Additional Rules 20 has no exemption; Space Dock's 2014 squad does)
    "independent dominion fleet captain": [("captain", "Maquis", 0, 1), ("ship", 2, 1), ("total", 1)],
}
SIDEBOARD_ONLY = {"critkhan on sideboard", "genkhan on sideboard", "lauran on sideboard", "pike on sideboard"}
SIDEBOARD_ONLY |= {"tana los on sideboard"}  # only the Reinforcements Sideboard: read whole, short of ships


def _squads():
    for name in FILES:
        data = (SQUADS / name).read_bytes()
        for index, squad in enumerate(json.loads(data)):
            yield data, index, squad


def _hand_typed(record: dict) -> int:
    """What the player's typed-over cost took off Space Dock's ship total (Muster prices by the rules)."""
    if record.get("costIsOverridden"):
        return record["calculatedCost"] - record.get("overriddenCost", 0)
    return 0


def differences(data: bytes, index: int, squad: dict, catalog) -> list[tuple]:
    """Where Muster's prices differ from what Space Dock asserts for the squad, as (what, …, Space Dock, Muster)."""
    result = interchange.import_fleet(data, catalog, squad=index)
    report = validate_fleet(result.fleet, catalog, "wizkids-2016")
    # the squad's ids ("Engage (3001)"), as the reader found them
    found_as = {m.source.rsplit("(", 1)[-1].rstrip(")"): m.card_id for m in result.cards}
    found: list[tuple] = []
    typed_total = 0
    ships = [s for s in squad["ships"] if not s.get("sideboard")]
    for board in (s for s in squad["ships"] if s.get("sideboard")):
        asserted = sorted(
            (found_as.get(c["upgradeId"]), c["calculatedCost"]) for c in [board["captain"], *board["upgrades"]]
        )
        if asserted != sorted((c.id, c.cost) for c in report.sideboard):
            found.append(("sideboard", asserted, sorted((c.id, c.cost) for c in report.sideboard)))
    for number, (expected, ship) in enumerate(zip(ships, report.ships, strict=True), 1):
        captain = next((c for c in ship.cards if c.role == "captain"), None)
        if captain is not None and captain.cost != expected["captain"]["calculatedCost"]:
            found.append(("captain", captain.name, expected["captain"]["calculatedCost"], captain.cost))
        listed = [c for c in ship.cards if c.role in ("upgrade", "admiral")]  # Space Dock lists no flagship card
        upgrades = sorted((c.id, c.cost) for c in listed if catalog.get(c.id).upgrade_type != "flagship")
        asserted = sorted((found_as.get(u["upgradeId"]), u["calculatedCost"]) for u in expected.get("upgrades", []))
        if asserted != upgrades:
            found.append(("upgrades", number, asserted, upgrades))
        typed = sum(_hand_typed(r) for r in [expected["captain"], *expected.get("upgrades", [])])
        typed_total += typed
        if ship.cost != expected["calculatedCost"] + typed:
            found.append(("ship", number, ship.cost - expected["calculatedCost"] - typed))
    if report.total != squad["cost"] - squad.get("additionalPoints", 0) + typed_total:
        found.append(("total", report.total - squad["cost"] + squad.get("additionalPoints", 0) - typed_total))
    return found


def test_every_test_squad_prices_as_space_dock_asserts_or_as_ruled(spacedock):
    seen = 0
    for data, index, squad in _squads():
        seen += 1
        name = squad["name"]
        assert differences(data, index, squad, spacedock) == RULED.get(name, []), name
    assert seen == 105


def test_a_squad_of_only_a_sideboard_reads_whole_at_space_docks_prices(spacedock):
    """Reinforcements Sideboard (4003), point 1 (its card in ../shared/cards/staw, the 2016 tournament document's
    retirement table in ../shared/seeds/003_6c6de163d61af4e0.txt lists it): the five squads of only a sideboard
    read with every card on the fleet's sideboard, priced as Space Dock prices them with no faction penalty (2016
    FAQ, "Reinforcements Sideboard"); the fleet pays the resource's 10 SP and lacks its ships."""
    seen = 0
    for data, index, squad in _squads():
        if squad["name"] not in SIDEBOARD_ONLY:
            continue
        seen += 1
        result = interchange.import_fleet(data, spacedock, squad=index)
        [board] = squad["ships"]
        cards = [board["captain"], *board["upgrades"]]
        assert result.fleet.ships == () and len(result.fleet.sideboard) == len(cards)
        assert {m.role for m in result.cards} == {"resource", "sideboard"} and not result.problems
        report = validate_fleet(result.fleet, spacedock, "wizkids-2016")
        assert [c.cost for c in report.sideboard] == [c["calculatedCost"] for c in cards]
        assert report.total == squad["cost"] == 10
        assert [v.code for v in report.violations] == ["TOO_FEW_SHIPS"]
    assert seen == 5


def test_the_fleet_captain_choice_a_squad_leaves_open_is_made_as_a_player_would(spacedock):
    """A squad file records no Fleet Captain choice (R010 point 5), so the fleet leaves it open and the engine makes
    it: "fleet captain free talent": Gul Dukat's Engage fits his own [talent] slot, so it is the free one (1 SP: its
    faction penalty stays); "fleet captain extra talent": two talents need the bonus slot, both are paid."""
    for data, index, squad in _squads():
        if squad["name"] in ("fleet captain free talent", "fleet captain extra talent"):
            result = interchange.import_fleet(data, spacedock, squad=index)
            assert not result.fleet.resource_options
            report = validate_fleet(result.fleet, spacedock, "wizkids-2016")
            cards = {c.id: c for c in report.ships[0].cards}
            choice = next(c.placed for c in cards.values() if c.placed.startswith("Point 5"))
            if squad["name"].endswith("free talent"):
                assert (cards["3001"].cost, "is forgone" in choice) == (1, True)
            else:
                assert "is taken" in choice and not [v for v in report.violations if v.code == "SLOT_OVERFLOW"]


def test_a_hand_typed_cost_is_said_and_not_applied(spacedock):
    for data, index, squad in _squads():
        if squad["name"] == "Cloakers":
            notes = interchange.import_fleet(data, spacedock, squad=index).notes
            assert (
                "Ship 1: the squad sets Advanced Weapon System's cost to 0 SP by hand; Muster prices it by its rules."
                in notes
            )


def test_no_test_squad_card_is_left_ambiguous_when_its_id_names_its_set(spacedock):
    """``quantum_torpedoes_71531`` ("calvin hudson (weapon)") names set 71531: that printing is taken, not flagged."""
    for data, index, squad in _squads():
        result = interchange.import_fleet(data, spacedock, squad=index)
        assert not result.by_status(interchange.AMBIGUOUS), squad["name"]
