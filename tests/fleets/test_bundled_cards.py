"""The card databases Muster ships (``fleets/card_data/``): whole, checked, licensed, read as they are."""

import gzip
import hashlib
import json
import lzma
from pathlib import Path

import pytest

from fleets import bundled_cards
from fleets.bundled_cards import CARD_DATA_DIR, BundledDataError, bundled, read_bundled
from rules.attack_wing import read_catalog
from rules.attack_wing.sources import CatalogFormatError, detect_source, packed

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize(("source", "at_least"), [("utopia", 2000), ("spacedock", 1400)])
def test_each_shipped_database_matches_its_checksum_and_holds_the_real_catalog(source, at_least):
    data = read_bundled(source)
    assert hashlib.sha256(data).hexdigest() == bundled(source).sha256
    assert detect_source(data) == source and len(read_catalog(data).cards) > at_least


def test_the_data_folder_names_every_source_and_ships_its_licence_texts():
    readme = (CARD_DATA_DIR / "README.md").read_text(encoding="utf-8")
    manifest = json.loads((CARD_DATA_DIR / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest.values():
        assert entry["repository"] in readme and entry["commit"] in readme and entry["sha256"] in readme
        assert entry["licence"].split("-only")[0] in readme
        for licence in entry["licence_files"]:
            assert (CARD_DATA_DIR / licence).stat().st_size > 5000
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert "LGPL-3.0" in notice and "Apache-2.0" in notice and "MIT" in (ROOT / "LICENSE").read_text()


def test_a_damaged_shipped_file_is_refused_not_read(tmp_path, monkeypatch):
    copy = tmp_path / "utopia-data.json.xz"
    copy.write_bytes(lzma.compress(read_bundled("utopia") + b"\n"))  # one byte more: still valid JSON
    bundled.cache_clear()
    monkeypatch.setattr(bundled_cards, "CARD_DATA_DIR", tmp_path)
    (tmp_path / "manifest.json").write_text((CARD_DATA_DIR / "manifest.json").read_text())
    try:
        with pytest.raises(BundledDataError, match="does not match its checksum"):
            read_bundled("utopia")
    finally:
        bundled.cache_clear()


def test_card_files_read_alike_plain_xz_and_gzip():
    plain = read_bundled("spacedock")
    assert packed.unpack(gzip.compress(plain)) == plain == packed.unpack(lzma.compress(plain))
    assert packed.unpack(plain) is plain


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[: len(data) // 2], "truncated"),
        (lambda data: data[:12] + b"\x00" * 64 + data[76:], "damaged"),
    ],
    ids=["truncated", "corrupted"],
)
def test_a_truncated_or_corrupted_archive_is_a_format_error(damage, message):
    with pytest.raises(CatalogFormatError, match=message):
        read_catalog(damage(bundled("utopia").path.read_bytes()))


def test_an_archive_that_unpacks_without_end_is_refused(monkeypatch):
    monkeypatch.setattr(packed, "MAX_UNPACKED_BYTES", 1000)
    with pytest.raises(CatalogFormatError, match="unpacks to more than"):
        packed.unpack(gzip.compress(b"{" + b" " * 5000))
