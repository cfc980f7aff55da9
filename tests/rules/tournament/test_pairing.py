"""Swiss pairing: the exact optimum, byes, forced rematches, keep-apart groups, seeded ties.

The STAW tournament rules (seed 003, "Fleet Points" paragraph: "A player who
receives a Bye will receive a Win") leave who meets whom to the Swiss system;
its priorities are specified in the docstring of :mod:`rules.tournament.pairing`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from unittest import mock

import networkx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.swiss import networkx_pairing, swiss_field
from rules.tournament import pairing
from rules.tournament._matching import max_weight_perfect_matching
from rules.tournament.pairing import Pairing, PlayerRecord, pair_round, pairing_objective

examples = settings()  # the profile's examples (tests/hypothesis_profiles.py)


def _matchings(ids):
    """Every way to split ``ids`` (even count) into pairs."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, partner in enumerate(rest):
        for others in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, partner), *others]


def _every_pairing(players):
    ids = [player.id for player in players]
    if len(ids) % 2 == 0:
        for pairs in _matchings(ids):
            yield Pairing(pairs=pairs, bye=None, rematches=0)
        return
    for bye in ids:
        for pairs in _matchings([i for i in ids if i != bye]):
            yield Pairing(pairs=pairs, bye=bye, rematches=0)


def _best_by_brute_force(players):
    return min(pairing_objective(players, candidate) for candidate in _every_pairing(players))


def _assert_valid(players, result):
    """Everyone plays exactly once, the bye exists exactly when the field is odd."""
    seen = [player_id for pair in result.pairs for player_id in pair]
    if result.bye is not None:
        seen.append(result.bye)
    assert sorted(seen) == sorted(player.id for player in players)
    assert (result.bye is not None) == (len(players) % 2 == 1)
    assert result.rematches == pairing_objective(players, result).rematches


@st.composite
def small_fields(draw, most=10):
    """Any history at all: scores (whole or fractional), one-sided or unknown opponents, byes, clubs."""
    count = draw(st.integers(0, most))
    ids = [f"p{i}" for i in range(count)]
    unit = draw(st.sampled_from([3, 1, 0.5, 1.5]))
    players = []
    for player_id in ids:
        opponents = draw(st.frozensets(st.sampled_from([*ids, "dropped-player"]), max_size=count))
        players.append(
            PlayerRecord(
                id=player_id,
                score=draw(st.integers(0, 6)) * unit,
                opponents=opponents - {player_id},
                byes=draw(st.integers(0, 2)),
                group=draw(st.sampled_from([None, None, "red", "blue"])),
                place=draw(st.integers(0, 3)),
            )
        )
    return players


def _with_clubs(players, clubs, seed):
    rng = random.Random(seed)
    return [replace(player, group=f"club{rng.randrange(clubs)}") for player in players]


# -- exactness -------------------------------------------------------------------------------


@pytest.mark.slow(reason="a property over random histories, each pairing checked against every other pairing")
@examples
@given(small_fields(), st.integers(0, 10**6))
def test_pairing_is_the_brute_force_optimum_of_every_small_history(players, seed):
    result = pair_round(players, seed=seed)
    _assert_valid(players, result)
    assert pairing_objective(players, result) == _best_by_brute_force(players)


@pytest.mark.slow(reason="a property over random histories, each proof checked by brute force")
@given(small_fields(), st.integers(0, 10**6))
def test_the_optimality_proof_repairs_a_candidate_graph_of_one_partner(players, seed):
    """With one candidate partner per player the first matching is often wrong; the proof must fix it."""
    with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1), mock.patch.object(pairing, "BAND_WIDTH", 2):
        result = pair_round(players, seed=seed)
    assert pairing_objective(players, result) == _best_by_brute_force(players)


@pytest.mark.parametrize(
    ("players", "rounds", "clubs"),
    [(60, 5, 0), (121, 6, 0), (200, 6, 0), (150, 0, 2), (90, 4, 12)],
)
def test_pairing_matches_networkx_on_the_complete_graph(players, rounds, clubs):
    field = swiss_field(players, rounds, seed=players)
    if clubs:
        field = _with_clubs(field, clubs, seed=players)
    result = pair_round(field, seed=3)
    _assert_valid(field, result)
    assert pairing_objective(field, result) == pairing_objective(field, networkx_pairing(field))


def test_the_bye_by_place_matches_networkx_on_a_large_odd_field():
    """121 players after 6 rounds, each with a standings place: the lowest-placed lowest scorer sits out."""
    field = swiss_field(121, 6, seed=11)
    rng = random.Random(11)
    field = [replace(player, place=rng.randrange(1, 40)) for player in field]
    result = pair_round(field, seed=3)
    _assert_valid(field, result)
    assert pairing_objective(field, result) == pairing_objective(field, networkx_pairing(field))
    assert pairing.bye_rule(field, result.bye) != pairing.BYE_NO_REMATCH


def test_a_thin_candidate_graph_still_gives_the_networkx_optimum():
    field = _with_clubs(swiss_field(120, 0, seed=5), clubs=3, seed=5)
    with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1):
        result = pair_round(field, seed=1)
    assert pairing_objective(field, result) == pairing_objective(field, networkx_pairing(field))


