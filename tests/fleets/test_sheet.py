"""The Fleet Build Sheet PDF (seed 003, Suggested tournament format: "players must record their
Fleets on a Fleet Build Sheet ... At the start of every Battle Round players must verify their
opponent's Fleet build and sign off on it").

The text is read back with pypdf; page 1 is rendered to PNG with poppler's ``pdftoppm`` and kept
under ``test-artifacts/`` so a person can look at the layout.
"""

import os
import re
import shutil
import subprocess
from datetime import date
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.graphics.barcode import qrencoder
from reportlab.pdfgen.canvas import Canvas

from fleets import sheets
from fleets.sheets import render_fleet_sheet, render_fleet_text
from tests.fleets.factories import (
    AdmiralFactory,
    CaptainFactory,
    ResourceFactory,
    ShipFactory,
    UpgradeFactory,
    fleet_catalog,
    legal_content,
    saved_fleet,
)
from tests.snapshots import load_real_catalog

pytestmark = pytest.mark.django_db

ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"
SITE = "https://muster.example.org/"


def pdf_text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(BytesIO(pdf))
    return len(reader.pages), " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def render_png(pdf: bytes, name: str, dpi: int = 80) -> Path:
    """Page 1 as PNG under test-artifacts/ (poppler-utils; CI must have it)."""
    if shutil.which("pdftoppm") is None:
        if os.environ.get("CI"):
            pytest.fail("pdftoppm not found: install poppler-utils")
        pytest.skip("pdftoppm not found; install it with: apt-get install -y poppler-utils")
    ARTIFACTS.mkdir(exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(source), str(ARTIFACTS / name)],
        check=True,
    )
    png = ARTIFACTS / f"{name}.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return png


def sheet(version, **extra) -> bytes:
    return render_fleet_sheet(
        version=version, player_name="Kathryn Janeway", email="janeway@example.org", site_url=SITE, **extra
    )


@pytest.fixture
def cards():
    return fleet_catalog()


def test_the_sheet_carries_the_official_fields_every_card_and_the_totals(cards):
    version = saved_fleet(cards, content={**legal_content(cards), "resources": [cards.resource]}).current_version
    pdf = sheet(version, event_name="Delta Quadrant Open", event_date=date(2024, 5, 4))
    pages, text = pdf_text(pdf)
    assert pages == 1
    for expected in (
        "Date 2024-05-04",
        "Event Delta Quadrant Open",
        "Faction Federation",
        "Name Kathryn Janeway",
        "E-mail janeway@example.org",
        "Type Card Title Faction SP",
        "Ship 1 total 26",
        "Ship 3 total 26",
        "Ship 1 26 Ship 2 26 Ship 3 26 Ship 4 Resource 5 Other 0 Total 83",
        "Opponent's Name",
        "Opponent's Initials (Verify Build)",
        "Your Result (W-L-B)",
        "Your Fleet Points",
        "Cumulative Fleet Points",
        "Opponent's Initials (Verify Results)",
        f"Verification code: {version.code}",
        f"{SITE}fleets/verify/{version.pk}/{version.code}/",
        f"or type the code at {SITE}fleets/verify/",
    ):
        assert expected in text, expected
    assert text.count("Battle Round") == 3
    assert "Class 0" in text and "Photon" not in text  # ship classes shown; only the cards in the fleet


def test_faction_penalties_are_added_up_under_the_card(cards):
    """Seed 003, Additional Rules 20: +1 SP for a captain or upgrade of another faction, printed under the
    card as the sum a judge checks by hand (issue 26)."""
    content = legal_content(cards)
    content["ships"][0]["captain"] = cards.klingon_captain
    content["ships"][0]["upgrades"] = [cards.klingon_crew]
    _, text = pdf_text(sheet(saved_fleet(cards, content=content).current_version))
    assert "Kurn 3 +1 faction penalty = 4 Klingon 4" in text
    assert "Klingon Crew 3 +1 faction penalty = 4 Klingon 4" in text
    assert "Ship 1 total 28" in text


def test_the_sheet_leaves_event_fields_blank_without_an_event(cards):
    _, text = pdf_text(sheet(saved_fleet(cards).current_version))
    assert "Date Event Faction" in text


def test_a_fifth_ship_counts_as_other(cards):
    extra = [ShipFactory(cost=5, name=f"Shuttle {n}").source_id for n in range(2)]
    content = legal_content(cards)
    content["ships"].append({"ship": cards.heavy, "captain": cards.captains[3]})
    content["ships"] += [{"ship": ship, "captain": CaptainFactory(cost=0).source_id} for ship in extra]
    _, text = pdf_text(sheet(saved_fleet(cards, content=content).current_version))
    assert "Ship 4 43 Resource 0 Other 10 Total 131" in text


