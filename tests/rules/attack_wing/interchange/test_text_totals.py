"""Each text reader checks the costs it read against the totals the text states, in its own format's words.

The three text forms (Utopia's export, Space Dock's "Copy as text", Muster's own list) write
a ship's and the fleet's totals differently; one check (``interchange.totals``) compares them.
"""

import pytest

from rules.attack_wing.interchange import muster, spacedock, utopia_exports

UTOPIA = """U.S.S. Enterprise-D [26]
- Jean-Luc Picard [5]
Ship Total: {ship} SP
Fleet Total: {fleet} SP
"""

SPACE_DOCK = """U.S.S. Enterprise-D [Enterprise-D] (26)
Jean-Luc Picard [Enterprise-D] (5)
Total ({ship})

Fleet total: {fleet}
"""

MUSTER = """Home Fleet (Federation): 31/40 SP

Ship 1: {ship} SP
  Ship: U.S.S. Enterprise-D (Galaxy Class) - 26
  Captain: Jean-Luc Picard - 5

Total: {fleet} SP
"""

READERS = [
    pytest.param(utopia_exports, UTOPIA, "Ship Total: 33 SP", "Fleet Total: 40 SP", id="utopia"),
    pytest.param(spacedock, SPACE_DOCK, "Total (33)", "Fleet total: 40;", id="space-dock"),
    pytest.param(muster, MUSTER, "the text says 33 SP", "Total: 40 SP", id="muster"),
]


@pytest.mark.parametrize(("reader", "text", "ship_said", "fleet_said"), READERS)
def test_a_text_that_adds_up_reads_without_a_problem(reader, text, ship_said, fleet_said):
    assert reader.parse_text(text.format(ship=31, fleet=31)).problems == []


@pytest.mark.parametrize(("reader", "text", "ship_said", "fleet_said"), READERS)
def test_an_edited_ship_total_is_reported_in_the_formats_words(reader, text, ship_said, fleet_said):
    (problem,) = reader.parse_text(text.format(ship=33, fleet=33)).problems
    assert problem.startswith("Ship 1: its cards'")
    assert "add up to 31 SP" in problem
    assert ship_said in problem
    assert problem.endswith("the text may have been edited.")


@pytest.mark.parametrize(("reader", "text", "ship_said", "fleet_said"), READERS)
def test_an_edited_fleet_total_is_reported_in_the_formats_words(reader, text, ship_said, fleet_said):
    (problem,) = reader.parse_text(text.format(ship=31, fleet=40)).problems
    assert "add up to 31 SP" in problem
    assert fleet_said in problem


@pytest.mark.parametrize(
    ("reader", "text", "line"),
    [
        (utopia_exports, UTOPIA, "Fleet Total"),
        (spacedock, SPACE_DOCK, "Fleet total"),
        (muster, MUSTER, "Total"),
    ],
)
def test_a_text_without_its_fleet_total_is_reported_cut_short(reader, text, line):
    cut = "\n".join(row for row in text.format(ship=31, fleet=31).splitlines() if not row.startswith(line))
    assert f"has no '{line}' line; it may be cut short." in " ".join(reader.parse_text(cut).problems)
