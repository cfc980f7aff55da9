"""``update_cards``: a newer card database is shown card by card, and imported only when confirmed and whole."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from fleets.bundled_cards import read_bundled
from fleets.models import Card, CardDatabase
from tests.snapshots import load_shipped_site

pytestmark = pytest.mark.django_db


@pytest.fixture
def site():
    """The site as ``make run`` sets it up: the shipped Utopia cards, the shipped Space Dock file held (imported
    once per test process, then copied: :mod:`tests.snapshots`)."""
    load_shipped_site()


@pytest.fixture
def newer_utopia(tmp_path):
    """The shipped Utopia file with one cost changed, one text changed, one card added and one gone."""
    data = json.loads(read_bundled("utopia"))
    ship = next(card for card in data["ships"] if card["id"] == "S415")
    ship["cost"] = 31
    captain = next(card for card in data["captains"] if card["id"] == "Cap053")
    captain["text"] = "New wording of the Night Shift ability."
    data["upgrades"].append({**data["upgrades"][-1], "id": "T9999", "name": "Experimental Array", "cost": 4})
    data["resources"] = [card for card in data["resources"] if card["id"] != "R001"]
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def spacedock_file(tmp_path):
    path = tmp_path / "Data.xml"
    path.write_bytes(read_bundled("spacedock"))
    return path


def snapshot() -> tuple:
    cards = tuple(Card.objects.order_by("source_id").values_list("source_id", "cost", "text"))
    held = tuple(CardDatabase.objects.order_by("source").values_list("source", "sha256", "edition"))
    return cards, held


def update(*args) -> str:
    out = StringIO()
    call_command("update_cards", *map(str, args), stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.slow(reason="compares and imports two whole card files")
def test_a_changed_file_prints_its_differences_and_imports_them(site, newer_utopia, spacedock_file):
    output = update(newer_utopia, spacedock_file, "--yes")
    assert "Utopia (the site's cards)" in output and "1 new, 1 cost changed, 1 text changed" in output
    assert "U.S.S. Atlas [S415] (ship): 29 -> 31 SP" in output
    assert "Geordi La Forge [Cap053]" in output and "Experimental Array [T9999]" in output
    assert "Elite Attack Die [R001]" in output  # gone from the file; the catalog keeps it for old fleets
    assert "Space Dock" in output and "0 new, 0 cost changed" in output
    assert Card.objects.get(source_id="S415").cost == 31 and Card.objects.filter(source_id="T9999").exists()
    assert Card.objects.filter(source_id="R001").exists()
    held = CardDatabase.objects.get(source="utopia")
    assert held.origin == str(newer_utopia) and held.edition.startswith("fetched on")


def test_nothing_is_imported_without_confirmation(site, newer_utopia):
    before = snapshot()
    with pytest.raises(SystemExit) as exited:
        update(newer_utopia)  # not a terminal and no --yes
    assert exited.value.code == 1 and snapshot() == before


def test_the_same_files_again_import_nothing(site, spacedock_file, tmp_path):
    same = tmp_path / "data.json"
    same.write_bytes(read_bundled("utopia"))
    before = snapshot()
    assert "already match: nothing to import" in update(same, spacedock_file, "--yes")
    assert snapshot() == before


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda data: data[: len(data) // 3], "not valid JSON"),
        (lambda data: b"<html>rate limited</html>", "not a Space Dock Data.xml"),
        (lambda data: b"\xfd7zXZ\x00" + data[:200], "damaged"),
    ],
    ids=["truncated", "an error page", "a broken archive"],
)
def test_a_truncated_or_corrupted_file_changes_nothing_and_says_why_in_one_line(
    site, newer_utopia, tmp_path, damage, says
):
    broken = tmp_path / "broken"
    broken.write_bytes(damage(read_bundled("utopia")))
    before = snapshot()
    with pytest.raises(CommandError) as raised:
        update(newer_utopia, broken, "--yes")  # the good file is not imported either
    message = str(raised.value)
    assert raised.value.returncode == 2 and "\n" not in message
    assert message.startswith(str(broken)) and says in message and "nothing was imported" in message
    assert snapshot() == before


def test_a_failed_download_changes_nothing(site, settings):
    settings.STAW_CARD_URLS = {"utopia": "http://127.0.0.1:9/data.json", "spacedock": "http://127.0.0.1:9/Data.xml"}
    before = snapshot()
    with pytest.raises(CommandError, match="cannot download http://127.0.0.1:9/data.json"):
        update("--yes")
    assert snapshot() == before


def test_two_files_of_one_builder_are_refused(site, newer_utopia):
    with pytest.raises(CommandError, match="a second Utopia file"):
        update(newer_utopia, newer_utopia, "--yes")
