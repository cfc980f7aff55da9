"""``manage.py import_cards`` and :mod:`fleets.catalog_import`: sample files the tests make, and the real ones."""

import copy
import http.server
import json
import threading
from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from fleets import catalog_import
from fleets.catalog_import import CatalogImportError, import_catalog
from fleets.management.commands.import_cards import Command
from fleets.models import Card, CardSet
from fleets.selectors import load_catalog
from rules.attack_wing.sources import read_catalog
from tests.fleets.factories import SPACEDOCK_XML, utopia_document

pytestmark = pytest.mark.django_db


def write_json(tmp_path, document, name="data.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def run_import(location, *args) -> str:
    out = StringIO()
    call_command("import_cards", str(location), *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def catalog_snapshot():
    """Every stored value of every card and set, to prove an import left them alone."""
    return list(Card.objects.order_by("pk").values()), list(CardSet.objects.order_by("pk").values())


@pytest.fixture
def sample(tmp_path):
    return write_json(tmp_path, utopia_document())


def test_sample_import_stores_every_card_and_set(sample):
    output = run_import(sample)

    assert "cards: 4 added, 0 changed, 0 unchanged, 0 skipped" in output
    assert "sets: 2 added" in output
    ship = Card.objects.get(source_id="S001")
    assert (ship.kind, ship.source, ship.hull, ship.shields, ship.slots) == (
        "ship",
        "utopia",
        5,
        4,
        ["crew", "crew", "crew", "weapon", "weapon"],
    )
    assert Card.objects.get(source_id="C001").factions == ["federation", "independent"]
    assert CardSet.objects.get(source_id="71121").release_date == date(2013, 6, 1)


def test_second_import_of_the_same_file_changes_nothing(sample):
    run_import(sample)
    before = catalog_snapshot()

    output = run_import(sample)

    assert "cards: 0 added, 0 changed, 4 unchanged" in output
    assert "sets: 0 added, 0 changed, 2 unchanged" in output
    assert "nothing was written" in output
    assert catalog_snapshot() == before  # not even the ``updated`` timestamps moved


def test_changed_card_is_updated_in_place(tmp_path, sample):
    run_import(sample)
    before = {card.source_id: card for card in Card.objects.all()}
    document = utopia_document()
    document["ships"][0]["cost"] = 30

    output = run_import(write_json(tmp_path, document))

    assert "cards: 0 added, 1 changed, 3 unchanged" in output
    after = {card.source_id: card for card in Card.objects.all()}
    assert (after["S001"].pk, after["S001"].cost) == (before["S001"].pk, 30)
    assert after["S001"].updated > before["S001"].updated
    assert after["Cap001"].updated == before["Cap001"].updated


def test_card_missing_from_a_later_file_is_kept_and_reported(tmp_path, sample):
    run_import(sample)
    document = utopia_document()
    document["resources"] = []

    output = run_import(write_json(tmp_path, document))

    assert "Not in the file, kept (1):\n  R001" in output
    assert Card.objects.filter(source_id="R001").exists()


def test_id_given_as_a_list_keeps_the_other_ids_as_aliases(tmp_path):
    document = utopia_document()
    document["upgrades"][0]["id"] = ["C001", "C001a"]

    output = run_import(write_json(tmp_path, document))

    assert Card.objects.get(source_id="C001").alias_ids == ["C001a"]
    assert load_catalog().get("C001a").name == "Khan Singh"
    assert "id given as a list" in output


def test_duplicated_id_keeps_the_first_record_and_reports_the_second(tmp_path):
    document = utopia_document()
    twin = copy.deepcopy(document["ships"][0]) | {"name": "U.S.S. Impostor"}
    document["ships"].append(twin)

    output = run_import(write_json(tmp_path, document))

    assert Card.objects.get(source_id="S001").name == "U.S.S. Enterprise-D"
    assert "Skipped (1):\n  S001: duplicate id" in output


def test_unpadded_date_is_repaired_and_impossible_date_dropped_with_warnings(tmp_path):
    document = utopia_document()
    document["sets"][0]["releaseDate"] = "2017-12-3"
    document["sets"][1]["releaseDate"] = "2017-02-29"

    output = run_import(write_json(tmp_path, document))

    assert CardSet.objects.get(source_id="71120").release_date == date(2017, 12, 3)
    assert CardSet.objects.get(source_id="71121").release_date is None
    assert "Warnings (2):" in output


def test_html_text_is_stored_as_given(sample):
    """The database keeps the source markup; only the card_html filter turns it into HTML."""
    run_import(sample)

    assert Card.objects.get(source_id="S001").text == "<b>ACTION:</b> Fire in any direction."


def test_truncated_file_aborts_and_leaves_the_catalog_exactly_as_it_was(tmp_path, sample):
    run_import(sample)
    before = catalog_snapshot()
    document = utopia_document()
    document["ships"][0]["cost"] = 99
    complete = json.dumps(document)
    truncated = tmp_path / "truncated.json"
    truncated.write_text(complete[: len(complete) // 2])

    with pytest.raises(CommandError, match="not valid JSON.*nothing was imported"):
        run_import(truncated)

    assert catalog_snapshot() == before


def test_malformed_file_exits_non_zero_with_one_line_and_no_traceback(tmp_path, capsys):
    """Runs the command as ``manage.py`` does, which turns a CommandError into a message and an exit code."""
    broken = tmp_path / "broken.xml"
    broken.write_text("<Data><Ships><Ship>")

    with pytest.raises(SystemExit) as exit_info:
        Command().run_from_argv(["manage.py", "import_cards", str(broken), "--skip-checks"])

    assert exit_info.value.code != 0
    error = capsys.readouterr().err
    assert error.startswith("CommandError: Space Dock file is not well-formed XML")
    assert "Traceback" not in error


def test_write_failure_midway_rolls_back_the_whole_import(sample, monkeypatch):
    """One transaction: sets written before the cards fail are undone too."""
    monkeypatch.setattr(Card.objects, "bulk_create", _raise_runtime_error)

    with pytest.raises(RuntimeError):
        import_catalog(data=sample.read_bytes())

    assert not CardSet.objects.exists()


def _raise_runtime_error(*args, **kwargs):
    raise RuntimeError("disk full")


def test_space_dock_sample_imports_into_an_empty_catalog(tmp_path):
    path = tmp_path / "Data.xml"
    path.write_text(SPACEDOCK_XML)

    output = run_import(path)

    assert output.startswith("Imported Space Dock cards")
    ship = Card.objects.get(source_id="1001")
    assert (ship.source, ship.slots) == ("spacedock", ["crew", "crew", "crew", "weapon", "weapon"])


def test_space_dock_on_top_of_utopia_is_refused_and_changes_nothing(tmp_path, sample):
    run_import(sample)
    before = catalog_snapshot()
    path = tmp_path / "Data.xml"
    path.write_text(SPACEDOCK_XML)

    with pytest.raises(CommandError, match="catalog holds Utopia cards"):
        run_import(path)

    assert catalog_snapshot() == before


def test_source_option_overrides_detection(sample):
    with pytest.raises(CommandError, match="not well-formed XML"):
        run_import(sample, "--source", "spacedock")


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="cannot read .*missing.json: No such file"):
        run_import(tmp_path / "missing.json")


def test_oversized_file_is_refused_before_reading(sample, monkeypatch):
    monkeypatch.setattr(catalog_import, "MAX_BYTES", 100)

    with pytest.raises(CommandError, match="larger than"):
        run_import(sample)


def test_progress_bar_goes_to_stderr_when_asked(sample):
    err = StringIO()
    call_command("import_cards", str(sample), "--progress", stdout=StringIO(), stderr=err)

    assert "Importing [" in err.getvalue()
    assert err.getvalue().rstrip().endswith("6/6")  # 2 sets + 4 cards


def test_no_progress_bar_when_stderr_is_not_a_terminal(sample):
    err = StringIO()
    call_command("import_cards", str(sample), stdout=StringIO(), stderr=err)

    assert err.getvalue() == ""


class _Handler(http.server.BaseHTTPRequestHandler):
    body = b""

    def do_GET(self):  # noqa: N802 (http.server's name)
        if self.path != "/data.json":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args):
        """Quiet: the test output is not the place for access logs."""


@pytest.fixture
def http_server():
    _Handler.body = json.dumps(utopia_document()).encode()
    server = http.server.HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_import_from_an_http_url(http_server):
    output = run_import(f"{http_server}/data.json")

    assert "cards: 4 added" in output


def test_http_error_is_a_clear_error(http_server):
    with pytest.raises(CommandError, match="cannot download .*: HTTP 404"):
        run_import(f"{http_server}/nothing.json")


def test_download_larger_than_the_cap_is_refused(http_server, monkeypatch):
    monkeypatch.setattr(catalog_import, "MAX_BYTES", 100)

    with pytest.raises(CommandError, match="larger than"):
        run_import(f"{http_server}/data.json")


def test_other_url_schemes_are_refused():
    with pytest.raises(CatalogImportError, match="only http:// and https://"):
        catalog_import.read_location("file:///etc/passwd")


# --- the real databases ------------------------------------------------------------------------


@pytest.mark.slow(reason="imports the real Utopia catalog twice")
def test_real_utopia_file_imports_completely_and_reimports_unchanged(utopia_path):
    expected = read_catalog(utopia_path.read_bytes())

    first = import_catalog(data=utopia_path.read_bytes())
    second = import_catalog(data=utopia_path.read_bytes())

    assert first.cards.added == len(expected.cards) == Card.objects.count()
    assert first.sets.added == len(expected.sets) == CardSet.objects.count()
    assert (second.cards.unchanged, second.sets.unchanged) == (len(expected.cards), len(expected.sets))
    assert not second.changed_anything
    loaded = load_catalog()
    assert (loaded.cards, loaded.sets, loaded.aliases) == (expected.cards, expected.sets, expected.aliases)


def test_real_space_dock_file_imports_completely(spacedock_path):
    expected = read_catalog(spacedock_path.read_bytes())

    summary = import_catalog(data=spacedock_path.read_bytes())

    assert summary.cards.added == len(expected.cards) == Card.objects.filter(source="spacedock").count()
    loaded = load_catalog()
    assert (loaded.cards, loaded.sets) == (expected.cards, expected.sets)
    # what the site cannot judge: e.g. Lursa's code OnlyLBCaptain (the Lursa and B'Etor captain)
    assert "lursa_72325p" in summary.unread_codes
    assert len(summary.unmodelled_text) > 0


def test_import_says_what_the_engine_does_not_judge(tmp_path):
    path = tmp_path / "Data.xml"
    path.write_text(SPACEDOCK_XML)

    output = run_import(path)

    assert "not judged by the site: " in output and "restriction_coverage --unmodelled" in output
    assert "carry a Space Dock Special code the reader does not translate" in output


def test_real_databases_share_no_card_id(utopia_path, spacedock_path):
    """Why a catalog holds one source: the same cards carry different ids in each database."""
    utopia = read_catalog(utopia_path.read_bytes())
    spacedock = read_catalog(spacedock_path.read_bytes())

    assert not utopia.cards.keys() & spacedock.cards.keys()
    shared_ship_names = {c.name for c in utopia.cards.values() if c.kind == "ship"} & {
        c.name for c in spacedock.cards.values() if c.kind == "ship"
    }
    assert len(shared_ship_names) > 150
