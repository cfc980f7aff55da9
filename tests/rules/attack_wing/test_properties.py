"""Properties over random fleets built from the real Utopia catalog."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from rules.attack_wing import Fleet, FleetShip, validate_fleet
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE
from rules.attack_wing.fleet import COST_CODES

# Cards that lower other cards' costs, or whose cost moves to the resource line when removed:
# taking them away may rightly raise the total, so the monotonicity property leaves them on.
COST_SHIFTING = {
    "discount",
    "fleet_discount",
    "ship_discount",
    "reduce",  # Sakonna (C134): "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP"
    "reduce_one",
    "reduce_added",  # Tuvok (Cap507): "Add 1 [tech] Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP"
    "exact_cost",
    "exact_equipped",  # Duras (Cap656): "… [talent] Upgrades equipped to this Captain cost 3 SP"
    "waive_penalty",
    "waive_penalty_one",
    "upgrades_no_faction_penalty",
    "adds_ship_faction",
    "adds_captain_faction",
    "requires_resource",
}


@st.composite
def fleets(draw, catalog):
    by_kind = {}
    for card in catalog.cards.values():
        by_kind.setdefault(card.kind, []).append(card.id)
    commanders = by_kind[CAPTAIN] + by_kind[ADMIRAL]
    attachable = by_kind[UPGRADE] + by_kind[OTHER]
    ships = draw(
        st.lists(
            st.builds(
                FleetShip,
                ship=st.sampled_from(by_kind[SHIP]),
                captain=st.none() | st.sampled_from(commanders),
                admiral=st.none() | st.sampled_from(by_kind[ADMIRAL]),
                upgrades=st.lists(st.sampled_from(attachable), max_size=6).map(tuple),
                blind_booster=st.booleans(),
            ),
            min_size=1,
            max_size=5,
        )
    )
    resources = draw(st.lists(st.sampled_from(by_kind[RESOURCE]), max_size=2))
    return Fleet(ships=tuple(ships), resources=tuple(resources))


@given(st.data())
def test_random_fleets(utopia, data):
    """Never crashes; totals add up; removing a card never raises the total nor adds a cost violation."""
    fleet = data.draw(fleets(utopia))
    report = validate_fleet(fleet, utopia, "wizkids-2016")
    assert report.total == sum(s.cost for s in report.ships) + sum(r.cost for r in report.resources)
    assert all(c.cost >= 0 for s in report.ships for c in s.cards)

    removable = [
        (i, j)
        for i, entry in enumerate(fleet.ships)
        for j, card_id in enumerate(entry.upgrades)
        if not {r.code for r in utopia.get(card_id).restrictions} & COST_SHIFTING
    ]
    if not removable:
        return
    i, j = data.draw(st.sampled_from(removable))
    entry = fleet.ships[i]
    shorter = replace(entry, upgrades=entry.upgrades[:j] + entry.upgrades[j + 1 :])
    smaller = replace(fleet, ships=(*fleet.ships[:i], shorter, *fleet.ships[i + 1 :]))
    after = validate_fleet(smaller, utopia, "wizkids-2016")
    assert after.total <= report.total
    before_codes = {v.code for v in report.violations if v.code in COST_CODES}
    assert {v.code for v in after.violations if v.code in COST_CODES} <= before_codes
