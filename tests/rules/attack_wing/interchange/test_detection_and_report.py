"""Across the formats: telling them apart, one sentence for what is no fleet, pasted text, and the import as
plain data."""

from __future__ import annotations

import json

import pytest

from rules.attack_wing import validate_fleet
from rules.attack_wing.interchange import UTOPIA_TEXT, InterchangeError, import_fleet, utopia_link
from tests.rules.attack_wing.interchange.sample_fleets import FLEET, UTOPIA_TEXT_SAMPLE, same_cards


@pytest.mark.parametrize(
    "data",
    [
        "hello there",
        "Ship: nothing",
        '{"name": "a deck", "cards": []}',
        "[1, 2, 3]",
        "",
        "   \n  ",
    ],
)
def test_what_is_no_fleet_gets_one_sentence(data, mini):
    """Words that name no ship may be a typed list ("hello there"), but it is refused, in one sentence."""
    with pytest.raises(InterchangeError) as caught:
        import_fleet(data, mini)
    message = caught.value.message
    assert message.endswith(".") and "\n" not in message


def test_an_unknown_format_name_is_refused(mini):
    with pytest.raises(InterchangeError, match="Unknown fleet format"):
        import_fleet("x", mini, "xwing-builder")


def test_the_import_as_plain_data(mini):
    from rules.attack_wing.interchange import result_to_dict

    result = import_fleet(UTOPIA_TEXT_SAMPLE, mini)
    report = validate_fleet(result.fleet, mini, "wizkids-2016")
    data = json.loads(json.dumps(result_to_dict(result, report)))
    assert data["fleet"]["ships"][0]["ship"] == "S001" and data["format"] == UTOPIA_TEXT
    assert data["source_total"] == 89 and data["total"] == report.total
    data_card = next(c for c in data["cards"] if c["name"] == "Data")
    assert (data_card["source_cost"], data_card["cost"], data_card["status"]) == (5, 5, "matched")
    assert result_to_dict(result)["cards"][0]["cost"] is None


def test_pasted_text_with_windows_line_ends_and_a_link_inside_a_sentence(mini):
    crlf = UTOPIA_TEXT_SAMPLE.replace("\n", "\r\n")
    assert import_fleet(crlf, mini).fleet == import_fleet(UTOPIA_TEXT_SAMPLE, mini).fleet
    link = utopia_link(FLEET, mini).text
    assert same_cards(import_fleet(f"My list for Saturday: {link} (130 SP)", mini).fleet, FLEET)
    assert same_cards(import_fleet(f"My list (see {link}).", mini).fleet, FLEET)
    assert same_cards(import_fleet(f"Hi all,\nmy list for Saturday:\n{link}\nSee you!", mini).fleet, FLEET)
