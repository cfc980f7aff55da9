"""Swiss pairing: the exact optimum of a lexicographic objective, fast on large fields.

Priorities, highest first (each only breaks ties of the ones above it):

1. fewest rematches (none whenever a rematch-free pairing exists);
2. with an odd field, the bye goes to a player with the fewest byes so far,
   among those to the lowest score possible, and among those to the lowest
   ``place`` in the standings (their tie-breakers, e.g. fleet points); players
   level on all of these are left to the seeded draw of tier 6;
3. fewest pairs of players on the same ``side``, in a game whose two players
   play opposite sides with lists of their own (Spearpoint 1943 pits an American
   reserves deck against a German one, seed 004): sides meet across whenever the
   field allows, before scores are matched;
4. the smallest sum over pairs of (score difference)², so players meet their own
   score group and the few floaters move as little as possible;
5. fewest pairs of players who share a keep-apart ``group`` (same club or store).
   It applies in every round but, sitting below score differences, it can only
   choose between pairings that are equally good on everything above; in round
   one, where every score is equal, it keeps clubs apart whenever possible;
6. a seeded tie-break: players are ranked by score and, inside a score, by a
   shuffle drawn from ``seed``; the pairing minimises the sum of squared rank
   distances, so equal optima are chosen by the seed (round one is a random
   pairing by seed), and the same input with the same seed gives the same pairing.

All six are folded into one integer cost per pair (each tier weighted above the
largest total the tiers below it can reach), so the best pairing is a
minimum-cost perfect matching. Solving it on the complete graph is slow in pure
Python, but the optimum almost never pairs players far apart in the ranking. The
matching is therefore solved on a *candidate* graph (each player with the few
players ranked next to it, plus every possible bye) and then **proved** optimal
for the complete graph with the dual solution of the blossom algorithm: when
some pair left out could improve the result, it is added and the matching solved
again. The answer is exact; only the time depends on how local the optimum is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import NamedTuple

from rules.tournament._matching import max_weight_perfect_matching
from rules.tournament._matching_certificate import MatchingCertificate

Score = int | float | Fraction

# A player's first candidate partners: the players ranked just below, up to this
# many that could be met without a rematch or keep-apart clash.
CANDIDATE_PARTNERS = 6
# The optimality proof checks ranks in runs (bands) of about this many.
BAND_WIDTH = 128
# Pairs added per player and round of the proof when the candidate graph fell short.
MISSED_PER_PLAYER = 2


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player as pairing sees them: current score, who they met, how many byes they had.

    ``opponents`` may name players no longer in the field (dropped players).
    ``group`` names a keep-apart group such as a club or store (``None``: none).
    ``side`` is the side of the game the player plays (``None``: a game whose players have no fixed side).
    ``place`` is the player's place in the standings, larger is lower (the bye prefers it after the
    score); players level on every tie-breaker share a place, so the seeded draw decides between them.
    """

    id: str
    score: Score = 0
    opponents: frozenset[str] = frozenset()
    byes: int = 0
    group: str | None = None
    side: str | None = None  # the side the player's list plays; players of one side meet only if they must
    place: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """One round's pairings: ``pairs`` in table order (table 1, highest scores, first)."""

    pairs: list[tuple[str, str]]
    bye: str | None
    rematches: int
    keep_apart_clashes: int = 0
    same_side_pairs: int = 0


class PairingObjective(NamedTuple):
    """What :func:`pair_round` minimises, in priority order; compare two with ``<``.

    The seeded tie-break is not part of it: pairings with equal objectives are
    equally good. Without a bye, ``bye_byes``, ``bye_score`` and ``bye_place`` are 0;
    ``bye_place`` is the bye's place negated, so lower is better as everywhere else.
    """

    rematches: int
    bye_byes: int
    bye_score: Fraction
    bye_place: int
    same_side_pairs: int
    score_spread: Fraction  # sum over pairs of (score difference)²
    keep_apart_clashes: int


