"""Lists as walk-ins bring them: card names typed on paper, in a phone note or a forum post.

``samples/typed-lists.json`` holds such lists, each written from a fleet of real cards of the shipped
Utopia catalog (``ships``: ship, captain and upgrades by id) in one of the ways players write them: names
only, with types, with costs, with typos, generic ships by class, Utopia's text without skills or totals,
a forum post. Each is read by the forgiving reader with nothing refused and no card dropped: every card is
the printing meant (or one that plays exactly alike), and the fleet prices to its true total, except the
cards the list cannot tell apart (``flagged``), which are asked about, the card meant among the choices.
"""

from __future__ import annotations

import json

import pytest

from rules.attack_wing import Fleet, FleetShip, validate_fleet
from rules.attack_wing.interchange import (
    AMBIGUOUS,
    MATCHED,
    PLAIN_TEXT,
    UTOPIA_TEXT,
    InterchangeError,
    detect_format,
    import_fleet,
    result_to_dict,
)
from rules.attack_wing.interchange.resolver import same_play
from tests.rules.attack_wing.interchange.conftest import SAMPLES

CASES = json.loads((SAMPLES / "typed-lists.json").read_text(encoding="utf-8"))


def _fleet(ships: list) -> Fleet:
    return Fleet(ships=tuple(FleetShip(ship=s, captain=c, upgrades=tuple(u)) for s, c, u in ships))


def test_the_suite_covers_every_way_players_write_a_list():
    styles = {case["name"].rsplit(": ", 1)[-1] for case in CASES}
    assert {"names", "types", "costs", "typos", "class", "utopia", "forum"} <= styles
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_typed_list_prices_to_its_true_total_or_flags_what_it_cannot_tell_apart(case, utopia):
    meant = _fleet(case["ships"])
    assert detect_format(case["text"]) == PLAIN_TEXT
    result = import_fleet(case["text"], utopia)
    assert {m.status for m in result.cards} <= {MATCHED, AMBIGUOUS}, [m.note for m in result.cards]
    flagged = [m for m in result.cards if m.status == AMBIGUOUS]
    assert [m.source for m in flagged] == case["flagged"]
    read = result.fleet
    assert len(read.ships) == len(meant.ships)
    doubtful = {(m.ship, m.role, m.position) for m in flagged}
    for index, (got, want) in enumerate(zip(read.ships, meant.ships, strict=True)):
        assert len(got.upgrades) == len(want.upgrades)
        pairs = [("ship", None, got.ship, want.ship), ("captain", None, got.captain, want.captain)]
        pairs += [("upgrade", p, g, w) for p, (g, w) in enumerate(zip(got.upgrades, want.upgrades, strict=True))]
        for role, position, got_id, want_id in pairs:
            if (index, role, position) not in doubtful:
                assert same_play(utopia.get(got_id), utopia.get(want_id)), (role, got_id, want_id)
    for match in flagged:  # the card meant is among those offered, each described
        want = meant.ships[match.ship]
        want_id = {"ship": want.ship, "captain": want.captain}.get(match.role) or want.upgrades[match.position]
        assert any(same_play(utopia.get(c.id), utopia.get(want_id)) for c in match.candidates)
        assert all(c.name and c.type and c.factions and c.sets for c in match.candidates)
        assert sum(c.chosen for c in match.candidates) == 1
    if not flagged:
        true_total = validate_fleet(meant, utopia, "wizkids-2016").total
        assert validate_fleet(read, utopia, "wizkids-2016").total == true_total


def test_a_utopia_line_without_the_skill_reads_when_the_format_is_chosen_by_hand(utopia):
    """The issue's list: ``- Klaang (Captain) [2]`` under its ship, read as Utopia text (it has no totals, so
    Utopia notes that) puts Klaang in the captain's seat."""
    result = import_fleet("I.K.S. Ch'Tang [22]\n- Klaang (Captain) [2]\n", utopia, UTOPIA_TEXT)
    assert result.fleet.ships == (FleetShip("S183", "Cap222"),)
    assert all(m.status == MATCHED for m in result.cards)


