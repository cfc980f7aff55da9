"""Swiss pairing: 1,000 and 4,096 players after six rounds, and the plain networkx pairing.

Fields come from :func:`bench.swiss.swiss_field` (scores of 0–6 wins at 3 match
points, prior opponents, one bye so far). networkx runs once per 1,000-player
field, on the complete rematch-free graph; both answers are scored with
:func:`rules.tournament.pairing.pairing_objective` and must be equal. networkx is not run
at 4,096 players: its cubic running time would take the better part of an hour.
"""

from __future__ import annotations

import statistics
from dataclasses import replace

from bench.framework import Result, at_least, peak_memory_mb, time_runs, timed, within
from bench.swiss import networkx_pairing, swiss_field
from rules.tournament.pairing import pair_round, pairing_objective

ROUNDS = 6
SEEDS = (1, 2)
REPEAT = 3


def run() -> list[Result]:
    results = []
    ours: dict[int, list[float]] = {}
    for players in (1000, 1001, 4096):
        fields = [swiss_field(players, ROUNDS, seed) for seed in SEEDS]
        times = [t for field in fields for t in time_runs(lambda field=field: pair_round(field, seed=7), REPEAT)]
        ours[players] = times
        limit = 1.0 if players < 2000 else 10.0
        kind = "odd field: a bye to give" if players % 2 else "round 7"
        notes = f"{len(fields)} simulated histories × {REPEAT} runs"
        results.append(within(f"Pair {players:,} players ({kind})", times, limit, "s", notes))
    clubs = [replace(player, group=f"club{i % 3}") for i, player in enumerate(swiss_field(4096, 0, SEEDS[0]))]
    results.append(
        within(
            "Pair 4,096 players in round 1, three keep-apart clubs",
            time_runs(lambda: pair_round(clubs, seed=7), REPEAT),
            10,
            "s",
            "stress case: clubmates crowd each other's nearest candidates",
        )
    )
    largest = swiss_field(4096, ROUNDS, SEEDS[0])
    memory = peak_memory_mb(lambda: pair_round(largest, seed=7))
    results.append(within("Peak memory, pairing 4,096 players", [memory], 500, "MB", "tracemalloc peak of one run"))
    results.extend(_against_networkx())
    return results


def _against_networkx() -> list[Result]:
    ratios = []
    baseline = []
    same = 0
    for seed in SEEDS:
        field = swiss_field(1000, ROUNDS, seed)
        seconds, reference = timed(lambda field=field: networkx_pairing(field))
        ours = statistics.median(time_runs(lambda field=field: pair_round(field, seed=7), REPEAT))
        baseline.append(seconds)
        ratios.append(seconds / ours)
        same += pairing_objective(field, pair_round(field, seed=7)) == pairing_objective(field, reference)
    median = statistics.median(baseline)
    return [
        at_least(
            "Speed-up over networkx, 1,000 players",
            ratios,
            10,
            "×",
            f"networkx.max_weight_matching on the complete rematch-free graph: median {median:.1f} s",
        ),
        at_least(
            "Same optimum as networkx, 1,000 players",
            [same],
            len(SEEDS),
            "fields",
            "equal pairing objective (rematches, bye, squared score differences, keep-apart)",
        ),
    ]
