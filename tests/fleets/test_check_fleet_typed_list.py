"""``check_fleet`` reads a list typed by hand and asks, in words, about each card it cannot tell apart."""

from __future__ import annotations

import json

from tests.fleets.test_check_fleet_explained import run

LIST = "My list\n\nFederation Starship (Galaxy Class) - 22\nJean-Luc Picard\nKell Peirm (3)\n"


def test_the_text_report_lists_the_cards_a_doubtful_line_may_be(tmp_path, utopia_path):
    text = run(tmp_path, utopia_path, content=LIST)  # one ship and a doubtful captain: reported, not refused
    assert "Read as: Typed list (card names) (My list)" in text
    assert "ambiguous  ship 1 captain: Jean-Luc Picard -> " in text
    assert "      or:    Jean-Luc Picard (Cap629): captain, 4 SP, federation, from U.S.S. Stargazer" in text
    assert "near name  ship 1 upgrade: Kell Peirm (3) -> C469. no card is named 'Kell Peirm'" in text
    assert "      taken: Kell Perim (C469): crew, 3 SP, federation" in text


def test_the_json_report_holds_the_candidates(tmp_path, utopia_path):
    document = json.loads(run(tmp_path, utopia_path, "--json", content=LIST))
    picard = next(c for c in document["import"]["cards"] if c["source"] == "Jean-Luc Picard")
    assert picard["status"] == "ambiguous"
    stargazer = next(c for c in picard["candidates"] if c["id"] == "Cap629")
    assert (stargazer["sets"], stargazer["cost"], stargazer["factions"]) == (["U.S.S. Stargazer"], 4, ["federation"])
