"""Readers: both real databases import completely; every known flaw is survived and reported."""

from __future__ import annotations

import json

import pytest

from rules.attack_wing import CatalogFormatError, Restriction, read_catalog
from rules.attack_wing.card_text.slots import slots_from_text
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE
from rules.attack_wing.sources import detect_source
from rules.attack_wing.sources.packed import unpack
from rules.attack_wing.sources.spacedock import read_spacedock


def test_utopia_imports_every_card_record(utopia):
    kinds = {}
    for card in utopia.cards.values():
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
    # 397 ships less the duplicated S199; every captain, admiral, upgrade and resource but the builder's helpers.
    assert kinds == {SHIP: 396, CAPTAIN: 389, ADMIRAL: 44, UPGRADE: 1429, RESOURCE: 42, OTHER: 41}
    assert len(utopia.sets) == 253
    assert {s.reason for s in utopia.skipped} == {
        "rules reference for a token, not a card",
        "faction marker used by the builder, not a card",
        "a helper of the builder's own screen, not a card",
    }


def test_the_builders_helper_records_are_not_cards(utopia):
    """Utopia's "Tuesday (Crew)" ("HOW TO USE: Utilize this card to give discount to [crew] upgrade for It Won't
    Be Installed Until Tuesday"), "Voyager Discount" and "Kirk Admiral Slot" ("UTOPIA USE ONLY") and "Lower
    Decks" ("NOT A REAL CARD") work the builder's screen; no player owns them, so they are no cards of the
    catalog, while the talent they stand beside is."""
    helpers = {s.source_id for s in utopia.skipped if s.reason == "a helper of the builder's own screen, not a card"}
    assert helpers == {"C483", "T312", "W251", "Q030", "Q037", "C426"}
    assert all(utopia.get(card_id) is None for card_id in helpers)
    assert utopia.get("E237").name == "It Won't Be Installed Until Tuesday"


def test_spacedock_imports_every_card_record(spacedock):
    kinds = {}
    for card in spacedock.cards.values():
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
    # 927 upgrades, two of which are resource cards placed on a ship (kind OTHER).
    assert kinds == {SHIP: 286, CAPTAIN: 274, ADMIRAL: 30, UPGRADE: 925, RESOURCE: 40, OTHER: 22}
    assert len(spacedock.sets) == 214
    assert all(s.reason == "rules reference, not a card" for s in spacedock.skipped)


def test_ids_are_the_source_ids(utopia, spacedock):
    assert utopia.get("S415").name == "U.S.S. Atlas"
    assert utopia.get("Cap053").name == "Geordi La Forge"
    assert utopia.get("A044").kind == ADMIRAL
    assert spacedock.get("1001").name == "U.S.S. Enterprise-D"
    assert spacedock.get("james_t_kirk_71523").kind == ADMIRAL


def test_real_utopia_flaws_are_reported(utopia):
    warnings = "\n".join(utopia.warnings)
    assert "set 75011: release date '2021-06-31' does not exist" in warnings
    assert "set 72290p: release date '2017-02-29' does not exist" in warnings
    assert "set 75002: release date '2017-12-3' read as 2017-12-03" in warnings
    assert "card S199: listed twice with the same data; sets merged" in warnings
    assert utopia.sets["75002"].release_date.isoformat() == "2017-12-03"
    assert utopia.sets["75011"].release_date is None
    # ["T311"] and ["T311", "T311a"] are two printings: both kept, under distinct ids.
    assert utopia.get("T311").name == utopia.get("T311a").name == "Navigational Deflector"
    assert "75006" in utopia.get("S199").set_ids and "72290p" in utopia.get("S199").set_ids


def test_html_in_card_text_is_kept_raw(utopia):
    assert "<b>WHENEVER THIS SHIP PERFORMS A</b>" in utopia.get("S415").text


