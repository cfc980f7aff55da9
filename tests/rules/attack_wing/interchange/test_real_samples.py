"""Fleets the real Utopia builder wrote, and a Space Dock squad of the same fleet, on the real card files."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.attack_wing import validate_fleet
from rules.attack_wing.interchange import (
    AMBIGUOUS,
    MATCHED,
    NOT_FOUND,
    SPACEDOCK_SQUAD,
    UTOPIA_LINK,
    UTOPIA_TEXT,
    UTOPIA_TTS,
    InterchangeError,
    cost_rows,
    detect_format,
    import_fleet,
)
from tests.conftest import DOCUMENTS_ABSENT, REFERENCE_DIR

UTOPIA_FORMS = {
    "utopia-link": UTOPIA_LINK,
    "utopia.txt": UTOPIA_TEXT,
    "utopia-sets.txt": UTOPIA_TEXT,
    "tts.txt": UTOPIA_TTS,
}


def expected(samples, fleet):
    return json.loads((samples / f"{fleet}.expected.json").read_text())


def utopia_ids(value: str) -> str:
    return value.split(":", 1)[1]


def cards_by_ship(fleet):
    """Each ship's card ids, order aside (the formats list a ship's cards in different orders)."""
    return [
        (s.ship, Counter([*(c for c in (s.captain, s.admiral) if c), *s.upgrades])) for s in fleet.ships
    ], fleet.resources


@pytest.mark.parametrize("form", sorted(UTOPIA_FORMS))
@pytest.mark.parametrize("name", ["romulans", "federation"])
def test_every_utopia_form_imports_the_cards_utopia_holds(utopia, samples, name, form):
    data = (samples / f"{name}.{form}").read_bytes()
    assert detect_format(data) == UTOPIA_FORMS[form]
    result = import_fleet(data, utopia)
    want = expected(samples, name)
    ships = [(utopia_ids(s["ship"]), Counter(utopia_ids(c) for c in s["cards"])) for s in want["ships"]]
    got_ships, got_resources = cards_by_ship(result.fleet)
    if form in ("utopia-link", "tts.txt"):  # ids: exactly Utopia's cards
        assert got_ships == ships
    else:
        # Names are not ids: a name may fit several printings. Same cost and text: either is right;
        # otherwise the report says "ambiguous" and names the others, the right one among them.
        ship_matches = [c for c in result.cards if c.role == "ship"]
        for match, (wanted_ship, wanted_cards), (_, got_cards) in zip(ship_matches, ships, got_ships, strict=True):
            assert match.card_id == wanted_ship or (match.status == AMBIGUOUS and wanted_ship in match.alternatives)
            assert sorted(utopia.get(i).name for i in got_cards.elements()) == sorted(
                utopia.get(i).name for i in wanted_cards.elements()
            )
    assert got_resources == (utopia_ids(want["resource"]),)
    assert not result.by_status(NOT_FOUND)


@pytest.mark.parametrize("name", ["romulans", "federation"])
def test_utopia_text_totals_are_read_and_agree_with_utopia(utopia, samples, name):
    want = expected(samples, name)
    result = import_fleet((samples / f"{name}.utopia.txt").read_bytes(), utopia)
    assert result.source_ship_totals == tuple(want["utopia_ship_totals"])
    assert result.source_total == want["utopia_total"]
    assert not [p for p in result.problems if "add up" in p]
    # every card carries the cost Utopia printed, next to the cost Muster gives it
    rows = cost_rows(result, validate_fleet(result.fleet, utopia, "wizkids-2016"))
    assert all(match.source_cost is not None and cost is not None for match, cost in rows if match.role != "ship")


def test_set_names_pick_the_printing(utopia, samples):
    """With set names, "Tactical Officer (I.R.W. Valdore)" is one card; without, the same-named ones compete."""
    with_sets = import_fleet((samples / "romulans.utopia-sets.txt").read_bytes(), utopia)
    assert not with_sets.by_status(AMBIGUOUS)
    officers = [c for c in with_sets.cards if c.name == "Tactical Officer"]
    assert {c.card_id for c in officers} == {"C195"}


def test_a_utopia_link_into_the_space_dock_catalog_needs_utopia_cards_to_translate(spacedock, samples):
    link = (samples / "romulans.utopia-link").read_text()
    with pytest.raises(InterchangeError, match="a Utopia card id 'S198'"):
        import_fleet(link, spacedock)  # no Utopia data to say what "S198" is


@pytest.mark.parametrize("target", ["utopia", "spacedock"])
def test_space_dock_squad_and_utopia_link_of_one_fleet_import_alike(utopia, spacedock, samples, target):
    """The same fleet from either builder gives the same cards and the same costs, whichever catalog the site uses."""
    catalog = utopia if target == "utopia" else spacedock
    references = {"utopia": utopia, "spacedock": spacedock}
    squad_bytes = (samples / "romulans.spacedocksquad").read_bytes()
    assert detect_format(squad_bytes) == SPACEDOCK_SQUAD
    from_squad = import_fleet(squad_bytes, catalog, references=references)
    from_link = import_fleet((samples / "romulans.utopia-link").read_text(), catalog, references=references)
    for result in (from_squad, from_link):
        assert not result.problems, result.problems
        assert all(c.status == MATCHED for c in result.cards)
    assert cards_by_ship(from_squad.fleet) == cards_by_ship(from_link.fleet)
    squad_report = validate_fleet(from_squad.fleet, catalog, "wizkids-2016")
    link_report = validate_fleet(from_link.fleet, catalog, "wizkids-2016")
    assert squad_report.total == link_report.total
    assert [s.cost for s in squad_report.ships] == [s.cost for s in link_report.ships]
    assert sorted((c.id, c.cost) for s in squad_report.ships for c in s.cards) == sorted(
        (c.id, c.cost) for s in link_report.ships for c in s.cards
    )


def test_the_squad_translates_to_the_exact_cards_of_the_link(utopia, spacedock, samples):
    result = import_fleet(
        (samples / "romulans.spacedocksquad").read_bytes(), utopia, references={"spacedock": spacedock}
    )
    want = expected(samples, "romulans")
    assert cards_by_ship(result.fleet)[0] == [
        (utopia_ids(s["ship"]), Counter(utopia_ids(c) for c in s["cards"])) for s in want["ships"]
    ]
    varel = next(c for c in result.cards if c.name == "Varel")
    assert varel.source_cost == 0  # the player's override in Space Dock, reported beside Muster's cost


def test_the_space_dock_reference_squad_reads_in_both_catalogs(utopia, spacedock):
    path = REFERENCE_DIR / "spacedock-squad-example.spacedock"
    if not path.exists():
        pytest.skip(DOCUMENTS_ABSENT)
    data = path.read_bytes()
    own = import_fleet(data, spacedock)
    assert own.complete and [s.ship for s in own.fleet.ships] == ["1011", "1003"]
    assert own.fleet.resources == ("4004",)
    assert any("typed in by hand" in n for n in own.notes)  # additionalPoints: 5
    translated = import_fleet(data, utopia, references={"spacedock": spacedock})
    assert translated.complete and [s.ship for s in translated.fleet.ships] == ["S198", "S205"]
    # without Space Dock's data, titles still find most cards; the ids-only flagship and resource are reported
    by_title = import_fleet(data, utopia)
    assert {c.source for c in by_title.by_status(NOT_FOUND)} == {"6008", "4004"}
    assert any("4004" in p for p in by_title.problems)


def test_cards_missing_from_the_catalog_are_reported_not_dropped(utopia, spacedock, samples):
    """The 2024 Federation fleet in the 2018 Space Dock data: three cards are not there."""
    result = import_fleet((samples / "federation.utopia.txt").read_bytes(), spacedock, references={"utopia": utopia})
    missing = {c.source for c in result.by_status(NOT_FOUND)}
    assert missing == {"To Boldly Go...", "Subspace Field", "Kell Perim"}
    assert len([p for p in result.problems if "left out" in p]) == 3
    placed = sum(1 + bool(s.captain) + bool(s.admiral) + len(s.upgrades) for s in result.fleet.ships)
    assert placed + len(missing) == sum(1 for c in result.cards if c.role != "resource")


def _without_empty(value):
    """A saved Utopia fleet without empty slots and empty slot lists (Utopia adds some of its own)."""
    if isinstance(value, dict):
        cleaned = {key: _without_empty(item) for key, item in value.items()}
        return {key: item for key, item in cleaned.items() if item not in ({}, [])}
    if isinstance(value, list):
        return [item for item in map(_without_empty, value) if item != {}]
    return value


@pytest.mark.parametrize("index", [0, 1, 2])
def test_written_links_are_the_ones_utopia_was_seen_to_load(utopia, samples, index):
    """These links were loaded in the real Utopia builder, which kept every card where the link put it."""
    from rules.attack_wing import parse_fleet
    from rules.attack_wing.interchange import utopia_link
    from rules.attack_wing.interchange.utopia_share_link import decode_link

    sample = json.loads((samples / "written-by-muster.json").read_text())[index]
    fleet = parse_fleet(sample["fleet"], utopia)[0]
    export = utopia_link(fleet, utopia)
    assert export.left_out == ()
    assert export.text == sample["link"]
    assert _without_empty(decode_link(export.text)) == _without_empty(sample["utopia_saved_after_loading"])
    assert cards_by_ship(import_fleet(export.text, utopia).fleet) == cards_by_ship(fleet)


@pytest.mark.parametrize("index", [0, 1, 2])
def test_real_fleets_survive_every_writer(utopia, samples, index):
    from rules.attack_wing import parse_fleet
    from rules.attack_wing.interchange import muster_text, utopia_text, utopia_tts

    fleet = parse_fleet(json.loads((samples / "written-by-muster.json").read_text())[index]["fleet"], utopia)[0]
    report = validate_fleet(fleet, utopia, "wizkids-2016")
    tts = utopia_tts(fleet, utopia)
    assert cards_by_ship(import_fleet(tts.text, utopia).fleet) == cards_by_ship(fleet)

    def names(result):
        return [
            sorted(utopia.get(i).name for i in (s.ship, s.captain, s.admiral, *s.upgrades) if i)
            for s in result.fleet.ships
        ]

    for text in (utopia_text(fleet, utopia, report).text, muster_text(fleet, report, utopia, name="Real")):
        back = import_fleet(text, utopia)
        assert names(back) == names(import_fleet(tts.text, utopia))
        assert back.source_total == report.total
        assert not [p for p in back.problems if "add up" in p]
        # whatever printing a name chose, Muster prices the fleet the same
        assert validate_fleet(back.fleet, utopia, "wizkids-2016").total == report.total


def test_a_space_dock_fleet_written_as_a_utopia_link(utopia, spacedock, samples):
    """Space Dock cards are translated by name and type into the link Utopia itself made for this fleet."""
    from rules.attack_wing.interchange import utopia_link

    squad = import_fleet((samples / "romulans.spacedocksquad").read_bytes(), spacedock)
    export = utopia_link(squad.fleet, spacedock, utopia_catalog=utopia)
    assert export.left_out == ()
    from_link = import_fleet(export.text, utopia)
    real = import_fleet((samples / "romulans.utopia-link").read_text(), utopia)
    assert cards_by_ship(from_link.fleet) == cards_by_ship(real.fleet)
