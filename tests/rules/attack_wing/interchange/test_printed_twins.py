"""A Space Dock id whose card Utopia names otherwise is translated to the same printed card, not dropped
and not swapped for a generic one (``Resolver.printed_twin``)."""

import json

import pytest

from rules.attack_wing.interchange import import_fleet


def squad(ship_id: str, captain_id: str, *upgrade_ids: str) -> bytes:
    return json.dumps(
        {
            "name": "twins",
            "ships": [
                {
                    "shipId": ship_id,
                    "captain": {"upgradeId": captain_id},
                    "upgrades": [{"upgradeId": upgrade_id} for upgrade_id in upgrade_ids],
                }
            ],
        }
    ).encode()


@pytest.mark.parametrize(
    ("ship", "captain", "upgrade", "expected"),
    [
        # "U.S.S. Enterprise-E" is Utopia's "U.S.S. Enterprise NCC-1701-E" (32 SP), not the 25 SP generic Sovereign
        ("u_s_s_enterprise_e_71531", "2003", "3005", ("S091", None, None)),
        # the generic "Cardassian" captain (0 SP, skill 1) is Utopia's generic Dominion captain
        ("1041", "2022", "3057", (None, "Cap106", None)),
        ("1006", "gorn_oparenaprize", "3010", (None, "Cap111", None)),  # and "Gorn" the generic Independent one
        # "Cold Storage Unit" (OP5 prize, tech, 4 SP) is Utopia's "Cold Storage Units"
        ("1020", "2039", "cold_storage_unit_op5prize", (None, None, "T228")),
        # "Photon Torpedoes (Vor'cha Bonus)" is the Klingon printing of Photon Torpedoes in the Vor'cha pack
        ("1006", "2010", "3010", (None, None, "W120")),
    ],
)
def test_a_renamed_space_dock_card_is_the_same_printed_utopia_card(utopia, spacedock, ship, captain, upgrade, expected):
    result = import_fleet(squad(ship, captain, upgrade), utopia, references={"spacedock": spacedock})
    assert not result.by_status("not_found")
    fleet_ship = result.fleet.ships[0]
    want_ship, want_captain, want_upgrade = expected
    if want_ship:
        assert fleet_ship.ship == want_ship
    if want_captain:
        assert fleet_ship.captain == want_captain
    if want_upgrade:
        assert want_upgrade in fleet_ship.upgrades


def test_without_a_twin_of_the_same_play_the_card_is_still_reported_not_found(utopia, spacedock):
    """An id neither file knows is reported, never guessed."""
    result = import_fleet(squad("1006", "2010", "no_such_card_anywhere"), utopia, references={"spacedock": spacedock})
    assert [match.source for match in result.by_status("not_found")] == ["no_such_card_anywhere"]