# -- seeds ---------------------------------------------------------------------------------------


def test_same_input_and_seed_give_the_same_pairing_whatever_the_input_order():
    field = swiss_field(80, 4, seed=9)
    first = pair_round(field, seed=42)
    shuffled = list(field)
    random.Random(0).shuffle(shuffled)
    assert pair_round(shuffled, seed=42) == first
    assert pair_round(field, seed=42) == first


def test_round_one_is_a_random_pairing_by_seed():
    field = [PlayerRecord(id=f"p{i}") for i in range(16)]
    opponents_of_p0 = set()
    for seed in range(40):
        result = pair_round(field, seed=seed)
        _assert_valid(field, result)
        opponents_of_p0 |= {b if a == "p0" else a for a, b in result.pairs if "p0" in (a, b)}
    assert len(opponents_of_p0) >= 8


def test_different_seeds_choose_between_equal_optima_in_later_rounds():
    field = swiss_field(40, 3, seed=2)
    results = {tuple(pair_round(field, seed=seed).pairs) for seed in range(6)}
    objectives = {pairing_objective(field, Pairing(list(pairs), None, 0)) for pairs in results}
    assert len(results) > 1
    assert len(objectives) == 1


# -- byes ------------------------------------------------------------------------------------------


def test_the_bye_goes_to_the_lowest_scorer():
    field = [PlayerRecord(id=name, score=score) for name, score in zip("abcde", (9, 6, 6, 3, 0), strict=True)]
    assert pair_round(field, seed=1).bye == "e"


def test_the_bye_goes_to_a_player_with_the_fewest_byes_before_a_lower_scorer():
    field = [
        PlayerRecord(id="a", score=0, byes=1),
        PlayerRecord(id="b", score=3),
        PlayerRecord(id="c", score=3),
        PlayerRecord(id="d", score=6),
        PlayerRecord(id="e", score=6),
    ]
    for seed in range(10):
        assert pair_round(field, seed=seed).bye in {"b", "c"}


def test_among_the_lowest_scorers_the_bye_goes_to_the_lowest_place():
    """Seed 003 says what a bye scores, not who gets it; the rule is documented in docs/events.md."""
    field = [
        PlayerRecord(id="fleet-77", score=0, place=4),
        PlayerRecord(id="late-entry", score=0, place=5),
        PlayerRecord(id="c", score=3, place=1),
        PlayerRecord(id="d", score=3, place=2),
        PlayerRecord(id="e", score=3, place=3),
    ]
    for seed in range(10):
        result = pair_round(field, seed=seed)
        assert result.bye == "late-entry"
        assert pairing.bye_rule(field, result.bye) == pairing.BYE_LOWEST_PLACE


def test_a_lower_place_never_outweighs_a_lower_score_or_fewer_byes():
    field = [
        PlayerRecord(id="scored", score=3, place=9),
        PlayerRecord(id="had-a-bye", score=0, byes=1, place=8),
        PlayerRecord(id="lowest", score=0, place=1),
    ]
    assert pair_round(field, seed=1).bye == "lowest"
    assert pairing.bye_rule(field, "lowest") == pairing.BYE_LOWEST_SCORE


def test_players_sharing_the_lowest_place_are_left_to_the_seeded_draw():
    field = [PlayerRecord(id=name, score=0, place=2) for name in "abcde"]
    byes = {pair_round(field, seed=seed).bye for seed in range(20)}
    assert len(byes) > 1
    assert {pairing.bye_rule(field, bye) for bye in byes} == {pairing.BYE_DRAW}


def test_the_bye_rule_names_fewest_byes_and_a_rematch_that_overrode_the_rules():
    fewest = [PlayerRecord(id="a", byes=1), PlayerRecord(id="b", byes=1), PlayerRecord(id="c", score=9)]
    assert pairing.bye_rule(fewest, "c") == pairing.BYE_FEWEST_BYES
    assert pairing.bye_rule(fewest, "a") == pairing.BYE_NO_REMATCH


@pytest.mark.slow(reason="a property over random histories, each pairing checked against every other pairing")
@examples
@given(small_fields(), st.integers(0, 10**6))
def test_the_bye_rule_only_blames_a_rematch_when_one_was_avoided(players, seed):
    """A bye that is not the rules' first choice is only ever given to avoid a rematch."""
    result = pair_round(players, seed=seed)
    assume(result.bye is not None)
    preference = {p.id: (p.byes, pairing._exact(p.score), -p.place) for p in players}
    preferred = {p for p in preference if preference[p] < preference[result.bye]}
    overridden = pairing.bye_rule(players, result.bye) == pairing.BYE_NO_REMATCH
    assert overridden == bool(preferred)
    assert all(
        pairing_objective(players, candidate).rematches > result.rematches
        for candidate in _every_pairing(players)
        if candidate.bye in preferred
    )


def test_avoiding_a_rematch_comes_before_the_bye_preference():
    field = [
        PlayerRecord(id="a", score=0),
        PlayerRecord(id="b", score=3, opponents=frozenset({"c"})),
        PlayerRecord(id="c", score=6, opponents=frozenset({"b"})),
    ]
    result = pair_round(field, seed=1)
    assert (result.bye, result.rematches) == ("b", 0)