def pairing_objective(players: Sequence[PlayerRecord], pairing: Pairing) -> PairingObjective:
    """Evaluate any pairing of ``players`` (``pairs`` plus ``bye``) on the objective."""
    by_id = {player.id: player for player in players}
    rematches = clashes = same_side = 0
    spread = Fraction(0)
    for a, b in pairing.pairs:
        first, second = by_id[a], by_id[b]
        rematches += b in first.opponents or a in second.opponents
        same_side += first.side is not None and first.side == second.side
        clashes += first.group is not None and first.group == second.group
        spread += (_exact(first.score) - _exact(second.score)) ** 2
    bye = by_id[pairing.bye] if pairing.bye is not None else None
    return PairingObjective(
        rematches=rematches,
        bye_byes=bye.byes if bye else 0,
        bye_score=_exact(bye.score) if bye else Fraction(0),
        bye_place=-bye.place if bye else 0,
        same_side_pairs=same_side,
        score_spread=spread,
        keep_apart_clashes=clashes,
    )


def pair_round(players: Sequence[PlayerRecord], *, seed: int) -> Pairing:
    """Pair one Swiss round exactly; see the module docstring for the objective."""
    field = _Field(players, seed)
    if field.size == 0:
        return Pairing(pairs=[], bye=None, rematches=0)
    mate = _solve(field)
    return field.pairing(mate)


class _Field:
    """Players ranked for pairing, with the integer cost of every possible pair.

    Position ``p`` is a player's rank: highest score first, then the seeded
    shuffle. Position ``size`` is the bye when the field is odd.
    """

    def __init__(self, players: Sequence[PlayerRecord], seed: int) -> None:
        ids = [player.id for player in players]
        if len(set(ids)) != len(ids):
            raise ValueError("each player may appear only once in a pairing")
        shuffled = sorted(ids)
        random.Random(seed).shuffle(shuffled)
        draw = {player_id: rank for rank, player_id in enumerate(shuffled)}
        exact = {player.id: _exact(player.score) for player in players}
        ranked = sorted(players, key=lambda player: (-exact[player.id], draw[player.id]))
        self.players = ranked
        self.size = n = len(ranked)
        scale = lcm(*(exact[player.id].denominator for player in ranked)) if ranked else 1
        self.points = [int(exact[player.id] * scale) for player in ranked]
        position = {player.id: p for p, player in enumerate(ranked)}
        self.met = _symmetric([{position[o] for o in player.opponents if o in position} for player in ranked])
        self.group = [player.group for player in ranked]
        self.side = [player.side for player in ranked]
        self.odd = n % 2 == 1
        self.bye_rank = _bye_ranks(ranked, self.points) if self.odd else []
        # Tier multipliers: each exceeds the largest total the tiers below can reach.
        pairs = n // 2 + 1
        spread = (self.points[0] - self.points[-1]) if ranked else 0
        self.per_group = pairs * n * n + 1
        self.per_square = (pairs + 1) * self.per_group
        self.per_side = (pairs * spread * spread + 1) * self.per_square
        self.per_bye = (pairs + 1) * self.per_side
        self.per_rematch = (max(self.bye_rank, default=0) + 2) * self.per_bye

    @property
    def vertices(self) -> int:
        return self.size + 1 if self.odd else self.size

    def cost(self, p: int, q: int) -> int:
        """Integer cost of pairing positions ``p < q`` (``q == size`` is the bye)."""
        if q == self.size:
            return self.bye_rank[p] * self.per_bye + 1
        d = self.points[p] - self.points[q]
        cost = d * d * self.per_square + (q - p) * (q - p)
        if q in self.met[p]:
            cost += self.per_rematch
        if self.group[p] is not None and self.group[p] == self.group[q]:
            cost += self.per_group
        if self.same_side(p, q):
            cost += self.per_side
        return cost

    def same_side(self, p: int, q: int) -> bool:
        return self.side[p] is not None and self.side[p] == self.side[q]

    def is_clean(self, p: int, q: int) -> bool:
        """Whether ``p`` and ``q`` could meet without a rematch, keep-apart clash or same-side game."""
        return (
            q not in self.met[p]
            and (self.group[p] is None or self.group[p] != self.group[q])
            and not self.same_side(p, q)
        )

    def floor_cost(self, p: int, q: int) -> int:
        """A lower bound of ``cost(p, q)`` that ignores rematches, groups and sides."""
        d = self.points[p] - self.points[q]
        return d * d * self.per_square + (q - p) * (q - p)

    def score_groups(self) -> list[tuple[int, int]]:
        """``[start, stop)`` position ranges of equal score, best first."""
        bounds = [0] + [p for p in range(1, self.size) if self.points[p] != self.points[p - 1]] + [self.size]
        return list(zip(bounds, bounds[1:], strict=False))

    def bands(self, width: int) -> list[tuple[int, int]]:
        """Runs of at most about ``width`` ranks, cut at score-group boundaries where it keeps them wide enough."""
        bands: list[tuple[int, int]] = []
        for start, stop in self.score_groups():
            if bands and bands[-1][1] - bands[-1][0] < width // 2:
                start = bands.pop()[0]
            bands.extend((first, min(stop, first + width)) for first in range(start, stop, width))
        return bands

    def pairing(self, mate: list[int]) -> Pairing:
        pairs = []
        bye = None
        rematches = clashes = same_side = 0
        for p in range(self.size):
            q = mate[p]
            if q == self.size:
                bye = self.players[p].id
            elif p < q:
                pairs.append((p, q))
                rematches += q in self.met[p]
                clashes += self.group[p] is not None and self.group[p] == self.group[q]
                same_side += self.same_side(p, q)
        pairs.sort(key=lambda pq: (-self.points[pq[0]], -self.points[pq[1]], pq[0]))
        return Pairing(
            pairs=[(self.players[p].id, self.players[q].id) for p, q in pairs],
            bye=bye,
            rematches=rematches,
            keep_apart_clashes=clashes,
            same_side_pairs=same_side,
        )


