"""Cards bought by the ship's maneuver dial, read from the dial each database prints for the ship's class.

Warp Drive Refit (T212): "This Upgrade may only be purchased for a ship that does not have a 4 or higher on
its Maneuver Dial." Klingon Helmsman (C234): "… cannot be deployed to a ship the does not have a
[come-about] Maneuver on its Maneuver Dial" (Space Dock: "… a ship that does not have a [COME ABOUT] …").
Inertial Compensators (T182): "This ship must have a [come-about] maneuver on its maneuver dial to equip this card"
(read since the cross-check on seed 271828; before, the sentence was silent).
"""

from __future__ import annotations

import json
import lzma

import pytest

from rules.attack_wing import read_catalog, validate_fleet
from tests.conftest import UTOPIA_FILE
from tests.rules.attack_wing.conftest import fleet, ship

W16 = "wizkids-2016"


def refused(catalog, ship_id, captain, card_id) -> bool:
    report = validate_fleet(fleet(ship(ship_id, captain, card_id)), catalog, W16)
    return any(v.code == "CARD_RESTRICTION" and v.card == card_id for v in report.violations)


def test_the_cards_say_so(utopia):
    assert "does not have a 4 or higher on its Maneuver Dial" in utopia.get("T212").text
    assert "does not have a [come-about] Maneuver on its Maneuver Dial" in utopia.get("C234").text


@pytest.mark.parametrize(
    ("ship_id", "captain", "card_id", "wanted"),
    [
        ("S207", "Cap807", "T212", True),  # U.S.S. Enterprise-D, Galaxy Class: a 5 on its dial
        ("S097", "Cap518", "T212", True),  # Val Jean, Maquis Raider: a 4
        ("S140", "Cap524", "T212", False),  # Interceptor 5, Bajoran Interceptor: 3 at most
        ("S207", "Cap807", "C234", True),  # the Galaxy Class dial has no come about
        ("S182", "Cap651", "C234", False),  # Klingon Starship, B'Rel Class: 1 and 2 come about
        ("S182", "Cap651", "T182", False),  # its come about: Inertial Compensators fit (Hull 3)
        ("S236", None, "T182", True),  # Hull 3, no come about on its dial
    ],
)
def test_the_dial_decides(utopia, ship_id, captain, card_id, wanted):
    assert refused(utopia, ship_id, captain, card_id) is wanted


def test_space_dock_prints_the_same_dials(spacedock):
    refit, helmsman = "warp_drive_refit_71445", "klingon_helmsman_72327"
    assert refused(spacedock, "1001", "2001", refit) and refused(spacedock, "1001", "2001", helmsman)
    interceptor = next(c.id for c in spacedock.cards.values() if c.ship_class == "Bajoran Interceptor")
    assert not refused(spacedock, interceptor, None, refit)


def test_utopias_two_class_records_named_otherwise_give_their_ships_dials(utopia, spacedock):
    """Utopia names the Galaxy Class (MU) record "Galaxy X Class" (its id, ``galaxy__class_mu``, is Space Dock's
    for the class) and the Romulan Bird-of-Prey record without "Class"; their ships are judged by the dial
    all the same, as with Space Dock's file. The Mirror Universe Galaxy's dial has no come about."""
    for catalog in (utopia, spacedock):
        mirror = next(c.id for c in catalog.cards.values() if c.kind == "ship" and c.ship_class == "Galaxy Class (MU)")
        helmsman = catalog.get("C234") or catalog.get("klingon_helmsman_72327")
        assert refused(catalog, mirror, None, helmsman.id), catalog
    bird_of_prey = next(c for c in utopia.cards.values() if c.ship_class == "Romulan Bird-of-Prey Class")
    assert any(r.code.startswith("dial") for r in bird_of_prey.restrictions)


def test_a_ship_whose_dial_the_database_does_not_give_reports_the_card_as_not_applied():
    """A ship whose database gives no dial for its class (here Utopia's Galaxy Class record left out) is not
    judged by the card, and every report says so ("Muster does not apply this card's text … check by hand")
    instead of passing it in silence."""
    document = json.loads(lzma.decompress(UTOPIA_FILE.read_bytes()))
    document["shipClasses"] = [c for c in document["shipClasses"] if c.get("name") != "Galaxy Class"]
    catalog = read_catalog(json.dumps(document).encode())
    report = validate_fleet(fleet(ship("S207", "Cap807", "T212"), ship("S097", "Cap518", "T212")), catalog, W16)
    notes = [(u.card, u.sentence) for u in report.unapplied]
    said = "This Upgrade may only be purchased for a ship that does not have a 4 or higher on its Maneuver Dial"
    assert notes == [("T212", said)]
    judged = [v.ship for v in report.violations if v.code == "CARD_RESTRICTION" and v.card == "T212"]
    assert judged == [1]  # the Maquis Raider's 4 refuses it; the Enterprise-D is not judged