def test_a_near_miss_is_read_as_the_nearest_name_and_asked_about(utopia):
    """ "Kell Peirm" is no card: read as Kell Perim, said so with how alike the names are, and offered."""
    result = import_fleet(
        "Federation Starship (Galaxy Class) - 22\nJean-Luc Picard 9 (Captain) - 6\nKell Peirm - 3\n", utopia
    )
    kell = next(m for m in result.cards if m.source == "Kell Peirm - 3")
    assert (kell.status, kell.card_id, kell.how) == (MATCHED, "C469", "near name")
    assert "no card is named 'Kell Peirm'; read as 'Kell Perim'" in kell.note and "% alike" in kell.note
    assert kell.doubtful and [c.id for c in kell.candidates] == ["C469"]
    assert result_to_dict(result)["cards"][2]["candidates"][0]["name"] == "Kell Perim"


def test_two_names_equally_near_are_flagged_not_guessed(utopia):
    """ "Gul Dalar" is one letter from Gul Damar and from Gul Danar: asked about, both offered."""
    result = import_fleet("Reklar\nGul Dalar (Captain)\n", utopia)
    [line] = [m for m in result.cards if m.source == "Gul Dalar (Captain)"]
    assert line.status == AMBIGUOUS and line.how == "near name"
    assert {"Gul Damar", "Gul Danar"} <= {c.name for c in line.candidates if c.fits}
    assert any("Which is it?" in p and "Gul Danar" in p for p in result.problems)


def test_words_that_name_no_card_before_the_first_ship_are_a_heading(utopia):
    result = import_fleet("Saturday's list\n\nI.K.S. Rotarran - 22\nKorok - 4\n", utopia)
    assert result.name == "Saturday's list"
    assert result.notes == ('Not a card, read as a heading: "Saturday\'s list".',)
    assert result.fleet.ships == (FleetShip("S012", "Cap625"),)


def test_a_list_longer_than_any_fleet_is_refused_before_any_card_is_looked_up(utopia):
    from rules.attack_wing.interchange.plain_text import MAX_LINES

    text = "I.K.S. Rotarran\n" + "Korok\n" * MAX_LINES
    with pytest.raises(InterchangeError, match=f"at most {MAX_LINES} cards"):
        import_fleet(text, utopia)


def test_a_typed_list_with_a_builders_total_line_is_read_as_typed(utopia):
    """ "Ship Total: 34 SP" makes it look like Utopia's text, whose reader wants "[cost]" on every line; detected
    so, it is read by the forgiving reader instead, and says why. Chosen by hand, Utopia's reader is kept."""
    text = "I.K.S. Rotarran (22)\nCaptain: Korok - 4\nCrew: T'Kar (5)\nShip Total: 31 SP\n"
    result = import_fleet(text, utopia)
    assert result.format == PLAIN_TEXT
    assert result.fleet.ships == (FleetShip("S012", "Cap625", None, ("C111",)),)
    assert result.notes[0].startswith("It looks like a Utopia text export but is not one (Line 1 of the Utopia text")
    with pytest.raises(InterchangeError, match="Line 1 of the Utopia text"):
        import_fleet(text, utopia, UTOPIA_TEXT)


def test_a_near_miss_marks_the_list_as_needing_a_look_until_it_is_taken(utopia):
    """One card near "Kell Peirm" is still a guess: the import is not complete (a problem says so) until the
    organizer takes Kell Perim for line 3; then the list reads whole."""
    text = "Federation Starship (Galaxy Class) - 22\nJean-Luc Picard 9 (Captain) - 6\nKell Peirm - 3\n"
    result = import_fleet(text, utopia)
    assert not result.complete
    assert "'Kell Peirm - 3' on ship 1 names no card; it was read as 'Kell Perim', the nearest name." in " ".join(
        result.problems
    )
    answered = import_fleet(text, utopia, choices={2: "C469"})
    kell = answered.cards[2]
    assert (kell.card_id, kell.how, kell.doubtful) == ("C469", "chosen", False)
    assert not [p for p in answered.problems if "Kell" in p]