def test_a_lone_player_gets_the_bye_and_an_empty_field_no_pairs():
    assert pair_round([PlayerRecord(id="solo")], seed=1) == Pairing(pairs=[], bye="solo", rematches=0)
    assert pair_round([], seed=1) == Pairing(pairs=[], bye=None, rematches=0)


# -- rematches ---------------------------------------------------------------------------------------


def test_unavoidable_rematches_are_made_and_counted():
    everyone = frozenset("abcd")
    field = [PlayerRecord(id=name, opponents=everyone - {name}) for name in "abcd"]
    assert pair_round(field, seed=1).rematches == 2
    lonely = [PlayerRecord(id="a", opponents=frozenset("bcd")), *(PlayerRecord(id=name) for name in "bcd")]
    assert pair_round(lonely, seed=1).rematches == 1


def test_a_one_sided_record_counts_as_a_meeting_and_unknown_opponents_are_ignored():
    field = [
        PlayerRecord(id="a", score=3, opponents=frozenset({"b", "long-gone"})),
        PlayerRecord(id="b", score=3),
        PlayerRecord(id="c", score=0),
        PlayerRecord(id="d", score=0),
    ]
    result = pair_round(field, seed=1)
    assert ("a", "b") not in result.pairs and ("b", "a") not in result.pairs
    assert result.rematches == 0


def test_players_meet_their_own_score_group_when_they_can():
    field = [PlayerRecord(id=name, score=score) for name, score in zip("abcdef", (6, 6, 3, 3, 0, 0), strict=True)]
    result = pair_round(field, seed=4)
    assert [{a, b} for a, b in result.pairs] == [{"a", "b"}, {"c", "d"}, {"e", "f"}]


def test_fractional_scores_are_numbers_like_any_other():
    field = [PlayerRecord(id=name, score=score) for name, score in zip("abcd", (1.5, 0.5, 1.5, 0.5), strict=True)]
    assert [{a, b} for a, b in pair_round(field, seed=1).pairs] == [{"a", "c"}, {"b", "d"}]


# -- keep-apart groups ------------------------------------------------------------------------------


def test_clubmates_are_kept_apart_in_round_one_whatever_the_seed():
    field = [PlayerRecord(id=f"p{i}", group=f"club{i % 3}") for i in range(12)]
    for seed in range(20):
        result = pair_round(field, seed=seed)
        assert result.keep_apart_clashes == 0
        assert pairing_objective(field, result).keep_apart_clashes == 0


def test_keeping_clubs_apart_never_costs_a_score_difference():
    field = [
        PlayerRecord(id="a", score=6, group="x"),
        PlayerRecord(id="b", score=6, group="x"),
        PlayerRecord(id="c", score=0, group="y"),
        PlayerRecord(id="d", score=0, group="y"),
    ]
    result = pair_round(field, seed=1)
    assert [set(pair) for pair in result.pairs] == [{"a", "b"}, {"c", "d"}]
    assert result.keep_apart_clashes == 2


# -- output ------------------------------------------------------------------------------------------


def test_table_one_holds_the_highest_scores_and_the_leader_is_named_first():
    field = swiss_field(30, 3, seed=11)
    score = {player.id: player.score for player in field}
    result = pair_round(field, seed=5)
    tables = [(score[a], score[b]) for a, b in result.pairs]
    assert all(first >= second for first, second in tables)
    assert tables == sorted(tables, reverse=True)


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ValueError, match="only once"):
        pair_round([PlayerRecord(id="a"), PlayerRecord(id="a")], seed=1)


# -- the matching underneath -----------------------------------------------------------------------


@st.composite
def weighted_graphs(draw):
    size = draw(st.integers(2, 12))
    density = draw(st.sampled_from([0.3, 0.6, 1.0]))
    top = draw(st.sampled_from([3, 50, 10**12]))
    edges = []
    for i in range(size):
        for j in range(i + 1, size):
            if draw(st.floats(0, 1)) < density:
                edges.append((i, j, draw(st.integers(-top, top))))
    return size, edges