def test_four_ships_with_six_upgrades_and_long_names_fit_on_one_page():
    long_names = "Multi-Adaptive Shielding and Reinforced Structural Integrity Field Generator Mark"
    ships = [
        {
            "ship": ShipFactory(
                cost=20, name=f"I.K.S. Extraordinarily Long Registry Name Number {n}", ship_class="Negh'Var Class"
            ).source_id,
            "captain": CaptainFactory(cost=4, name=f"Captain With A Very Long Name And Title {n}").source_id,
            "admiral": AdmiralFactory(cost=3, name="Admiral Of The Fleet With Long Name").source_id if n == 0 else None,
            "upgrades": [
                UpgradeFactory(cost=1, unique=False, name=f"{long_names} {n}-{u}").source_id for u in range(6)
            ],
        }
        for n in range(4)
    ]
    cards = {"resource": ResourceFactory(cost=5, name="Fleet Captain With Independent Officer").source_id}
    fleet = saved_fleet(None, content={"ships": ships, "resources": [cards["resource"]]})
    pdf = sheet(fleet.current_version, event_name="A Tournament With A Name Far Longer Than Any Store Would Use")
    render_png(pdf, "fleet-sheet-4-ships-6-upgrades")
    pages, text = pdf_text(pdf)
    assert pages == 1
    assert "Ship 1 total 33" in text and "Ship 4 total 30" in text and "Total 128" in text
    assert re.search(r"Generator Mark 3-5", text)  # the wrapped title is all there


def test_the_printed_qr_code_is_the_verification_urls_code_module_for_module():
    """Rendered and read back: every module of the printed code, sampled at its centre, is dark
    exactly where the code of the verification URL has a dark module (upright, inside its quiet zone)."""
    url = f"{SITE}fleets/verify/1/ABCDEFGH/"
    code = sheets.QrCode(url)
    pdf = BytesIO()
    canvas = Canvas(pdf, pagesize=(code.width, code.height))
    code.drawOn(canvas, 0, 0)
    canvas.save()
    picture = Image.open(render_png(pdf.getvalue(), "qr-code", dpi=600)).convert("L")
    modules = len(code.matrix) + 2 * code.QUIET_ZONE
    step = picture.width / modules

    def dark(row: int, column: int) -> bool:
        return picture.getpixel((int((column + 0.5) * step), int((row + 0.5) * step))) < 128

    printed = [[dark(row, column) for column in range(modules)] for row in range(modules)]
    quiet = [False] * code.QUIET_ZONE
    wanted = [[False] * modules] * code.QUIET_ZONE
    wanted += [quiet + [bool(module) for module in line] + quiet for line in code.matrix]
    wanted += [[False] * modules] * code.QUIET_ZONE
    assert printed == wanted


def test_the_qr_code_with_its_fixed_mask_is_the_standards_code_of_the_url():
    """An encoder written apart from the one the sheet uses (ReportLab's), given the same mask and
    error correction level, places every module of the verification URL's code the same way."""
    url = f"{SITE}fleets/verify/123456/ABCDEFGH/"
    other = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    other.addData(url)
    other.make()
    other.makeImpl(False, sheets.QrCode.MASK)
    size = other.getModuleCount()
    assert [[bool(module) for module in line] for line in sheets.QrCode(url).matrix] == [
        [other.isDark(row, column) for column in range(size)] for row in range(size)
    ]


def test_a_real_catalog_fleet_sheet(utopia_path):
    """The base fleet of the engine tests: legal at exactly 130 SP with the Utopia cards."""
    load_real_catalog(origin=str(utopia_path))
    content = {
        "format": "wizkids-2016",
        "ships": [
            {"ship": "S273", "captain": "Cap049", "upgrades": ["T259", "W202", "C462", "C469"]},
            {"ship": "S363", "captain": "Cap043", "upgrades": ["T259", "T149", "W202", "C464", "C474"]},
            {"ship": "S341", "captain": "Cap051", "upgrades": ["W202", "W159", "W158"]},
        ],
    }
    version = saved_fleet(None, content=content).current_version
    assert (version.total, version.legal) == (130, True)
    pdf = sheet(version, event_name="Store Championship", event_date=date(2016, 6, 4))
    pages, text = pdf_text(pdf)
    assert pages == 1
    for expected in (
        "Federation Starship (Galaxy Class) Federation 22",
        "Jean-Luc Picard Federation 6",
        "Quantum Torpedoes Federation 6",
        "Ship 1 total 44",
        "Ship 2 total 47",
        "Ship 3 total 39",
        "Total 130",
    ):
        assert expected in text, expected
    render_png(pdf, "fleet-sheet-real-catalog")
    assert "Total: 130 SP" in render_fleet_text(version=version)
