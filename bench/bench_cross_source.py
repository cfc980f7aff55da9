"""One fleet, one verdict: 1,000 random fleets judged with Utopia's card file and with Space Dock's.

Cards are paired by name, kind, upgrade type and WizKids product number
(:mod:`rules.attack_wing.crosswalk`); pairs whose files print different values or state a
different rule (each listed with its reason in docs/attack-wing-rules.md) are left out. The
same fleet, in each file's ids, must get the same ship costs, total and violation codes.
Target: every fleet agrees. The test suite runs the same check on 200 fleets.
"""

from __future__ import annotations

from bench.framework import Result, at_least, timed
from fleets.bundled_cards import read_bundled
from rules.attack_wing import read_catalog, validate_fleet
from rules.attack_wing.crosswalk import (
    KNOWN_DIFFERENCES,
    crosswalk,
    printed_differences,
    sample_fleets,
    translate,
    verdict,
)

FLEETS = 1_000
SEEDS = (1701, 1864, 2364)


def run() -> list[Result]:
    utopia, spacedock = read_catalog(read_bundled("utopia")), read_catalog(read_bundled("spacedock"))
    walk = crosswalk(utopia, spacedock)
    printed = printed_differences(utopia, spacedock, walk)
    left_out = frozenset(printed) | frozenset(KNOWN_DIFFERENCES)
    agreement, first_differences, seconds = [], [], []
    for seed in SEEDS:
        fleets = sample_fleets(utopia, walk, seed, FLEETS, left_out)

        def judge(fleets=fleets):
            return [
                verdict(validate_fleet(fleet, utopia, "wizkids-2016"))
                == verdict(validate_fleet(translate(fleet, walk), spacedock, "wizkids-2016"))
                for fleet in fleets
            ]

        took, same = timed(judge)
        seconds.append(took)
        agreement.append(100 * sum(same) / len(same))
        first_differences += [f for f, ok in zip(fleets, same, strict=True) if not ok][:1]
    notes = (
        f"{FLEETS:,} fleets × {len(SEEDS)} seeds ({', '.join(map(str, SEEDS))}), 1–4 ships; "
        f"{len(walk.pairs):,} cards paired ({len(walk.unmatched_utopia):,} Utopia and "
        f"{len(walk.unmatched_spacedock):,} Space Dock cards unpaired); left out: {len(printed)} printed "
        f"differences and {len(KNOWN_DIFFERENCES)} differing rules; both files judged in "
        f"{sum(seconds) / len(seconds):.2f} s per {FLEETS:,} fleets"
    )
    if first_differences:
        notes += f"; first differing fleet: {first_differences[0]}"
    return [at_least("Same verdict from Utopia's and Space Dock's files", agreement, 100, "% of fleets", notes)]
