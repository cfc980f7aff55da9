"""One fleet, one verdict: the same random fleets judged with Utopia's file and with Space Dock's.

Cards are paired by name, kind, upgrade type and WizKids product number
(:func:`rules.attack_wing.crosswalk.crosswalk`); the pairs whose files print different values
(``printed_differences``) or state a different rule (``KNOWN_DIFFERENCES``, each explained and
listed in docs/attack-wing-rules.md) are left out. Everything else must get the same ship costs,
total and violation codes from both readers. ``make bench`` runs the same check on 1,000 fleets.
"""

from __future__ import annotations

import pytest

from rules.attack_wing import validate_fleet
from rules.attack_wing.crosswalk import (
    KNOWN_DIFFERENCES,
    compared_out,
    crosswalk,
    printed_differences,
    sample_fleets,
    translate,
    verdict,
)

SEED = 20261124
FLEETS = 200


@pytest.fixture(scope="module")
def walk(utopia, spacedock):
    return crosswalk(utopia, spacedock)


def test_the_map_is_deterministic_one_to_one_and_accounts_for_every_card(utopia, spacedock, walk):
    assert crosswalk(utopia, spacedock).pairs == walk.pairs
    assert len(set(walk.pairs.values())) == len(walk.pairs)
    assert walk.pairs.keys().isdisjoint(walk.unmatched_utopia)
    assert set(walk.pairs) | set(walk.unmatched_utopia) == set(utopia.cards)
    assert set(walk.pairs.values()) | set(walk.unmatched_spacedock) == set(spacedock.cards)
    assert all(walk.unmatched_utopia.values()) and all(walk.unmatched_spacedock.values())
    assert len(walk.pairs) > 1300  # most of Space Dock's 1,577 records (Utopia's file is six years newer)
    # a few pairs the map must find, including a printing each file files under another product number
    assert (walk.pairs["S207"], walk.pairs["Cap645"]) == ("1001", "2009")  # Enterprise-D; Khan Singh (GenCon)
    assert "S273" in walk.unmatched_utopia  # the 2017 core set's Galaxy Class: newer than Space Dock's file
    assert walk.pairs["T141"] == "aft_shields_72325p"


def test_every_exclusion_is_a_paired_card_with_a_reason(utopia, spacedock, walk):
    assert set(KNOWN_DIFFERENCES) <= set(walk.pairs)
    out = compared_out(utopia, spacedock, walk)
    assert all(reason for reason in out.values())
    assert printed_differences(utopia, spacedock, walk)["S116"].startswith("cost 7 / 14")  # Aerie Class generic


def test_random_fleets_get_one_verdict_from_both_files(utopia, spacedock, walk):
    out = frozenset(compared_out(utopia, spacedock, walk))
    fleets = sample_fleets(utopia, walk, SEED, FLEETS, out)
    differing = []
    for fleet in fleets:
        by_utopia = verdict(validate_fleet(fleet, utopia, "wizkids-2016"))
        by_spacedock = verdict(validate_fleet(translate(fleet, walk), spacedock, "wizkids-2016"))
        if by_utopia != by_spacedock:
            differing.append((fleet, by_utopia, by_spacedock))
    assert not differing, differing[:3]
