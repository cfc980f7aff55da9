"""The fleet file: strict parsing, exact round trips, the report's JSON shape."""

from __future__ import annotations

import json
from datetime import date

import pytest

from rules.attack_wing import (
    FleetFileError,
    canonical_json,
    fleet_to_dict,
    parse_fleet,
    report_from_dict,
    report_to_dict,
    validate_fleet,
)

EXAMPLE = {
    "format": "wizkids-2016",
    "date": "2017-06-01",
    "resources": ["R028"],
    "ships": [
        {"ship": "S415", "captain": "Cap049", "admiral": "A043", "upgrades": ["C476", "W224"], "blind_booster": False}
    ],
}


def test_parse_example(utopia):
    fleet, format_key, on = parse_fleet(json.dumps(EXAMPLE).encode(), utopia)
    assert (format_key, on, fleet.resources) == ("wizkids-2016", date(2017, 6, 1), ("R028",))
    assert fleet.ships[0].admiral == "A043" and fleet.ships[0].upgrades == ("C476", "W224")


def test_round_trip_is_exact(utopia):
    fleet, format_key, on = parse_fleet(EXAMPLE, utopia)
    assert fleet_to_dict(fleet, format_key, on) == EXAMPLE
    assert parse_fleet(fleet_to_dict(fleet, format_key, on), utopia) == (fleet, format_key, on)
    assert canonical_json(fleet, format_key, on) == json.dumps(EXAMPLE, sort_keys=True, separators=(",", ":"))


def test_optional_keys_and_face_down_admiral(utopia):
    fleet, format_key, on = parse_fleet({"ships": [{"ship": "S415", "captain": "A043"}]}, utopia)
    assert (format_key, on, fleet.ships[0].upgrades, fleet.ships[0].blind_booster) == (None, None, (), False)
    assert fleet_to_dict(fleet)["ships"][0] == {
        "ship": "S415",
        "captain": "A043",
        "admiral": None,
        "upgrades": [],
        "blind_booster": False,
    }


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"{not json", "not valid JSON"),
        (b"[]", "must be a JSON object"),
        ({"ships": []}, "non-empty list"),
        ({"ships": [{"ship": "S415"}] * 21}, "at most 20 ships"),
        ({"ships": [{"ship": "NOPE"}]}, "unknown card id 'NOPE'"),
        ({"ships": [{"ship": "Cap049"}]}, "cannot be the ship"),
        ({"ships": [{"ship": "S415", "captain": "C476"}]}, "cannot be the captain"),
        ({"ships": [{"ship": "S415", "admiral": "Cap049"}]}, "cannot be the admiral"),
        ({"ships": [{"ship": "S415"}], "resources": ["S415"]}, "cannot be the resource"),
        ({"ships": [{"ship": "S415", "upgrades": "C476"}]}, "list of card ids"),
        ({"ships": [{"ship": "S415", "upgrades": ["C476"] * 31}]}, "at most 30"),
        ({"ships": [{"ship": "S415", "blind_booster": "yes"}]}, "true or false"),
        ({"ships": [{"ship": 415}]}, "'ship' must be a card id"),
        ({"ships": [{"ship": "S415", "crew": []}]}, "unknown key"),
        ({"ships": [{"ship": "S415"}], "points": 3}, "unknown key"),
        ({"ships": [{"ship": "S415"}], "date": "2017-02-29"}, "not a real date"),
        ({"ships": [{"ship": "S415"}], "date": "1/6/2017"}, "YYYY-MM-DD"),
        ({"ships": [{"ship": "S415"}], "format": 7}, "'format'"),
    ],
)
def test_bad_input_raises_one_message(utopia, data, words):
    with pytest.raises(FleetFileError, match=words.replace("(", r"\(")):
        parse_fleet(data, utopia)


def test_report_to_dict_shape(utopia):
    fleet, format_key, on = parse_fleet(EXAMPLE, utopia)
    data = report_to_dict(validate_fleet(fleet, utopia, format_key, on))
    assert list(data) == ["legal", "format", "limit", "total", "ships", "resources", "violations", "notes"]
    assert data["ships"][0] | {"cards": None} == {
        "index": 0,
        "ship": "S415",
        "name": "U.S.S. Atlas",
        "cost": 43,
        "cards": None,
    }
    assert data["ships"][0]["cards"][1] == {
        "id": "Cap049",
        "name": "Jean-Luc Picard",
        "role": "captain",
        "printed": 6,
        "penalty": 0,
        "adjustments": [],
        "cost": 6,
        "unapplied": [],
    }
    assert data["resources"] == [
        {"id": "R028", "name": "Emergency Power", "printed": 5, "adjustments": [], "cost": 5, "unapplied": []}
    ]
    assert data["notes"] == []
    assert data["violations"] == [
        {
            "code": "TOO_FEW_SHIPS",
            "message": "The fleet has 1 ship(s); it needs at least 3.",
            "ship": None,
            "card": None,
        }
    ]
    assert data["legal"] is False and data["total"] == 48


@pytest.mark.parametrize(
    "hostile",
    ["[" * 100_000 + "]" * 100_000, '{"ships": [], "resources": [' + "9" * 5000 + "]}"],
    ids=["deep-nesting", "huge-integer"],
)
def test_hostile_json_is_refused_with_a_clear_error(hostile, utopia):
    with pytest.raises(FleetFileError, match="nested too deeply or has absurd numbers"):
        parse_fleet(hostile, utopia)


@pytest.mark.parametrize(
    "content",
    [
        EXAMPLE,  # a resource, an admiral
        {"format": "wizkids-2016", "ships": [{"ship": "S013", "captain": "Cap201", "upgrades": ["C114"]}]},
        {  # Officer Exchange Program's waived penalty (an adjustment quoting its card); too few ships
            "format": "wizkids-2016",
            "resources": [{"id": "R015", "factions": ["federation", "klingon"]}],
            "ships": [{"ship": "S415", "captain": "Cap049", "upgrades": ["C398"]}],
        },
    ],
)
def test_a_report_kept_as_json_reads_back_exactly(utopia, content):
    """A submitted version's price is kept as this JSON and shown again card by card: nothing may be lost,
    not an adjustment's words nor a violation."""
    fleet, format_key, on = parse_fleet(content, utopia)
    report = validate_fleet(fleet, utopia, format_key, on)
    assert report_from_dict(json.loads(json.dumps(report_to_dict(report)))) == report
