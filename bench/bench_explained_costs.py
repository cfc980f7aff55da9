"""Every SP explained: 2,000 random fleets from each card database, every card's adjustments add up.

Each card of a report carries its printed cost, the steps that move it (reductions, faction penalty,
extra and computed costs, each with the card and words that cause it) and its final cost. The fleets
(:func:`rules.attack_wing.explained.random_fleets`) lean on the cards that change costs. Target: every
card of every fleet adds up. The test suite runs the same check on 300 fleets per database.
"""

from __future__ import annotations

from pathlib import Path

from bench.framework import Result, at_least, timed
from rules.attack_wing import read_catalog, validate_fleet
from rules.attack_wing.explained import random_fleets, unbalanced

CARDS = Path(__file__).resolve().parent.parent.parent / "shared" / "cards" / "staw"
FLEETS = 2_000
SEED = 26
FILES = {"Utopia": "utopia-data.json", "Space Dock": "spacedock-data.xml"}


def run() -> list[Result]:
    if not all((CARDS / name).exists() for name in FILES.values()):
        print(f"bench_explained_costs: card files not found in {CARDS}")
        return []
    results = []
    for label, name in FILES.items():
        catalog = read_catalog((CARDS / name).read_bytes())
        fleets = random_fleets(catalog, SEED, FLEETS)
        took, reports = timed(
            lambda catalog=catalog, fleets=fleets: [validate_fleet(f, catalog, "wizkids-2016") for f in fleets]
        )
        wrong = [line for report in reports for line in unbalanced(report)]
        cards = sum(len(s.cards) for r in reports for s in r.ships) + sum(len(r.resources) for r in reports)
        steps = sum(len(c.adjustments) for r in reports for s in r.ships for c in s.cards)
        notes = f"{FLEETS:,} fleets (seed {SEED}), {cards:,} cards, {steps:,} adjustments, judged in {took:.2f} s"
        if wrong:
            notes += f"; first: {wrong[0]}"
        share = 100 * (cards - len(wrong)) / cards
        results.append(at_least(f"Every SP explained ({label})", [share], 100, "% of cards add up", notes))
    return results