def _reference_matching(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """networkx's maximum-weight matching of the largest size: the reference the blossom code is checked against."""
    reference = networkx.Graph()
    reference.add_nodes_from(range(size))
    reference.add_weighted_edges_from(edges)
    return networkx.max_weight_matching(reference, maxcardinality=True)


@given(weighted_graphs())
def test_blossom_matching_is_optimal_and_certified(graph):
    size, edges = graph
    best = _reference_matching(size, edges)
    if 2 * len(best) < size:
        with pytest.raises(ValueError, match="no perfect matching"):
            max_weight_perfect_matching(size, edges)
        return
    certificate = max_weight_perfect_matching(size, edges)
    mate = certificate.mate
    weight = {(i, j): w for i, j, w in edges} | {(j, i): w for i, j, w in edges}
    assert all(mate[mate[v]] == v != mate[v] for v in range(size))
    assert sum(weight[v, mate[v]] for v in range(size)) == 2 * sum(weight[i, j] for i, j in best)
    for i, j, w in edges:
        assert certificate.slack(i, j, w) >= 0
        assert certificate.covers(i, j, w)
        assert not certificate.covers(i, j, w + 1 + certificate.slack(i, j, w) // 2)
        if mate[i] == j:
            assert certificate.slack(i, j, w) == 0


@given(weighted_graphs(), st.data())
def test_partner_floor_is_the_least_dual_over_each_class(graph, data):
    size, edges = graph
    assume(2 * len(_reference_matching(size, edges)) == size)  # the floor is a perfect matching's
    certificate = max_weight_perfect_matching(size, edges)
    count = data.draw(st.integers(1, 3))
    classes = data.draw(st.lists(st.integers(-1, count - 1), min_size=size, max_size=size))
    floor = certificate.partner_floor(classes, count)
    for v, w in permutations(range(size), 2):
        if classes[w] >= 0:
            assert floor[v][classes[w]] <= certificate.dual[w] + certificate.common_blossom_dual(v, w)
    for v in range(size):
        for c in range(count):
            members = [w for w in range(size) if w != v and classes[w] == c]
            if members:
                assert floor[v][c] == min(certificate.dual[w] + certificate.common_blossom_dual(v, w) for w in members)


def test_seed_004_sides_meet_across_where_the_field_allows():
    """Spearpoint pits an American reserves deck against a German one: Swiss pairing keeps sides apart
    in round one, whatever the seed, and pairs same-side players only with the players left over."""
    players = [PlayerRecord(f"a{i}", side="american") for i in range(3)] + [
        PlayerRecord(f"g{i}", side="german") for i in range(3)
    ]
    for seed in range(20):
        result = pair_round(players, seed=seed)
        assert result.same_side_pairs == 0
        assert all({a[0], b[0]} == {"a", "g"} for a, b in result.pairs)
    lopsided = [PlayerRecord(f"a{i}", side="american") for i in range(4)] + [PlayerRecord("g0", side="german")]
    result = pair_round(lopsided, seed=1)
    assert result.same_side_pairs == 1 and result.bye is not None and result.bye.startswith("a")


def test_sides_stay_below_rematches_and_above_scores():
    """A rematch is worse than a same-side game; a score mismatch is better than one."""
    a, b = PlayerRecord("a", side="american", opponents=frozenset({"g"})), PlayerRecord("g", side="german")
    c, d = PlayerRecord("c", side="american"), PlayerRecord("h", side="german", opponents=frozenset({"a"}))
    result = pair_round([a, b, c, d], seed=3)
    assert result.rematches == 0
    assert result.same_side_pairs == 2
    ahead = [PlayerRecord("a1", score=3, side="american"), PlayerRecord("a2", score=3, side="american")]
    behind = [PlayerRecord("g1", score=0, side="german"), PlayerRecord("g2", score=0, side="german")]
    result = pair_round(ahead + behind, seed=5)
    assert result.same_side_pairs == 0
    assert pairing_objective(ahead + behind, result).same_side_pairs == 0


def test_a_rematch_between_same_side_players_costs_a_rematch_too():
    """Two Americans who met (seed 004: sides meet across only when they must) and a German on 0 points: the
    only rematch-free pairings give the German a game, so an American sits out; the German, lowest scorer,
    would have the bye if priority 1 did not come first. By hand: no rematch, the bye on 3 points, one
    pair 3 against 0 (spread 9), no same-side pair."""
    a1 = PlayerRecord("a1", score=3, side="american", opponents=frozenset({"a2"}))
    a2 = PlayerRecord("a2", score=3, side="american", opponents=frozenset({"a1"}))
    g = PlayerRecord("g", score=0, side="german")
    for seed in range(6):
        result = pair_round([a1, a2, g], seed=seed)
        assert (result.rematches, result.same_side_pairs) == (0, 0)
        assert result.bye in ("a1", "a2") and result.pairs in ([("a1", "g")], [("a2", "g")])
        assert pairing_objective([a1, a2, g], result) == (0, 0, Fraction(3), 0, 0, Fraction(9), 0)


def test_the_objective_of_a_small_field_by_hand():
    """Seven players, one pairing, each tier worked out by hand:

    - p1-p2: p2 is in p1's opponents (a rematch), both of club x (a clash), side s against none; (3 - 3/2)² = 9/4;
    - p6-p7: both of side s (a same-side pair), clubs y and z; (1 - 1)² = 0;
    - p3-p4: only p4 names p3 (a one-sided record is still a rematch), no club, side s against none;
      (0 - 1/2)² = 1/4;
    - the bye p5: 1 bye before, 1/2 point, place 4 (negated: -4).

    Without the bye: p1-p3 (both side s, no rematch, club x against none), p2-p4 (no side, no club: not a
    same-side pair nor a clash), p6-p7: 2 same-side pairs, spread 9 + 1 + 0.
    """
    players = [
        PlayerRecord("p1", score=3, opponents=frozenset({"p2"}), group="x", side="s"),
        PlayerRecord("p2", score=1.5, group="x"),
        PlayerRecord("p3", score=0, side="s"),
        PlayerRecord("p4", score=0.5, opponents=frozenset({"p3"})),
        PlayerRecord("p5", score=0.5, byes=1, place=4),
        PlayerRecord("p6", score=1, group="y", side="s"),
        PlayerRecord("p7", score=1, group="z", side="s"),
    ]
    chosen = Pairing(pairs=[("p1", "p2"), ("p6", "p7"), ("p3", "p4")], bye="p5", rematches=2)
    assert pairing_objective(players, chosen) == pairing.PairingObjective(
        rematches=2,
        bye_byes=1,
        bye_score=Fraction(1, 2),
        bye_place=-4,
        same_side_pairs=1,
        score_spread=Fraction(5, 2),
        keep_apart_clashes=1,
    )
    even = Pairing(pairs=[("p1", "p3"), ("p2", "p4"), ("p6", "p7")], bye=None, rematches=0)
    assert pairing_objective(players[:4] + players[5:], even) == (0, 0, 0, 0, 2, Fraction(9 + 1 + 0), 0)


def test_the_pairing_reports_its_own_rematches_clashes_and_same_side_pairs():
    """Both Americans met both Germans, and the Germans share a club. By hand the best pairing is a1-a2
    (same side, no rematch) and g1-g2 (same side, same club): 0 rematches, 2 same-side pairs, 1 clash."""
    players = [
        PlayerRecord("a1", side="am", opponents=frozenset({"g1", "g2"})),
        PlayerRecord("a2", side="am", opponents=frozenset({"g1", "g2"})),
        PlayerRecord("g1", side="de", group="club"),
        PlayerRecord("g2", side="de", group="club"),
    ]
    result = pair_round(players, seed=4)
    assert sorted(tuple(sorted(pair)) for pair in result.pairs) == [("a1", "a2"), ("g1", "g2")]
    assert (result.rematches, result.same_side_pairs, result.keep_apart_clashes) == (0, 2, 1)


@pytest.mark.parametrize(("players", "rounds"), [(60, 5), (121, 6), (200, 4)])
def test_the_proof_repairs_a_starved_candidate_graph_on_a_large_field(players, rounds):
    """One candidate partner per player and bands of 4 ranks: the first matching is far from optimal, and
    the proof (the pair bound of ``floor_cost``, the bands) must add the pairs it lacks, round after
    round, until it equals the networkx optimum over every rematch-free pair."""
    field = swiss_field(players, rounds, seed=players + rounds)
    solves = []
    real = pairing.max_weight_perfect_matching

    def counted(*args):
        solves.append(1)
        return real(*args)

    with (
        mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1),
        mock.patch.object(pairing, "BAND_WIDTH", 4),
        mock.patch.object(pairing, "max_weight_perfect_matching", counted),
    ):
        result = pair_round(field, seed=7)
    _assert_valid(field, result)
    assert len(solves) >= 2  # the candidate graph alone was not proved optimal
    assert pairing_objective(field, result) == pairing_objective(field, networkx_pairing(field))


def _least_total_cost(field):
    """The minimum total cost of a perfect matching of ``field`` over every pair, by networkx."""
    graph = networkx.Graph()
    for p in range(field.vertices):
        for q in range(p + 1, field.vertices):
            graph.add_edge(p, q, weight=-field.cost(p, q))
    return sum(field.cost(min(pair), max(pair)) for pair in networkx.max_weight_matching(graph, maxcardinality=True))


def _total_cost(field, mate):
    return sum(field.cost(p, mate[p]) for p in range(field.size) if p < mate[p])


@pytest.mark.parametrize(("players", "rounds"), [(60, 5), (91, 3)])
def test_the_proof_is_exact_down_to_the_seeded_tie_break(players, rounds):
    """The optimum is exact on every tier, the seeded tie-break (tier 6) included: on a starved candidate
    graph (one partner, bands of 4) the matching's total integer cost equals the minimum-cost perfect matching
    of the complete graph, by networkx over every pair (the bye as one more vertex when the field is odd)."""
    field_players = swiss_field(players, rounds, seed=players)
    with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1), mock.patch.object(pairing, "BAND_WIDTH", 4):
        field = pairing._Field(field_players, seed=5)
        mate = pairing._solve(field)
    assert _total_cost(field, mate) == _least_total_cost(field)


