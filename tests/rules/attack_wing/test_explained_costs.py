"""Every SP explained: printed cost plus each adjustment is the cost, for every card of random fleets.

The full run (2,000 fleets per database) is ``make bench`` (bench/bench_explained_costs.py); here a few
hundred fleets per database and a property over seeds keep ``make test`` quick.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.attack_wing import validate_fleet
from rules.attack_wing.explained import random_fleets, unbalanced
from rules.attack_wing.fleet import EXTRA_COST, FACTION_PENALTY, REDUCTION, WAIVED
from tests.rules.attack_wing.conftest import fleet, ship


@pytest.mark.parametrize("database", ["utopia", "spacedock"])
def test_adjustments_add_up_on_300_random_fleets(database, request):
    catalog = request.getfixturevalue(database)
    reports = [validate_fleet(f, catalog, "wizkids-2016") for f in random_fleets(catalog, 26, 300)]
    assert [line for report in reports for line in unbalanced(report)] == []
    steps = [a for r in reports for s in r.ships for c in s.cards for a in c.adjustments]
    # the sample reaches the rules it is meant to test, each with its words
    assert {EXTRA_COST, FACTION_PENALTY, REDUCTION, WAIVED} <= {a.kind for a in steps}
    assert all(a.words for a in steps)


@settings(max_examples=25)  # whatever the profile: each example builds and explains fleets of both whole catalogs
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_adjustments_add_up_for_any_seed(utopia, spacedock, seed):
    for catalog in (utopia, spacedock):
        for sample in random_fleets(catalog, seed, 4):
            assert unbalanced(validate_fleet(sample, catalog, "wizkids-2016")) == []


def _card(report, card_id):
    return next(c for s in report.ships for c in s.cards if c.id == card_id)


def test_disruptor_pulse_shows_its_own_extra_cost(utopia):
    """Issue 26: Disruptor Pulse (W044) on a Federation ship was shown as 5, +1, 11 with the +5 hidden."""
    report = validate_fleet(fleet(ship("S273", "Cap049", "W044")), utopia, "wizkids-2016")
    pulse = _card(report, "W044")
    assert (pulse.printed, pulse.penalty, pulse.cost) == (5, 1, 11)
    assert [(a.kind, a.amount) for a in pulse.adjustments] == [(FACTION_PENALTY, 1), (EXTRA_COST, 5)]
    extra = pulse.adjustments[1]
    assert extra.source == "W044" and extra.words == "This Upgrade costs +5 SP for any non-Romulan ship."


def test_varel_extra_cost_names_the_romulan_science_vessel(utopia):
    """Issue 26: Varel (C193) 5 -> 10 on a Romulan ship that is not a Science Vessel, no penalty."""
    romulan = next(
        c
        for c in utopia.cards.values()
        if c.kind == "ship" and c.factions == ("romulan",) and "Science" not in c.ship_class
    )
    report = validate_fleet(fleet(ship(romulan.id, None, "C193")), utopia, "wizkids-2016")
    varel = _card(report, "C193")
    assert (varel.printed, varel.penalty, varel.cost) == (5, 0, 10)
    (step,) = varel.adjustments
    assert step.amount == 5 and "Romulan Science Vessel" in step.words and step.source_name == "Varel"


def test_weyoun_fleet_prices_prefix_code_with_its_penalty(utopia):
    """Issue 26: S333 / Cap717 / E018 showed Printed 5, Penalty +1, SP 5; the penalty is paid and explained."""
    report = validate_fleet(fleet(ship("S333", "Cap717", "E018")), utopia, "wizkids-2016")
    code = _card(report, "E018")
    assert (code.printed, code.penalty, code.cost) == (5, 1, 6)
    assert code.adjustments[0].words.startswith("Faction penalty: a Federation upgrade on the Dominion/Klingon ship")
    assert unbalanced(report) == []
