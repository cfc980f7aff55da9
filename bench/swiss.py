"""Swiss fields to pair, and the plain networkx pairing to measure against.

Shared by the pairing benchmark and the pairing tests. The history is
simulated, not produced by :mod:`rules.tournament.pairing`, so nothing here depends on the
code being measured. Each simulated round pairs players top down within their
score, skipping former opponents when it can, and a coin decides each game (a
win is 3 match points). Round one has one extra entrant, so it has a bye, and
that entrant drops afterwards: the field then holds ``players`` players, one of
whom has had a bye.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

import networkx

from rules.tournament.pairing import Pairing, PlayerRecord

WIN = 3


def swiss_field(players: int, rounds: int, seed: int, tie_chance: float = 0.0) -> list[PlayerRecord]:
    """``players`` players after ``rounds`` simulated Swiss rounds (seeded, reproducible)."""
    rng = random.Random(seed)
    active = [f"p{i:05d}" for i in range(players + (1 if rounds else 0))]
    score = dict.fromkeys(active, 0)
    met: dict[str, set[str]] = {player: set() for player in active}
    byes = dict.fromkeys(active, 0)
    for round_number in range(rounds):
        waiting = sorted(active, key=lambda player: (-score[player], rng.random()))
        if len(waiting) % 2:
            bye = waiting.pop()
            byes[bye] += 1
            score[bye] += WIN
        while waiting:
            first = waiting.pop(0)
            other = next((i for i, player in enumerate(waiting) if player not in met[first]), 0)
            second = waiting.pop(other)
            met[first].add(second)
            met[second].add(first)
            if rng.random() < tie_chance:
                score[first] += 1
                score[second] += 1
            else:
                score[rng.choice((first, second))] += WIN
        if round_number == 0:
            active.remove(rng.choice([player for player in active if not byes[player]]))
    return [
        PlayerRecord(id=player, score=score[player], opponents=frozenset(met[player]), byes=byes[player])
        for player in active
    ]


def networkx_pairing(players: Sequence[PlayerRecord]) -> Pairing:
    """The textbook pairing: ``networkx.max_weight_matching`` over every rematch-free pair.

    Edge weights encode the same priorities as :func:`rules.tournament.pairing.pair_round`
    (bye choice by byes, score and place, then squared score differences, then keep-apart clashes) but no
    seeded tie-break. Needs a field where a rematch-free pairing exists.
    """
    scores = [Fraction(str(player.score)) for player in players]
    scale = lcm(*(score.denominator for score in scores))
    points = [int(score * scale) for score in scores]
    levels = {value: i for i, value in enumerate(sorted(set(points)))}
    fewest = min((player.byes for player in players), default=0)
    places = {place: i for i, place in enumerate(sorted({player.place for player in players}, reverse=True))}
    spread = (max(points) - min(points)) if points else 0
    per_square = len(players) + 1  # above every possible count of clashes
    per_bye = (len(players) * spread * spread + 1) * per_square
    graph = networkx.Graph()
    graph.add_nodes_from(range(len(players)))
    costs = {}
    for i, first in enumerate(players):
        for j in range(i + 1, len(players)):
            second = players[j]
            if second.id in first.opponents or first.id in second.opponents:
                continue
            clash = first.group is not None and first.group == second.group
            costs[i, j] = (points[i] - points[j]) ** 2 * per_square + clash
    bye = len(players)
    if len(players) % 2:
        for i, player in enumerate(players):
            rank = ((player.byes - fewest) * len(levels) + levels[points[i]]) * len(places) + places[player.place]
            costs[i, bye] = rank * per_bye
    top = max(costs.values(), default=0) + 1
    graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(players):
        raise ValueError("this field has no rematch-free pairing")
    pairs = [(players[min(i, j)].id, players[max(i, j)].id) for i, j in matching if bye not in (i, j)]
    byes = [players[min(i, j)].id for i, j in matching if bye in (i, j)]
    return Pairing(pairs=pairs, bye=byes[0] if byes else None, rematches=0)