def test_the_proof_is_exact_on_crowded_histories_with_narrow_bands():
    """Twenty small fields of many rematches and clubs, one candidate partner, bands of 2 to 4 ranks: where
    the candidate graph misses the best pairs, the proof's bound (``floor_cost``, no more than any pair's cost)
    must not stop a band's scan before them; the total cost is the complete graph's minimum every time."""
    rng = random.Random(3)
    for _ in range(20):
        count = rng.randint(6, 16)
        ids = [f"p{i}" for i in range(count)]
        players = [
            PlayerRecord(
                i,
                score=rng.choice([0, 0, 0, 3]),
                opponents=frozenset(rng.sample(ids, rng.randint(0, count // 2))) - {i},
                group=rng.choice([None, "x", "y"]),
                byes=rng.randint(0, 1),
            )
            for i in ids
        ]
        seed = rng.randint(0, 1000)
        width = rng.choice([2, 3, 4])
        with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1), mock.patch.object(pairing, "BAND_WIDTH", width):
            field = pairing._Field(players, seed=seed)
            mate = pairing._solve(field)
        assert _total_cost(field, mate) == _least_total_cost(field), (players, seed, width)


def test_round_one_pairs_neighbours_of_the_seeded_draw():
    """Tier 6 by hand: with every score equal and no history, the least sum of squared rank distances pairs
    ranks 0-1, 2-3, … of the seeded draw (the ids sorted, then shuffled by ``random.Random(seed)``), 1 each."""
    ids = [f"p{i:02d}" for i in range(12)]
    for seed in (1, 2, 3):
        drawn = sorted(ids)
        random.Random(seed).shuffle(drawn)
        result = pair_round([PlayerRecord(i) for i in ids], seed=seed)
        assert set(map(frozenset, result.pairs)) == set(map(frozenset, zip(drawn[::2], drawn[1::2], strict=True)))


# -- small fields worked out by hand -------------------------------------------------------------------


def _drawn(ids, seed):
    """The seeded draw of tier 6: the ids sorted, then shuffled by ``random.Random(seed)``."""
    drawn = sorted(ids)
    random.Random(seed).shuffle(drawn)
    return drawn


def _pair_sets(result):
    return {frozenset(pair) for pair in result.pairs}


def test_a_player_listed_twice_is_refused_with_the_reason():
    with pytest.raises(ValueError) as refused:
        pair_round([PlayerRecord(id="b"), PlayerRecord(id="a"), PlayerRecord(id="b")], seed=1)
    assert str(refused.value) == "each player may appear only once in a pairing"


def test_half_points_count_as_scores_for_the_bye():
    """Priority 2: the bye goes to the lowest score before the lowest place. By hand: 1, 1/2 (place 3) and 0
    (place 2); the lowest score is 0, so "zero" sits out although "half" is placed lower, and "one" meets
    "half": no rematch, the bye on 0 points at place 2, spread (1 - 1/2)² = 1/4."""
    field = [
        PlayerRecord("one", score=1, place=1),
        PlayerRecord("half", score=0.5, place=3),
        PlayerRecord("zero", score=0, place=2),
    ]
    for seed in range(4):
        result = pair_round(field, seed=seed)
        assert (result.bye, _pair_sets(result)) == ("zero", {frozenset({"one", "half"})})
        assert pairing_objective(field, result) == (0, 0, Fraction(0), -2, 0, Fraction(1, 4), 0)


def test_sides_meet_across_before_scores_below_zero_too():
    """Priority 3 before 4, with scores on both sides of zero (a score is any number, ``Score``, negative ones too): two
    Americans on 3 points, two Germans on -3. By hand: the score groups meet inside (a1-a2, g1-g2) with two
    same-side pairs and spread 0; across (a-g twice) with none and spread 6² + 6² = 72. Sides come first,
    so the Americans meet the Germans."""
    field = [
        PlayerRecord("a1", score=3, side="american"),
        PlayerRecord("a2", score=3, side="american"),
        PlayerRecord("g1", score=-3, side="german"),
        PlayerRecord("g2", score=-3, side="german"),
    ]
    for seed in range(4):
        result = pair_round(field, seed=seed)
        assert all({a[0], b[0]} == {"a", "g"} for a, b in result.pairs)
        assert pairing_objective(field, result) == (0, 0, 0, 0, 0, Fraction(72), 0)


def test_the_bye_preference_comes_before_sides_in_a_field_of_three():
    """Priority 2 before 3 (and 5): three players on 0 points, none with a bye. "low" has the lowest place
    (2), "mid" the next (1), "top" place 0. "top" and "mid" are both Americans of one club, "low" a German.
    By hand: the bye to "low" leaves top-mid, a same-side pair and a club clash; the bye to "mid" would give
    top-low, a clean game, but "mid" is not the first choice for the bye. So "low" sits out."""
    field = [
        PlayerRecord("top", side="american", group="club", place=0),
        PlayerRecord("mid", side="american", group="club", place=1),
        PlayerRecord("low", side="german", place=2),
    ]
    for seed in range(4):
        result = pair_round(field, seed=seed)
        assert (result.bye, _pair_sets(result)) == ("low", {frozenset({"top", "mid"})})
        assert pairing_objective(field, result) == (0, 0, Fraction(0), -2, 1, Fraction(0), 1)


def test_tier_six_by_hand_around_two_rematches():
    """Tier 6 with every score equal: the least sum of squared rank distances in the seeded draw r0..r5, where
    r2 has met r0 and r3. By hand, r2 meets r1, r4 or r5: r2-r1 (1) leaves r0-r3 r4-r5 (9 + 1) at best, 11;
    r2-r4 (4) leaves r0-r1 r3-r5 (1 + 4), 9; r2-r5 (9) leaves r0-r1 r3-r4 (1 + 1), 11. The one optimum is
    r0-r1, r2-r4, r3-r5 (9)."""
    ids = [f"p{i}" for i in range(6)]
    for seed in (1, 2, 3):
        r = _drawn(ids, seed)
        field = [PlayerRecord(i, opponents=frozenset({r[0], r[3]}) if i == r[2] else frozenset()) for i in ids]
        result = pair_round(field, seed=seed)
        assert _pair_sets(result) == {frozenset(r[0:2]), frozenset({r[2], r[4]}), frozenset({r[3], r[5]})}


def test_table_order_goes_by_the_higher_score_then_the_lower():
    """Table 1 holds the highest scores (``Pairing``): "six" (6 points) has met both players on 3, so by hand
    the only rematch-free pairing is six-zero and three-a against three-b. Six-zero sits at table 1 (its
    higher score, 6, beats 3), whatever the seed; the leader of each table is named first."""
    field = [
        PlayerRecord("six", score=6, opponents=frozenset({"three-a", "three-b"})),
        PlayerRecord("three-a", score=3),
        PlayerRecord("three-b", score=3),
        PlayerRecord("zero", score=0),
    ]
    for seed in range(6):
        result = pair_round(field, seed=seed)
        assert result.pairs[0] == ("six", "zero")
        assert set(result.pairs[1]) == {"three-a", "three-b"}


def test_table_order_between_equal_scores_puts_the_level_pair_first():
    """Table order with one score group of three on 3 points and a player on 0: "odd" (3 points) has met the
    other two on 3, so by hand it must meet "zero", and the two others meet each other. Both tables have 3
    points at the top; the one with 3 against 3 goes before 3 against 0, whatever the draw ranks them."""
    field = [
        PlayerRecord("odd", score=3, opponents=frozenset({"b", "c"})),
        PlayerRecord("b", score=3),
        PlayerRecord("c", score=3),
        PlayerRecord("zero", score=0),
    ]
    for seed in range(8):
        result = pair_round(field, seed=seed)
        assert set(result.pairs[0]) == {"b", "c"}
        assert result.pairs[1] == ("odd", "zero")


def test_table_order_inside_one_score_goes_by_the_first_player_drawn():
    """Every score equal: the draw ranks r0..r3, and r0 has met r1 and r2, so by hand the only rematch-free
    pairing is r0-r3 and r1-r2. Both tables are level on scores; the table of the better-drawn leader, r0, is
    table 1."""
    ids = ["w", "x", "y", "z"]
    for seed in range(6):
        r = _drawn(ids, seed)
        field = [PlayerRecord(i, opponents=frozenset(r[1:3]) if i == r[0] else frozenset()) for i in ids]
        result = pair_round(field, seed=seed)
        assert result.pairs == [(r[0], r[3]), (r[1], r[2])]


def test_the_proof_scans_every_band_of_a_starved_candidate_graph():
    """Priority 4 by hand, on one candidate partner and bands of 4 ranks: four players on 3, 2, 1 and 0
    points, ranks r0..r3 in that order; "one" has met "zero". Every score group holds one player, so the
    bands are r0-r1 and r2-r3 (a group narrower than half a band joins the next). The candidate graph holds
    r0-r1, r1-r2, r1-r3 and r2-r3 only, whose best matching r0-r1 r2-r3 is a rematch: the proof must find
    r0-r2 or r0-r3 in the second band. By hand, without the rematch: three-one two-zero, spread 4 + 4 = 8,
    or three-zero two-one, 9 + 1 = 10. The optimum is the first."""
    field = [
        PlayerRecord("zero", score=0),
        PlayerRecord("one", score=1, opponents=frozenset({"zero"})),
        PlayerRecord("two", score=2),
        PlayerRecord("three", score=3),
    ]
    with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1), mock.patch.object(pairing, "BAND_WIDTH", 4):
        result = pair_round(field, seed=1)
    assert result.pairs == [("three", "one"), ("two", "zero")]
    assert pairing_objective(field, result) == (0, 0, 0, 0, 0, Fraction(8), 0)


def test_the_proof_bound_of_a_band_holds_when_every_pair_costs_a_score_difference():
    """Priority 4 by hand, on one candidate partner and bands of 2 ranks, every score different (the cheapest
    candidate pair then costs a score difference, which the proof's bound must subtract, not add). Scores
    12, 11, 5, 3, 2, 1; "s1" has met s11, s12, s3 and s2, "s5" has met s12 and s11, "s3" has met s2. By
    hand: s1 can only meet s5 (4² = 16); s12 and s11 then meet s3 and s2 (never each other, or s3-s2 would
    be a rematch): s12-s3 s11-s2 is 81 + 81, s12-s2 s11-s3 is 100 + 64. The optimum: spread 16 + 162 = 178."""
    field = [
        PlayerRecord("s1", score=1, opponents=frozenset({"s12", "s11", "s3", "s2"})),
        PlayerRecord("s2", score=2),
        PlayerRecord("s3", score=3, opponents=frozenset({"s2"})),
        PlayerRecord("s5", score=5, opponents=frozenset({"s12", "s11"})),
        PlayerRecord("s11", score=11),
        PlayerRecord("s12", score=12),
    ]
    with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1), mock.patch.object(pairing, "BAND_WIDTH", 2):
        result = pair_round(field, seed=1)
    assert result.pairs == [("s12", "s3"), ("s11", "s2"), ("s5", "s1")]
    assert pairing_objective(field, result) == (0, 0, 0, 0, 0, Fraction(178), 0)


