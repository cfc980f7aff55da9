"""Fleet validation: 10,000 random fleets from the real Utopia catalog, in one process.

The catalog is read once (as the site loads it once per process); every fleet
is then priced and checked against the ``wizkids-2016`` format on a fixed date,
so resource retirement is checked too. Target: at least 5,000 fleets a second.
"""

from __future__ import annotations

import random
from datetime import date

from bench.framework import Result, at_least, time_runs
from bench.real_fleets import utopia_file
from rules.attack_wing import Fleet, FleetShip, read_catalog, validate_fleet
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, RESOURCE, SHIP, UPGRADE

FLEETS = 10_000
REPEAT = 3
EVENT_DATE = date(2017, 6, 1)


def random_fleets(catalog, count: int, seed: int = 1701) -> list[Fleet]:
    """Fleets shaped like real ones: 3–4 ships, a captain each, 0–5 upgrades, sometimes an admiral and a resource."""
    rng = random.Random(seed)
    by_kind: dict[str, list[str]] = {}
    for card in catalog.cards.values():
        by_kind.setdefault(card.kind, []).append(card.id)

    def ship() -> FleetShip:
        return FleetShip(
            ship=rng.choice(by_kind[SHIP]),
            captain=rng.choice(by_kind[CAPTAIN]),
            admiral=rng.choice(by_kind[ADMIRAL]) if rng.random() < 0.2 else None,
            upgrades=tuple(rng.choice(by_kind[UPGRADE]) for _ in range(rng.randint(0, 5))),
        )

    return [
        Fleet(
            ships=tuple(ship() for _ in range(rng.randint(3, 4))),
            resources=(rng.choice(by_kind[RESOURCE]),) if rng.random() < 0.7 else (),
        )
        for _ in range(count)
    ]


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_validation: CARD_DATA names no file")
        return []
    catalog = read_catalog(path.read_bytes())
    fleets = random_fleets(catalog, FLEETS)
    validate_fleet(fleets[0], catalog, "wizkids-2016", EVENT_DATE)  # builds the per-catalog index once

    def validate_all():
        for fleet in fleets:
            validate_fleet(fleet, catalog, "wizkids-2016", EVENT_DATE)

    rates = [FLEETS / seconds for seconds in time_runs(validate_all, REPEAT)]
    return [
        at_least(
            "Validate random fleets from the real catalog",
            rates,
            5_000,
            "fleets/s",
            f"{FLEETS:,} fleets of 3–4 ships × {REPEAT} runs, wizkids-2016 on {EVENT_DATE}",
        )
    ]
