"""``manage.py check_fleet`` with --cards on the real Utopia file: exit 0 / 1 / 2."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.rules.attack_wing.conftest import AKIRA, GALAXY, PROMETHEUS

ROOT = Path(__file__).resolve().parents[3]


def _ship(s):
    return {"ship": s.ship, "captain": s.captain, "upgrades": list(s.upgrades)}


@pytest.fixture
def legal_file(tmp_path):
    path = tmp_path / "fleet.json"
    path.write_text(json.dumps({"format": "wizkids-2016", "ships": [_ship(s) for s in (GALAXY, PROMETHEUS, AKIRA)]}))
    return path


def test_legal_fleet_exits_0_with_a_text_report(utopia_path, legal_file):
    out = StringIO()
    call_command("check_fleet", str(legal_file), cards=str(utopia_path), stdout=out)
    assert out.getvalue().startswith("LEGAL: 130/130 SP (wizkids-2016)")


def test_illegal_fleet_exits_1_with_json(utopia_path, legal_file):
    out = StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command(
            "check_fleet", str(legal_file), cards=str(utopia_path), format_key="wizkids-2014", json=True, stdout=out
        )
    assert exited.value.code == 1
    assert json.loads(out.getvalue())["violations"][0]["code"] == "FLEET_OVER_LIMIT"


@pytest.mark.parametrize(
    ("content", "options", "words"),
    [
        ('{"ships": [{"ship": "NOPE"}]}', {}, "unknown card id"),
        ("{", {}, "not valid JSON"),
        ('{"ships": [{"ship": "S415"}]}', {"format_key": "nope"}, "unknown format"),
        ('{"ships": [{"ship": "S415"}]}', {"event_date": "tomorrow"}, "--date"),
    ],
)
def test_bad_input_is_a_command_error_with_status_2(utopia_path, tmp_path, content, options, words):
    path = tmp_path / "fleet.json"
    path.write_text(content)
    with pytest.raises(CommandError, match=words) as raised:
        call_command("check_fleet", str(path), cards=str(utopia_path), **options)
    assert raised.value.returncode == 2


@pytest.mark.slow(reason="a manage.py process that starts Django and reads the real card file")
def test_process_prints_one_line_on_stderr_and_no_traceback(utopia_path, tmp_path):
    path = tmp_path / "fleet.json"
    path.write_text('{"ships": [{"ship": "S415", "captain": "C476"}]}')
    done = subprocess.run(
        [sys.executable, "manage.py", "check_fleet", str(path), "--cards", str(utopia_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "C476 (Tasha Yar) is an upgrade card and cannot be the captain" in done.stderr