def test_the_proof_finds_the_one_rematch_worth_making():
    """Priorities 1 and 4 by hand, on one candidate partner and bands of 2 ranks, every score different:
    12, 11, 8, 7, 2, 0. "s7" has met all five others, so one rematch is forced; beside it, s12 has met s11
    and s8, and s2 has met s12 and s0. By hand, s7's rematch partner: s12 (25) leaves s11 s8 s2 s0, best
    s11-s2 s8-s0 (81 + 64), total 170; s11 (16) leaves s12-s0 (144) and s8-s2 (36), 196; s2 (25) leaves
    s12-s0 (144) and s11-s8 (9), 178; s8 (1) leaves s12-s0 and s11-s2, 226; s0 leaves s12 nobody to meet
    without a second rematch. The optimum: one rematch, spread 170."""
    field = [
        PlayerRecord("s0", score=0),
        PlayerRecord("s2", score=2, opponents=frozenset({"s12", "s0"})),
        PlayerRecord("s7", score=7, opponents=frozenset({"s12", "s11", "s8", "s2", "s0"})),
        PlayerRecord("s8", score=8),
        PlayerRecord("s11", score=11),
        PlayerRecord("s12", score=12, opponents=frozenset({"s11", "s8"})),
    ]
    with mock.patch.object(pairing, "CANDIDATE_PARTNERS", 1), mock.patch.object(pairing, "BAND_WIDTH", 2):
        result = pair_round(field, seed=1)
    assert result.pairs == [("s12", "s7"), ("s11", "s2"), ("s8", "s0")]
    assert pairing_objective(field, result) == (1, 0, 0, 0, 0, Fraction(170), 0)


