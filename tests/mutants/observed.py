"""What a surviving mutant of the Attack Wing rules changes on random fleets (``make mutants``, its report).

A survivor that changes nothing any fleet can show may be equivalent; one that changes a card's cost, a fleet's
total or its violations on random fleets is a rule no test pins, and the run lists it as such. This runs in the
mutated tree mutmut builds (``.mutmut/<module>/mutants``), where every mutant is switched on by name at run
time: both shipped catalogs are read once, random fleets of each (``rules.attack_wing.explained.random_fleets``,
which leans on the cards that change costs) are priced without a mutant, then with each survivor in turn, and
each survivor gets the most serious of the differences it makes:

* ``cost``: a card's cost or penalty, a ship's or the fleet's total;
* ``violation``: the violations found (their codes, ships and cards);
* ``explanation``: only the steps that explain a cost, or a violation's words;
* ``error``: the mutant raises where the original did not;
* ``none``: no difference on these fleets.

    python tests/mutants/observed.py NAME ... (in the mutated tree, its folder first on PYTHONPATH)

prints one ``name: kind`` line per mutant.
"""

from __future__ import annotations

import os
import sys

FLEETS_PER_CATALOG = 250  # 500 fleets in all: about 2 s a mutant
SEED = 1701
FORMAT = "wizkids-2016"
ORDER = ("none", "explanation", "violation", "cost", "error")


def _outcome(report):
    """A report as three comparable layers: costs, violations, explanations."""
    costs = (report.total, tuple((s.cost, tuple((c.id, c.cost, c.penalty) for c in s.cards)) for s in report.ships))
    costs += (tuple((r.id, r.cost) for r in report.resources), tuple((c.id, c.cost) for c in report.sideboard))
    violations = tuple((v.code, v.ship, v.card) for v in report.violations)
    explanations = (
        tuple(c.adjustments + (c.unapplied, c.placed) for s in report.ships for c in s.cards),
        tuple(v.message for v in report.violations),
    )
    return costs, violations, explanations


def _priced(samples):
    from rules.attack_wing import validate_fleet

    found = []
    for catalog, fleet in samples:
        try:
            found.append(_outcome(validate_fleet(fleet, catalog, FORMAT)))
        except Exception as error:  # noqa: BLE001 (a mutant's exception is what is being observed)
            found.append(("error", type(error).__name__))
    return found


def _difference(original, mutated) -> str:
    worst = "none"
    for before, after in zip(original, mutated, strict=True):
        if before == after:
            continue
        if after[0] == "error" or before[0] == "error":
            return "error"
        for layer, kind in zip(range(3), ("cost", "violation", "explanation"), strict=True):
            if before[layer] != after[layer] and ORDER.index(kind) > ORDER.index(worst):
                worst = kind
    return worst


def main(names: list[str]) -> int:
    from fleets.bundled_cards import bundled
    from rules.attack_wing import read_catalog
    from rules.attack_wing.explained import random_fleets

    samples = []
    for source in ("utopia", "spacedock"):
        catalog = read_catalog(bundled(source).path.read_bytes())
        samples += [(catalog, fleet) for fleet in random_fleets(catalog, SEED, FLEETS_PER_CATALOG)]
    os.environ["MUTANT_UNDER_TEST"] = ""
    original = _priced(samples)
    for name in names:
        os.environ["MUTANT_UNDER_TEST"] = name
        print(f"{name}: {_difference(original, _priced(samples))}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