def moves(card) -> dict[int, dict[str, str]]:
    """``dial_move`` facts as speed -> kind -> colour."""
    found: dict[int, dict[str, str]] = {}
    for r in card.restrictions:
        if r.code == "dial_move":
            speed, kind, colour = r.value.split()
            found.setdefault(int(speed), {})[kind] = colour
    return found


def arcs(card) -> list[str]:
    return [r.value for r in card.restrictions if r.code == "firing_arc"]


# Read by hand from the shipped files: Utopia shipClasses "Galaxy Class" ("1": {"straight": "green", "bank":
# "green"}, … "-2": {"straight": "red"}, frontArc "90", rearArc "90") and Space Dock's ShipClassDetail 5000
# (<Maneuver speed="3" kind="left-turn" color="red" /> …, <FrontArc>90</FrontArc>, <RearArc>90</RearArc>).
GALAXY = {
    5: {"straight": "white"},
    4: {"straight": "white"},
    3: {"straight": "green", "bank": "white", "turn": "red"},
    2: {"straight": "green", "bank": "white"},
    1: {"straight": "green", "bank": "green"},
    -1: {"straight": "red"},
    -2: {"straight": "red"},
}
# "Borg Cube": six forward speeds, spins at 1 to 3, three reverse speeds, no forward or rear arc printed.
BORG_CUBE = {
    6: {"straight": "red"},
    5: {"straight": "red"},
    4: {"straight": "white"},
    3: {"straight": "white", "spin": "white"},
    2: {"straight": "green", "spin": "white"},
    1: {"straight": "green", "spin": "green"},
    -1: {"straight": "white"},
    -2: {"straight": "white"},
    -3: {"straight": "red"},
}


def test_the_galaxy_class_dial_and_arcs_from_both_databases(utopia, spacedock):
    """U.S.S. Enterprise-D (S207), Galaxy Class: each speed's moves in their colours, a 90° front and rear arc."""
    enterprise = utopia.get("S207")
    assert (moves(enterprise), arcs(enterprise)) == (GALAXY, ["front 90", "rear 90"])
    galaxy = next(c for c in spacedock.cards.values() if c.kind == "ship" and c.ship_class == "Galaxy Class")
    assert (moves(galaxy), arcs(galaxy)) == (GALAXY, ["front 90", "rear 90"])


def test_the_borg_cube_has_its_spins_reverse_speeds_and_the_360_degree_arc(utopia, spacedock):
    """Cube 384 (S241), Borg Cube: neither database prints a forward or rear arc for it; seed 003, Additional Rules
    Cards, "360-Degree Arcs" is the Borg ships' arc, read as ``all 360``."""
    cube = utopia.get("S241")
    assert (moves(cube), arcs(cube)) == (BORG_CUBE, ["all 360"])
    docked = next(c for c in spacedock.cards.values() if c.kind == "ship" and c.ship_class == "Borg Cube")
    assert (moves(docked), arcs(docked)) == (BORG_CUBE, ["all 360"])


def test_a_180_degree_front_arc_and_utopias_second_arc(utopia):
    """U.S.S. Reliant (S236), Miranda Class: frontArc "180", rearArc "90", its one reverse move "-2" straight red.
    I.K.S. Amar (S308), Warbird Class: frontArc "90", secondArc "45", no rear arc; a come about at 3 (red)."""
    reliant, amar = utopia.get("S236"), utopia.get("S308")
    assert arcs(reliant) == ["front 180", "rear 90"] and moves(reliant)[-2] == {"straight": "red"}
    assert arcs(amar) == ["front 90", "second 45"]
    assert moves(amar)[3] == {"straight": "white", "bank": "white", "turn": "red", "come-about": "red"}


def test_a_colour_the_reader_cannot_say_is_left_out_of_the_moves_not_the_kinds():
    """The reader repairs what the card-file checks refuse: a move in "blue" is not drawn, its kind still counts."""
    document = json.loads(lzma.decompress(UTOPIA_FILE.read_bytes()))
    galaxy = next(c for c in document["shipClasses"] if c.get("name") == "Galaxy Class")
    galaxy["maneuvers"]["3"]["turn"] = "blue"
    galaxy["frontArc"] = "ninety"
    enterprise = read_catalog(json.dumps(document).encode()).get("S207")
    assert "turn" not in moves(enterprise)[3]
    assert any(r.code == "dial_maneuver" and r.value == "turn" for r in enterprise.restrictions)
    assert arcs(enterprise) == ["rear 90"]