def _exact(score: Score) -> Fraction:
    """A score as an exact fraction; floats are read as written (``0.1`` is one tenth)."""
    return Fraction(str(score))


def _symmetric(met: list[set[int]]) -> list[frozenset[int]]:
    """Opponent sets by position, closed under symmetry: a one-sided record still counts as a meeting."""
    both = [set(m) for m in met]
    for p, opponents in enumerate(met):
        for q in opponents:
            both[q].add(p)
    return [frozenset(m) for m in both]


def _bye_ranks(ranked: list[PlayerRecord], points: list[int]) -> list[int]:
    """Bye preference per position: fewest byes first, then lowest score, then lowest place (0 is best)."""
    fewest = min(player.byes for player in ranked)
    scores = sorted(set(points))
    score_level = {score: i for i, score in enumerate(scores)}
    places = sorted({player.place for player in ranked}, reverse=True)
    place_level = {place: i for i, place in enumerate(places)}
    return [
        ((player.byes - fewest) * len(scores) + score_level[points[p]]) * len(places) + place_level[player.place]
        for p, player in enumerate(ranked)
    ]


BYE_FEWEST_BYES = "fewest_byes"
BYE_LOWEST_SCORE = "lowest_score"
BYE_LOWEST_PLACE = "lowest_place"
BYE_DRAW = "draw"
BYE_NO_REMATCH = "no_rematch"


def bye_rule(players: Sequence[PlayerRecord], bye: str) -> str:
    """Which bye rule singled out ``bye`` from the field: the last of byes, score, place needed, or the draw.

    ``BYE_NO_REMATCH`` when a player preferred by those rules was passed over, which
    only happens to avoid a rematch (priority 1). So the round page can say why.
    """
    chosen = next(player for player in players if player.id == bye)
    key: dict[str, Callable[[PlayerRecord], int | Fraction]] = {
        BYE_FEWEST_BYES: lambda player: player.byes,
        BYE_LOWEST_SCORE: lambda player: _exact(player.score),
        BYE_LOWEST_PLACE: lambda player: -player.place,
    }
    rivals = [player for player in players if player.id != bye]
    for rule, value in key.items():
        if any(value(player) < value(chosen) for player in rivals):
            return BYE_NO_REMATCH
        rivals = [player for player in rivals if value(player) == value(chosen)]
        if not rivals:
            return rule
    return BYE_DRAW


