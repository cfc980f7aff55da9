"""The German catalog is complete (docs/translation.md): it holds every string the code marks, each one
translated, none fuzzy, every placeholder kept."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.translation_catalog import GERMAN, entries

ROOT = GERMAN.parents[3]
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "staticfiles", "test-artifacts", "snapshots", "mutants", ".mutmut", "__pycache__", "*.sqlite3*"
)


def test_every_entry_is_translated_and_none_is_fuzzy():
    found = entries(GERMAN)
    waiting = [entry.msgid for entry in found if not entry.translated]
    fuzzy = [entry.msgid for entry in found if "fuzzy" in entry.flags]
    assert found, "the German catalog is empty"
    assert not waiting, f"{len(waiting)} German entries are untranslated, e.g. {waiting[:10]}"
    assert not fuzzy, f"{len(fuzzy)} German entries are fuzzy, e.g. {fuzzy[:10]}"


def test_msgfmt_accepts_the_catalog_with_every_placeholder_kept():
    """``msgfmt --check`` refuses a translation that drops or renames a ``%(name)s`` of its English."""
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(GERMAN)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.slow(reason="copies the tree and runs make messages on it")
def test_the_catalog_holds_every_string_the_code_marks(tmp_path: Path):
    """``make messages`` on a copy of the tree finds no marked string the committed catalog lacks."""
    copy = tmp_path / "tree"
    shutil.copytree(ROOT, copy, ignore=NOT_SOURCE, symlinks=True)
    (copy / ".venv").symlink_to(ROOT / ".venv")
    result = subprocess.run(["make", "-s", "messages"], cwd=copy, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        pytest.fail(f"make messages failed: {result.stderr}")
    committed = {entry.key for entry in entries(GERMAN)}
    marked = {entry.key for entry in entries(copy / GERMAN.relative_to(ROOT))}
    missing = sorted(marked - committed)
    assert not missing, f"{len(missing)} marked strings are not in the catalog (run make messages): {missing[:10]}"