def test_restrictions_become_data(utopia):
    dorsal = utopia.get("W223")
    assert Restriction("hull_min", 4) in dorsal.restrictions
    assert Restriction("one_per_ship") in dorsal.restrictions
    assert Restriction("ship_class", "Prometheus Class") in utopia.get("T278").restrictions
    assert Restriction("captain_faction", "federation") in utopia.get("E196").restrictions
    assert utopia.get("A044").grants_slots == ("crew", "crew")  # "Add 2 [crew] to this ship's Upgrade Bar"
    assert utopia.get("R011b").grants_slots == ("crew", "weapon")  # officer: upgradeSlots + its text
    assert utopia.get("R010e").grants_slots == ("crew", "crew", "talent")  # crewAdd / talentAdd
    assert Restriction("fleet_discount", "crew", 1) in utopia.get("R010e").restrictions
    assert Restriction("requires_resource", "R010") in utopia.get("R010e").restrictions


def test_oversized_base_is_derived_from_the_class_name(utopia):
    """Seed 003, Suggested tournament format: Borg Cube Class and Nor Class Orbital Space Station."""
    oversized = {c.ship_class for c in utopia.cards.values() if Restriction("oversized_base") in c.restrictions}
    assert oversized == {"Borg Cube", "Nor Class Orbital Space Station"}


def test_errata_mark_mirror_universe_unique_cards(utopia, spacedock):
    """Seed 003, Errata 8-12: these cards carry the Mirror Universe Unique icon."""
    assert utopia.get("E066").mirror_unique and not utopia.get("E066").unique
    assert not utopia.get("E222").mirror_unique  # the Klingon "Strafing Run" is not affected
    assert spacedock.get("rebellion_71529").mirror_unique


def test_spacedock_special_codes(spacedock):
    first_strike = next(c for c in spacedock.cards.values() if c.name == "First Strike")
    assert Restriction("hull_max", 3) in first_strike.restrictions
    assert any(c.grants_slots == ("tech",) for c in spacedock.cards.values() if c.kind == CAPTAIN)
    assert any("Special Code" in w or "Special code" in w for w in spacedock.warnings)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("Add 1 [crew_text] to this ship's Upgrade Bar.", ("crew",)),
        ("Add two [crew_text] to this ship's Upgrade Bar", ("crew", "crew")),
        ("Add 1 [tech_text] or [weapon_text] Upgrade to your Upgrade Bar (your choice)", ("tech|weapon",)),
        (
            "Add 1 additional [weapon_text] icon and 1 additional [tech_text] icon to your ship's Upgrade Bar",
            ("weapon", "tech"),
        ),
        ("If this ship is a Galaxy Class, add 1 [crew_text] to this ship's Upgrade Bar", ()),
    ],
)
def test_slots_from_card_text(text, slots):
    assert slots_from_text(text, ("crew", "tech", "weapon", "talent", "borg", "squadron")) == slots


# ---- small files made here, one per flaw ---------------------------------------------------


def _utopia(**sections) -> bytes:
    document = {"sets": [{"id": "s1", "name": "Set", "releaseDate": "2015-01-01", "parentSet": "Wave 1"}], "ships": []}
    document.update(sections)
    return json.dumps(document).encode()


SHIP_RECORD = {
    "type": "ship",
    "id": "S1",
    "set": ["s1"],
    "name": "A",
    "class": "Galaxy Class",
    "upgrades": ["crew"],
    "attack": 3,
    "agility": 1,
    "hull": 4,
    "shields": 3,
    "cost": 20,
    "factions": ["federation"],
}


def test_sample_list_id_takes_its_first_free_id():
    upgrade = {"type": "crew", "id": ["C1", "C1a"], "set": ["s1"], "name": "X", "cost": 2, "factions": ["federation"]}
    catalog = read_catalog(_utopia(upgrades=[upgrade]))
    assert catalog.get("C1").name == "X"
    assert catalog.get("C1a").id == "C1"  # alias
    assert any("id given as a list" in w for w in catalog.warnings)


def test_sample_duplicate_id_with_different_data_is_skipped():
    other = dict(SHIP_RECORD, name="B", cost=30)
    catalog = read_catalog(_utopia(ships=[SHIP_RECORD, other]))
    assert catalog.get("S1").name == "A"
    assert catalog.skipped[0].source_id == "S1" and "duplicate id" in catalog.skipped[0].reason


def test_sample_duplicate_id_with_same_data_is_merged():
    again = dict(SHIP_RECORD, set=["s2"])
    catalog = read_catalog(_utopia(ships=[SHIP_RECORD, again]))
    assert catalog.get("S1").set_ids == ("s1", "s2")
    assert not catalog.skipped