def _solve(field: _Field) -> list[int]:
    """Minimum-cost perfect matching of the field, proved optimal over all pairs."""
    n = field.size
    reach = _candidate_reach(field)
    extra: set[tuple[int, int]] = set()
    while True:
        candidates = [(p, q) for p in range(n) for q in range(p + 1, reach[p])]
        candidates += sorted(extra)
        if field.odd:
            candidates += [(p, n) for p in range(n)]
        cheapest = min(field.cost(p, q) for p, q in candidates)
        edges = [(p, q, cheapest - field.cost(p, q)) for p, q in candidates]
        certificate = max_weight_perfect_matching(field.vertices, edges)
        missed = _uncovered_pairs(field, certificate, reach, extra, cheapest)
        if not missed:
            return certificate.mate
        extra.update(missed)


def _candidate_reach(field: _Field) -> list[int]:
    """``reach[p]``: players ranked in ``(p, reach[p])`` are candidate partners of ``p``.

    Each player gets, above and below it in the ranking, the nearest
    ``CANDIDATE_PARTNERS`` players it could meet without a rematch or
    keep-apart clash (and everyone ranked in between), so a player whose
    neighbours are former opponents or clubmates still has real choices, at
    the ends of the ranking too.
    """
    n = field.size
    reach = [_nearest_clean(field, p, range(p + 1, n)) + 1 for p in range(n)]
    for q in range(n):
        for p in range(_nearest_clean(field, q, range(q - 1, -1, -1)), q):
            reach[p] = max(reach[p], q + 1)
    return reach


def _nearest_clean(field: _Field, p: int, ranks: range) -> int:
    """The rank, walking ``ranks``, at which ``p`` has seen ``CANDIDATE_PARTNERS`` clean partners (or the last)."""
    last = p
    clean = 0
    for q in ranks:
        last = q
        clean += field.is_clean(p, q)
        if clean == CANDIDATE_PARTNERS:
            break
    return last


def _uncovered_pairs(
    field: _Field,
    certificate: MatchingCertificate,
    reach: list[int],
    extra: set[tuple[int, int]],
    cheapest: int,
) -> list[tuple[int, int]]:
    """Some pairs outside the candidate graph whose reduced cost is negative.

    An empty answer proves the matching optimal over every pair. Pairs are
    checked band by band (a band is a run of ranks, normally one score group)
    and, inside a band, in order of rank distance: a bound from the blossom tree
    (:meth:`MatchingCertificate.partner_floor`) together with the least cost a pair
    at that distance can have clears the rest of the band at once, which happens
    within a few ranks because costs grow with the square of the distance. A few
    offending pairs per player are enough to make progress.
    """
    dual = certificate.dual
    bands = field.bands(BAND_WIDTH)
    classes = [-1] * field.vertices
    for k, (start, stop) in enumerate(bands):
        classes[start:stop] = [k] * (stop - start)
    floor = certificate.partner_floor(classes, len(bands))
    missed = []
    for p in range(field.size):
        found = 0
        for k, (start, stop) in enumerate(bands):
            if stop <= reach[p] or found >= MISSED_PER_PLAYER:
                continue
            ceiling = dual[p] + floor[p][k] - 2 * cheapest  # plus 2·cost(p, q) bounds the slack from below
            for q in range(max(start, reach[p]), stop):
                if ceiling + 2 * field.floor_cost(p, q) >= 0:
                    break  # and so for every q further down the band
                if (p, q) not in extra and not certificate.covers(p, q, cheapest - field.cost(p, q)):
                    missed.append((p, q))
                    found += 1
                    if found >= MISSED_PER_PLAYER:
                        break
    return missed
