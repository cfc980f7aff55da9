"""``manage.py check_deck``: the Wing Commander deck check from the command line.

Most tests call the command in-process; a few run ``manage.py`` for real to
hold the exit status and stderr a shell sees.
"""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.inputs.list_check import MAX_FILE_BYTES

PROJECT = Path(__file__).resolve().parent.parent.parent


def deck_file(tmp_path, counted=40, *, carriers=0, luck=1, muster=(), side="terran"):
    cards = [{"name": "Arrow", "type": "fighter", "side": "terran", "count": counted - luck}]
    if luck:
        cards.append({"name": "Capture Pilot", "type": "luck", "side": "terran", "count": luck})
    if carriers:
        cards.append({"name": "Tiger's Claw", "type": "carrier", "side": "terran", "count": carriers})
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"side": side, "cards": cards, "muster": list(muster)}))
    return path


def run(path, *flags):
    """(exit status, stdout) of the command run in-process."""
    out = StringIO()
    try:
        call_command("check_deck", str(path), *flags, stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def run_json(path, *flags):
    status, out = run(path, "--json", *flags)
    return status, json.loads(out)


@pytest.mark.parametrize(
    ("counted", "status", "codes"),
    [(39, 1, ["DECK_TOO_SMALL"]), (40, 0, []), (100, 0, []), (101, 1, ["DECK_TOO_LARGE"])],
)
@pytest.mark.parametrize("carriers", [0, 2])
def test_deck_size_boundaries_with_and_without_carriers(tmp_path, counted, status, codes, carriers):
    got_status, report = run_json(deck_file(tmp_path, counted, carriers=carriers))
    assert got_status == status
    assert [v["code"] for v in report["violations"]] == codes
    assert (report["legal"], report["counted"], report["excluded"]) == (status == 0, counted, carriers)


def test_casual_lifts_the_100_card_maximum(tmp_path):
    path = deck_file(tmp_path, 101)
    assert run_json(path, "--casual")[0] == 0
    assert run_json(path)[0] == 1


def test_two_copies_of_a_luck_card(tmp_path):
    status, report = run_json(deck_file(tmp_path, 41, luck=2))
    assert status == 1
    assert report["violations"] == [
        {
            "code": "DUPLICATE_LUCK",
            "message": "The deck has 2 copies of the Luck card Capture Pilot; only one of any Luck card may appear "
            "in a deck.",
            "card": "Capture Pilot",
        }
    ]


@pytest.mark.parametrize(("cost", "status", "power_points"), [(3, 0, 31), (4, 0, 30), (5, 1, 30)])
def test_four_point_muster_is_the_limit(tmp_path, cost, status, power_points):
    muster = [{"name": "Arrow", "type": "fighter", "cost": cost, "medals": 0, "count": 1}]
    got_status, report = run_json(deck_file(tmp_path, muster=muster))
    assert (got_status, report["starting_power_points"]) == (status, power_points)
    assert [v["code"] for v in report["violations"]] == ([] if status == 0 else ["MUSTER_OVER_LIMIT"])


def test_json_output_has_the_documented_shape(tmp_path):
    muster = [{"name": "Arrow", "type": "fighter", "cost": 2, "medals": 0, "count": 1}]
    assert run_json(deck_file(tmp_path, 41, carriers=2, muster=muster)) == (
        0,
        {"legal": True, "counted": 41, "excluded": 2, "starting_power_points": 32, "violations": []},
    )


def test_text_output_names_the_verdict_totals_and_violations(tmp_path):
    status, out = run(deck_file(tmp_path, 39, carriers=1))
    assert status == 1
    assert out.splitlines() == [
        "illegal (1 violation)",
        "counted: 39",
        "excluded: 1",
        "starting power points: 34",
        "DECK_TOO_SMALL: The play deck has 39 cards; it must have at least 40 (carrier and nav point cards do not "
        "count).",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"side": "terran", "cards": [', "is not valid JSON"),
        ('{"side": "neutral", "cards": []}', "side must be one of terran, kilrathi; got 'neutral'"),
        (
            '{"side": "terran", "cards": [{"name": "A", "type": "starship", "side": "terran", "count": 1}]}',
            "cards[0].type must be one of fighter",
        ),
        (
            '{"side": "terran", "cards": [{"name": "A", "type": "fighter", "side": "terran", "count": 0}]}',
            "cards[0].count must be a whole number of at least 1, got 0",
        ),
        (
            '{"side": "terran", "cards": [{"name": "A", "type": "fighter", "side": "terran", "count": "40"}]}',
            "cards[0].count must be a whole number of at least 1, got a string",
        ),
        ('["Arrow", "Arrow"]', "the file must be a JSON object, got an array"),
    ],
)
def test_bad_input_is_exit_2_with_a_one_line_message(tmp_path, content, message):
    path = tmp_path / "deck.json"
    path.write_text(content)
    with pytest.raises(CommandError) as caught:
        run(path)
    assert caught.value.returncode == 2
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_huge_file_is_bad_input(tmp_path):
    path = tmp_path / "deck.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(CommandError, match="larger than") as caught:
        run(path)
    assert caught.value.returncode == 2


def test_a_missing_file_is_bad_input(tmp_path):
    with pytest.raises(CommandError, match="cannot read") as caught:
        run(tmp_path / "absent.json")
    assert caught.value.returncode == 2


def manage(*args):
    """``manage.py`` run for real, as from a shell (test settings, nothing inherited)."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"DJANGO_SETTINGS_MODULE": "config.settings.test", "PATH": "/usr/bin:/bin"},
    )


@pytest.mark.slow(reason="three manage.py processes, each starting Django")
def test_from_the_shell_exit_status_0_1_2_and_no_traceback(tmp_path):
    legal = deck_file(tmp_path, 40)
    result = manage("check_deck", str(legal), "--json")
    assert (result.returncode, json.loads(result.stdout)["legal"]) == (0, True)

    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps({"side": "kilrathi", "cards": []}))
    result = manage("check_deck", str(illegal))
    assert result.returncode == 1
    assert "EMPTY_LIST" in result.stdout

    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = manage("check_deck", str(broken))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    [line] = [line for line in result.stderr.splitlines() if "broken.json" in line]
    assert line.startswith("CommandError: ") and "is not valid JSON" in line
