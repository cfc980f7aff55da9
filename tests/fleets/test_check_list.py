"""``manage.py check_list --game starship-command|spearpoint``: fleets and reserves decks from the command line."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.fleets.test_check_deck import manage

FLEET = {
    "race": "confederation",
    "budget": 150,
    "ships": [
        {"name": "Saratoga", "race": "confederation", "value": 29},
        {"name": "Lexington", "race": "confederation", "value": 40},
    ],
    "destroyed": ["Repulse"],
}
RESERVES = {
    "side": "american",
    "units": [
        {"name": "M4 Sherman", "side": "american", "type": "vehicle", "cost": 12, "count": 3, "crew": "tank-crew"},
        {"name": "Tank Crew", "side": "american", "type": "crew", "cost": 2, "count": 3},
        {"name": "Rifle Squad", "side": "american", "type": "infantry", "cost": 5, "count": 10},
    ],
    "starting_hand": ["M4 Sherman", "Tank Crew", "Rifle Squad", "Rifle Squad"],
}


def write(tmp_path, data):
    path = tmp_path / "list.json"
    path.write_text(json.dumps(data))
    return path


def run_json(game, path):
    out = StringIO()
    try:
        call_command("check_list", "--game", game, str(path), "--json", stdout=out)
    except SystemExit as exit_:
        return exit_.code, json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


def test_starship_command_legal_fleet(tmp_path):
    assert run_json("starship-command", write(tmp_path, FLEET)) == (
        0,
        {
            "legal": True,
            "race": "confederation",
            "ships": 2,
            "spent": 69,
            "budget": 150,
            "banked": 81,
            "violations": [],
        },
    )


@pytest.mark.parametrize(
    ("ship", "code"),
    [
        ({"name": "Flagship", "race": "confederation", "value": 82}, "CAMPAIGN_OVER_BUDGET"),  # 151 points
        ({"name": "Kraken", "race": "shiltons", "value": 30}, "WRONG_RACE"),
        ({"name": "Repulse", "race": "confederation", "value": 25}, "SHIP_DESTROYED_EARLIER"),
        ({"name": "Saratoga", "race": "confederation", "value": 29}, "DUPLICATE_SHIP"),
    ],
)
def test_starship_command_illegal_fleet(tmp_path, ship, code):
    status, report = run_json("starship-command", write(tmp_path, {**FLEET, "ships": [*FLEET["ships"], ship]}))
    assert status == 1
    assert [v["code"] for v in report["violations"]] == [code]


def test_starship_command_exact_budget_is_legal(tmp_path):
    ships = [*FLEET["ships"], {"name": "Flagship", "race": "confederation", "value": 81}]
    status, report = run_json("starship-command", write(tmp_path, {**FLEET, "ships": ships}))
    assert (status, report["spent"], report["banked"]) == (0, 150, 0)


def test_spearpoint_legal_reserves(tmp_path):
    assert run_json("spearpoint", write(tmp_path, RESERVES)) == (
        0,
        {"legal": True, "points": 92, "units": 16, "starting_hand": 4, "violations": []},
    )


@pytest.mark.parametrize(
    ("change", "codes"),
    [
        ({"starting_hand": ["M4 Sherman", "Tank Crew", "Rifle Squad"]}, ["STARTING_HAND_SIZE"]),
        ({"starting_hand": ["M4 Sherman", "Tank Crew", "Rifle Squad", "Bazooka"]}, ["STARTING_HAND_NOT_IN_DECK"]),
        (
            {
                "units": [
                    *RESERVES["units"],
                    {"name": "Tiger I", "side": "german", "type": "vehicle", "cost": 9, "count": 1},
                ]
            },
            ["RESERVES_OVER_MAX", "MIXED_SIDES"],
        ),
        ({"units": RESERVES["units"][:2]}, ["RESERVES_UNDER_MIN", "STARTING_HAND_NOT_IN_DECK"]),
    ],
)
def test_spearpoint_illegal_reserves(tmp_path, change, codes):
    status, report = run_json("spearpoint", write(tmp_path, {**RESERVES, **change}))
    assert status == 1
    assert [v["code"] for v in report["violations"]] == codes


@pytest.mark.parametrize(
    ("game", "data", "message"),
    [
        ("spearpoint", FLEET, "the file has unknown field"),  # a fleet file checked as reserves
        ("starship-command", RESERVES, "the file has unknown field"),
        ("spearpoint", {**RESERVES, "side": "soviet"}, "side must be one of american, german"),
        ("starship-command", {**FLEET, "budget": "lots"}, "budget must be a whole number of at least 0, got a string"),
    ],
)
def test_bad_input_is_exit_2(tmp_path, game, data, message):
    with pytest.raises(CommandError, match=message) as caught:
        run_json(game, write(tmp_path, data))
    assert caught.value.returncode == 2


def test_text_output(tmp_path):
    out = StringIO()
    call_command("check_list", str(write(tmp_path, RESERVES)), "--game", "spearpoint", stdout=out)
    assert out.getvalue().splitlines() == ["legal", "points: 92", "units: 16", "starting hand: 4"]


@pytest.mark.slow(reason="three manage.py processes, each starting Django")
def test_from_the_shell_game_is_required_and_unknown_games_are_refused(tmp_path):
    path = write(tmp_path, RESERVES)
    for args in (["check_list", str(path)], ["check_list", "--game", "attack-wing", str(path)]):
        result = manage(*args)
        assert result.returncode == 2
        assert "--game" in result.stderr and "Traceback" not in result.stderr
    result = manage("check_list", "--game", "spearpoint", str(path))
    assert (result.returncode, result.stdout.splitlines()[0]) == (0, "legal")