@pytest.mark.parametrize(
    ("value", "expected", "warning"),
    [
        ("2017-02-29", None, "does not exist"),
        ("2021-06-31", None, "does not exist"),
        ("2017-12-3", "2017-12-03", "read as"),
        ("soon", None, "is not a date"),
    ],
)
def test_sample_bad_dates_are_repaired_or_dropped(value, expected, warning):
    data = json.dumps({"sets": [{"id": "s1", "name": "S", "releaseDate": value, "parentSet": ""}], "ships": []})
    catalog = read_catalog(data.encode())
    got = catalog.sets["s1"].release_date
    assert (got.isoformat() if got else None) == expected
    assert warning in catalog.warnings[0]


def test_sample_html_text_is_kept():
    record = dict(SHIP_RECORD, text="<b>ACTION:</b> <script>x</script>")
    assert read_catalog(_utopia(ships=[record])).get("S1").text == "<b>ACTION:</b> <script>x</script>"


def test_sample_records_that_are_not_objects_are_skipped():
    catalog = read_catalog(_utopia(ships=[SHIP_RECORD, "junk"]))
    assert catalog.skipped[0].reason == "record is not an object"


@pytest.mark.parametrize(
    "data",
    [
        b'{"ships": [',
        b"",
        b"not a card file",
        b'{"cards": []}',
        b"<Data><Ships>",
        b"<Other/>",
        b'<!DOCTYPE d [<!ENTITY a "a">]><Data><Ships/></Data>',
        b'{"ships": 5}',
    ],
)
def test_malformed_or_truncated_files_raise_one_clear_error(data):
    with pytest.raises(CatalogFormatError) as raised:
        read_catalog(data)
    assert "\n" not in str(raised.value)


def test_truncated_real_file_raises(utopia_path):
    with pytest.raises(CatalogFormatError, match="not valid JSON"):
        read_catalog(unpack(utopia_path.read_bytes())[:50_000])
    with pytest.raises(CatalogFormatError, match="the xz file is truncated"):
        read_catalog(utopia_path.read_bytes()[:50_000])


def test_sample_spacedock_file():
    xml = b"""<Data><Sets><Set id="s1" overallSetName="Reinforcement Boosters" releaseDate="2015-11-1">B</Set></Sets>
    <Ships><Ship><Title>T</Title><Unique>Y</Unique><ShipClass>Borg Cube</ShipClass><Faction>Borg</Faction>
    <Attack>6</Attack><Agility>0</Agility><Hull>10</Hull><Shield>6</Shield><Ability>x</Ability><Cost>50</Cost>
    <Crew>1</Crew><Borg>2</Borg><Id>9</Id><Set>s1</Set></Ship><Ship><Title>Dup</Title><Id>9</Id><Cost>1</Cost>
    <Set>s1</Set></Ship></Ships>
    <Upgrades><Upgrade><Title>U</Title><Type>Weapon</Type><Faction>Klingon</Faction><Cost>3</Cost><Id>u1</Id>
    <Set>s1</Set><Special>Plus5NotXindiAndNoMoreThanOnePerShip</Special></Upgrade></Upgrades></Data>"""
    catalog = read_catalog(xml)
    assert detect_source(xml) == "spacedock"
    assert catalog.get("9").slots == ("crew", "borg", "borg")
    assert Restriction("oversized_base") in catalog.get("9").restrictions
    assert catalog.sets["s1"].blind_booster and catalog.sets["s1"].release_date.isoformat() == "2015-11-01"
    assert catalog.skipped[0].source_id == "9"
    assert set(catalog.get("u1").restrictions) == {
        Restriction("extra_cost_unless_ship_faction", "xindi", 5),
        Restriction("one_per_ship"),
    }


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_dtd_is_refused_in_any_encoding(encoding):
    """Issue 24, item 11: a byte search for ``<!DOCTYPE`` missed a UTF-16 file, whose entities were expanded.
    The parser itself refuses any DTD (defusedxml)."""
    text = (
        f'<?xml version="1.0" encoding="{encoding}"?>'
        '<!DOCTYPE Data [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        "<Data><Sets/><Ships><Ship><Id>1</Id><Title>&b;</Title></Ship></Ships></Data>"
    )
    with pytest.raises(CatalogFormatError, match="DTD"):
        read_spacedock(text.encode(encoding))
