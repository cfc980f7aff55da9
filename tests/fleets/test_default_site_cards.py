"""The default site (the card files Muster ships, installed as ``make run`` installs them) reads both
builders' lists whole and names the cards it priced them with."""

from __future__ import annotations

import json
from html import unescape
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from fleets.bundled_cards import read_bundled
from fleets.models import CardDatabase
from fleets.selectors import catalog_edition, held_catalog, read_import
from fleets.sheets import render_fleet_sheet
from rules.attack_wing import read_catalog
from rules.attack_wing.crosswalk import crosswalk, printed_differences
from tests.conftest import DOCUMENTS_ABSENT, REFERENCE_DIR, SPACEDOCK_SQUADS
from tests.fleets.factories import fleet_catalog, legal_content, saved_fleet

SAMPLES = Path(__file__).resolve().parent.parent / "rules" / "attack_wing" / "interchange" / "samples"
EDITION = "Utopia cards, commit 5b4d6d1 of 2025-07-26"
SPACE_DOCK_TESTS = SPACEDOCK_SQUADS  # shipped with the tests: the cost check runs wherever they do


@pytest.fixture(scope="module")
def default_site(django_db_setup, django_db_blocker):
    """``import_cards`` with no file, once for the module: the shipped catalog and the held Space Dock file."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        call_command("import_cards", stdout=StringIO())
        yield
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def printed_apart(default_site) -> set[tuple[str, str]]:
    """(Utopia id, Space Dock id) of the cards the two files print differently (``crosswalk.printed_differences``:
    data, not rules; mostly generic ships Utopia prices at a later printing's cost)."""
    utopia, spacedock = read_catalog(read_bundled("utopia")), read_catalog(read_bundled("spacedock"))
    walk = crosswalk(utopia, spacedock)
    return {(u_id, walk.pairs[u_id]) for u_id in printed_differences(utopia, spacedock, walk)}


def assert_whole_at_space_dock_prices(preview, squad_file: str, printed_apart: set) -> None:
    """Not one card dropped, and every ship, captain, admiral and upgrade at the printed cost Space
    Dock's own file gives it, but where the two files print a card differently
    (docs/attack-wing-rules.md, "Printed values"): a pair of ``printed_differences``, or a generic
    ship, which Utopia's file (2024) prices at its later printing. Resources and the cards they
    bring (flagships, fleet captains) are printed apart by the two files; what a fleet pays for
    them is the engine's to price (see the flagship test below).
    """
    spacedock = held_catalog("spacedock")
    assert preview.counts["not_found"] == 0, (squad_file, preview.counts)
    for row in preview.rows:
        assert row.card is not None, (squad_file, row.match)
        sd_card = spacedock.cards.get(source_id(row.match.source))
        if sd_card is None or row.card.kind in ("resource", "other"):
            continue  # an id newer than the shipped Space Dock file (read by its title), or a resource's card
        generic_ship = row.card.kind == "ship" and not row.card.unique
        if (row.card.id, sd_card.id) not in printed_apart and not generic_ship:
            assert row.card.cost == sd_card.cost, (squad_file, row.match.source, row.card.id, row.card.cost)


def source_id(source: str) -> str:
    """``"Tactical Officer (3035)"`` -> ``"3035"``; a bare id stays as it is."""
    return source.rsplit("(", 1)[-1].rstrip(")") if source.endswith(")") else source


@pytest.mark.django_db
def test_a_space_dock_squad_imports_whole_on_the_default_site(default_site):
    """No card printed differently in the two files here: every card at Space Dock's own cost."""
    preview = read_import((SAMPLES / "romulans.spacedocksquad").read_bytes())
    assert preview.counts["ambiguous"] == 0
    assert_whole_at_space_dock_prices(preview, "romulans.spacedocksquad", set())


@pytest.mark.django_db
@pytest.mark.skipif(not REFERENCE_DIR.exists(), reason=DOCUMENTS_ABSENT)
def test_space_docks_example_squad_keeps_its_flagship_resource_and_tactical_officers(default_site):
    """The flagship (6008) and resource (4004) are held; Tactical Officer (3035) is Space Dock's 3 SP card."""
    preview = read_import((REFERENCE_DIR / "spacedock-squad-example.spacedock").read_bytes())
    assert preview.counts["ambiguous"] == 0
    assert_whole_at_space_dock_prices(preview, "spacedock-squad-example.spacedock", set())
    sources = {row.match.source: row for row in preview.rows}
    assert {"6008", "4004", "Tactical Officer (3035)"} <= sources.keys()
    assert sources["Tactical Officer (3035)"].card.cost == 3
    # Space Dock prints the flagship's 10 SP on the resource, Utopia on the card: the fleet pays 10 once
    assert sources["6008"].cost + sources["4004"].cost == 10


@pytest.mark.django_db
@pytest.mark.parametrize("file", ["squads_for_test.spacedocksquads", "specials.spacedocksquads"])
def test_every_space_dock_test_squad_imports_whole_on_the_default_site(default_site, printed_apart, file):
    """Space Dock's 105 test squads come in with no card dropped, the five of only a Reinforcements Sideboard
    (the 2014 format's: its card, point 1; FAQ 2014-12-04 and 2016-05-31, "Reinforcements Sideboard") with every
    card on the fleet's sideboard at Space Dock's own printed cost."""
    data = (SPACE_DOCK_TESTS / file).read_bytes()
    squads = json.loads(data)
    assert len(squads) in (22, 83)
    sideboards = 0
    for index, squad in enumerate(squads):
        if all(ship.get("sideboard") for ship in squad["ships"]):
            sideboards += 1
            preview = read_import(data, squad=index)
            assert [row.match.role for row in preview.rows].count("sideboard") == len(squad["ships"][0]["upgrades"]) + 1
            assert_whole_at_space_dock_prices(preview, f"{file}#{index + 1}", printed_apart)
            continue
        # a generic ship Utopia names otherwise (Space Dock's "Dominion Starship" of the Jem'Hadar Battleship is
        # Utopia's "Jem'Hadar Battleship", S288) is found by its class
        preview = read_import(data, squad=index)
        assert_whole_at_space_dock_prices(preview, f"{file}#{index + 1}", printed_apart)
    assert sideboards == (5 if file.startswith("specials") else 0)


@pytest.mark.django_db
def test_the_site_names_the_cards_it_uses(default_site):
    assert catalog_edition() == EDITION
    assert set(CardDatabase.objects.values_list("origin", flat=True)) == {"bundled with Muster"}


@pytest.mark.django_db
def test_check_fleet_needs_no_card_file_on_a_site_without_a_catalog(tmp_path):
    """A clone with an empty database (or none yet): the shipped Utopia file prices a Utopia link."""
    out = StringIO()
    with pytest.raises(SystemExit):  # a two-ship list is short of the format's three: exit status 1
        call_command("check_fleet", str(SAMPLES / "romulans.utopia-link"), stdout=out)
    assert "[S198]" in out.getvalue() and "0 not found" in out.getvalue()


@pytest.mark.django_db
def test_check_page_and_its_sheet_name_the_cards_edition(client, default_site):
    page = unescape(client.get("/check/").content.decode())
    assert f"Costs from {EDITION}." in page
    response = client.post("/check/", {"text": json.dumps(legal_content(fleet_catalog()))})
    assert f"Costs from {EDITION}." in unescape(response.content.decode())


@pytest.mark.django_db
def test_the_fleet_build_sheet_footer_names_the_cards_edition(default_site):
    fleet = saved_fleet(fleet_catalog())
    pdf = render_fleet_sheet(version=fleet.current_version, player_name="P", email="", site_url="http://testserver/")
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    assert f"Costs by Muster from {EDITION}." in " ".join(text.split())