def test_one_same_side_pair_outweighs_every_score_difference_of_eight_players():
    """Priority 3 before 4 on eight players, four on 3 points (t0 t1 t2 t3) and four on 0 (b4 b5 b6 b7); sides:
    t1 and b7 German, t2 b4 b5 b6 American, t0 and t3 no side. Met before: t1-t2, t1-b4, t2-t3, t3-b4, t3-b5,
    t3-b7, b4-b5, b4-b7. By hand, inside the score groups t2 can only meet t0 (so t1-t3) and b4 only b6 (so
    b5-b7): one same-side pair (b4-b6), spread 0. Without a same-side pair, b4's only partner is t0; t2 then
    can only meet b7; b5 and b6 (Americans) are left with t1 and t3, and t3-b5 is a rematch: t1-b5, t3-b6.
    Four games across, spread 4 × 3² = 36, and no same-side pair: that is the optimum."""
    field = [
        PlayerRecord("t0", score=3),
        PlayerRecord("t1", score=3, side="german", opponents=frozenset({"t2", "b4"})),
        PlayerRecord("t2", score=3, side="american", opponents=frozenset({"t3"})),
        PlayerRecord("t3", score=3, opponents=frozenset({"b4", "b5", "b7"})),
        PlayerRecord("b4", score=0, side="american", opponents=frozenset({"b5", "b7"})),
        PlayerRecord("b5", score=0, side="american"),
        PlayerRecord("b6", score=0, side="american"),
        PlayerRecord("b7", score=0, side="german"),
    ]
    for seed in range(3):
        result = pair_round(field, seed=seed)
        assert _pair_sets(result) == {
            frozenset(pair) for pair in [("t0", "b4"), ("t2", "b7"), ("t1", "b5"), ("t3", "b6")]
        }
        assert pairing_objective(field, result) == (0, 0, 0, 0, 0, Fraction(36), 0)


def test_a_same_side_pair_outweighs_two_club_clashes_on_equal_scores():
    """Priority 3 before 5 and 6, every score equal: the draw ranks r0..r3; r0 (American, club x), r1
    (American, club y), r2 (German, club x), r3 (no side, club y); r0 has met r3. By hand: r0-r3 is a
    rematch, so r0-r1 r2-r3 (one same-side pair, no clash, rank distances 1 + 1) or r0-r2 r1-r3 (no same-side
    pair, two clashes, 4 + 4). Sides come first: r0-r2 and r1-r3."""
    ids = ["k", "l", "m", "n"]
    for seed in range(4):
        r = _drawn(ids, seed)
        field = [
            PlayerRecord(r[0], side="american", group="x", opponents=frozenset({r[3]})),
            PlayerRecord(r[1], side="american", group="y"),
            PlayerRecord(r[2], side="german", group="x"),
            PlayerRecord(r[3], group="y"),
        ]
        result = pair_round(field, seed=seed)
        assert _pair_sets(result) == {frozenset({r[0], r[2]}), frozenset({r[1], r[3]})}
        assert pairing_objective(field, result) == (0, 0, 0, 0, 0, 0, 2)


def test_two_players_meet_even_when_they_met_before():
    """Priority 1 can only count a rematch that no pairing avoids: two players who met, on 3 and 0 points.
    By hand: the only pairing is the two of them, one rematch, spread 3² = 9, the leader named first."""
    field = [PlayerRecord("b", score=0, opponents=frozenset({"a"})), PlayerRecord("a", score=3)]
    result = pair_round(field, seed=1)
    assert result == Pairing(pairs=[("a", "b")], bye=None, rematches=1)
    assert pairing_objective(field, result) == (1, 0, 0, 0, 0, Fraction(9), 0)
