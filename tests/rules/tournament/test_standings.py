"""Standings: match points, tie-breakers and the records the next round is paired from.

Byes score "a Win with 60 Fleet Points" (STAW tournament rules, seed 003,
"Fleet Points" paragraph); ruling 31 of the 2014 FAQ puts Battle Points first,
then the win/loss record, then Fleet Points.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tournament.pairing import pair_round
from rules.tournament.standings import (
    TIEBREAK_PRESETS,
    Entrant,
    MatchResult,
    Outcome,
    ScoringConfig,
    bye_reasons,
    pairing_records,
    standings,
)

A, B, TIE, DOUBLE_LOSS = Outcome.A_WINS, Outcome.B_WINS, Outcome.TIE, Outcome.DOUBLE_LOSS


def game(round_, a, b, outcome=A, fleet=(0, 0), battle=(0, 0)):
    return MatchResult(round_, a, b, outcome, fleet[0], fleet[1], battle[0], battle[1])


def bye(round_, player):
    return MatchResult(round_, player, None)


def rows_by_id(rows):
    return {row.player_id: row for row in rows}


@st.composite
def events(draw):
    """A Swiss-like event: random pairings, outcomes, points and drops (dropped players keep results)."""
    count = draw(st.integers(1, 12))
    rounds = draw(st.integers(0, 5))
    rng = random.Random(draw(st.integers(0, 10**6)))
    active = [f"p{i}" for i in range(count)]
    dropped = set()
    results = []
    for round_ in range(1, rounds + 1):
        order = [player for player in active if player not in dropped]
        rng.shuffle(order)
        if len(order) % 2:
            results.append(bye(round_, order.pop()))
        for a, b in zip(order[::2], order[1::2], strict=True):
            outcome = rng.choice(list(Outcome))
            results.append(
                game(round_, a, b, outcome, (rng.randint(0, 130), rng.randint(0, 130)), (rng.randint(0, 9), 0))
            )
        if order and rng.random() < 0.3:
            dropped.add(rng.choice(order))
    entrants = [Entrant(player, dropped=player in dropped) for player in active]
    return entrants, results


@given(events(), st.integers(0, 1000))
def test_standings_are_a_reproducible_total_order(event, seed):
    entrants, results = event
    rows = standings(entrants, results, seed=seed)
    assert [row.rank for row in rows] == list(range(1, len(entrants) + 1))
    assert sorted(row.player_id for row in rows) == sorted(entrant.id for entrant in entrants)
    shuffled_results = list(results)
    random.Random(seed).shuffle(shuffled_results)
    assert standings(list(reversed(entrants)), shuffled_results, seed=seed) == rows
    keys = [(row.match_points, row.fleet_points, row.strength_of_schedule) for row in rows]
    assert keys == sorted(keys, reverse=True)
    assert rows[0].separated_by is None
    assert all(row.separated_by in TIEBREAK_PRESETS["default"] for row in rows[1:])


@given(events())
def test_match_points_add_up_to_the_results(event):
    entrants, results = event
    rows = standings(entrants, results, seed=0)
    for row in rows:
        assert row.match_points == 3 * row.wins + row.ties + 3 * row.byes
        games = [r for r in results if row.player_id in (r.player_a, r.player_b) and r.player_b is not None]
        assert row.wins + row.ties + row.losses == len(games)
        fleet = sum(r.fleet_points_a if r.player_a == row.player_id else r.fleet_points_b for r in games)
        assert row.fleet_points == fleet + 60 * row.byes
    awarded = {A: 3, B: 3, TIE: 2, DOUBLE_LOSS: 0}
    expected = sum(3 if r.player_b is None else awarded[r.outcome] for r in results)
    assert sum(row.match_points for row in rows) == expected


@given(events(), st.integers(0, 1000))
def test_dropped_players_keep_their_results_and_leave_the_pairings(event, seed):
    entrants, results = event
    rows = standings(entrants, results, seed=seed)
    undropped = standings([replace(e, dropped=False) for e in entrants], results, seed=seed)
    assert [replace(row, dropped=False) for row in rows] == undropped
    records = {record.id: record for record in pairing_records(entrants, results)}
    assert set(records) == {entrant.id for entrant in entrants if not entrant.dropped}
    for player_id, record in records.items():
        row = rows_by_id(rows)[player_id]
        assert (record.score, record.byes) == (row.match_points, row.byes)
        assert record.opponents == {
            r.player_b if r.player_a == player_id else r.player_a
            for r in results
            if r.player_b is not None and player_id in (r.player_a, r.player_b)
        }


def test_a_bye_is_a_win_with_60_fleet_points():
    rows = rows_by_id(standings([Entrant("a"), Entrant("b"), Entrant("c")], [game(1, "a", "b"), bye(1, "c")], seed=1))
    assert (rows["c"].match_points, rows["c"].fleet_points, rows["c"].byes, rows["c"].wins) == (3, 60, 1, 0)
    assert (rows["a"].match_points, rows["a"].record) == (3, "1-0-0")
    assert (rows["b"].match_points, rows["b"].record) == (0, "0-0-1")


def test_dominion_war_byes_score_two_points():
    """2014 FAQ, Dominion War OP month 1, ruling 1: a bye gains 2 points, not 3."""
    config = ScoringConfig(bye_points=2)
    rows = rows_by_id(standings([Entrant("a")], [bye(1, "a")], seed=1, config=config))
    assert rows["a"].match_points == 2
    tie_bye = ScoringConfig(bye_counts_as="tie")
    assert rows_by_id(standings([Entrant("a")], [bye(1, "a")], seed=1, config=tie_bye))["a"].match_points == 1


def test_ties_and_double_losses():
    rows = rows_by_id(
        standings([Entrant(p) for p in "abcd"], [game(1, "a", "b", TIE), game(1, "c", "d", DOUBLE_LOSS)], seed=1)
    )
    assert [rows[p].match_points for p in "abcd"] == [1, 1, 0, 0]
    assert [rows[p].record for p in "abcd"] == ["0-1-0", "0-1-0", "0-0-1", "0-0-1"]


def test_strength_of_schedule_averages_opponents_percentages_without_byes():
    entrants = [Entrant("a"), Entrant("b"), Entrant("c", dropped=True), Entrant("d"), Entrant("e")]
    results = [
        game(1, "a", "b"),  # a beats b
        game(1, "c", "d", B),  # d beats c, who then drops
        bye(1, "e"),
        game(2, "a", "d"),  # a beats d
        game(2, "b", "e", TIE),
    ]
    rows = rows_by_id(standings(entrants, results, seed=1))
    # b: 1 point from 2 games = 1/6; d: 3 points from 2 games = 1/2 (c's game counts though c dropped).
    assert rows["a"].strength_of_schedule == (Fraction(1, 6) + Fraction(1, 2)) / 2
    # e's bye is no opponent and its own bye does not lift e's percentage: 1 point from 1 game = 1/3.
    assert rows["b"].strength_of_schedule == (Fraction(1, 1) + Fraction(1, 3)) / 2
    assert rows["e"].strength_of_schedule == Fraction(1, 6)
    assert rows["c"].strength_of_schedule == Fraction(1, 2)
    assert rows["a"].strength_of_schedule_percent == pytest.approx(100 / 3)


def test_head_to_head_puts_the_winner_of_two_tied_players_first():
    only_points = ScoringConfig(tiebreakers=("match_points", "head_to_head"))
    results = [game(1, "a", "b", B), game(1, "c", "d"), game(2, "a", "d"), game(2, "b", "c", B)]
    for seed in range(8):
        rows = standings([Entrant(p) for p in "abcd"], results, seed=seed, config=only_points)
        assert [(row.player_id, row.separated_by) for row in rows] == [
            ("c", None),
            ("b", "match_points"),
            ("a", "head_to_head"),
            ("d", "match_points"),
        ]


def test_head_to_head_does_not_split_three_or_more_tied_players():
    only_points = ScoringConfig(tiebreakers=("match_points", "head_to_head"))
    results = [game(1, "a", "b"), game(1, "c", "d"), game(2, "b", "c"), game(2, "d", "a")]
    orders = set()
    for seed in range(10):
        rows = standings([Entrant(p) for p in "abcd"], results, seed=seed, config=only_points)
        assert [row.separated_by for row in rows] == [None, "random", "random", "random"]
        orders.add(tuple(row.player_id for row in rows))
    assert len(orders) > 1


def test_faq_2014_puts_battle_points_before_the_win_loss_record():
    """2014 FAQ ruling 31: Battle Points decide, then Win/Loss record, then Fleet Points."""
    results = [
        game(1, "a", "b", A, fleet=(120, 10), battle=(2, 9)),
        game(1, "c", "d", A, fleet=(50, 40), battle=(2, 0)),
    ]
    entrants = [Entrant(p) for p in "abcd"]
    faq = [
        row.player_id
        for row in standings(entrants, results, seed=1, config=ScoringConfig(tiebreakers=TIEBREAK_PRESETS["faq-2014"]))
    ]
    assert faq == ["b", "a", "c", "d"]
    default = [row.player_id for row in standings(entrants, results, seed=1)]
    assert default == ["a", "c", "d", "b"]


def test_the_random_draw_is_seeded():
    entrants = [Entrant(f"p{i}") for i in range(6)]
    orders = {tuple(row.player_id for row in standings(entrants, [], seed=seed)) for seed in range(10)}
    assert len(orders) > 1
    assert standings(entrants, [], seed=3) == standings(entrants, [], seed=3)
    assert {row.separated_by for row in standings(entrants, [], seed=3)[1:]} == {"random"}


def test_the_next_round_is_paired_from_the_same_results():
    entrants = [Entrant("a", group="club"), Entrant("b"), Entrant("c"), Entrant("d", dropped=True), Entrant("e")]
    results = [game(1, "a", "b"), game(1, "c", "d"), bye(1, "e")]
    records = pairing_records(entrants, results)
    assert {r.id: (r.score, r.byes, r.opponents, r.group) for r in records} == {
        "a": (3, 0, {"b"}, "club"),
        "b": (0, 0, {"a"}, None),
        "c": (3, 0, {"d"}, None),
        "e": (3, 1, frozenset(), None),
    }
    pairing = pair_round(records, seed=1)
    assert (pairing.rematches, pairing.bye) == (0, None)
    assert {"a", "b"} not in [set(pair) for pair in pairing.pairs]


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([game(1, "a", "zed")], "round 1: 'zed' is not an entrant"),
        ([game(1, "a", "b"), bye(1, "a")], "round 1: 'a' has more than one result"),
        ([game(1, "a", "a")], "round 1: 'a' cannot play themselves"),
        (
            [MatchResult(1, "a", None, A, fleet_points_a=60)],
            "round 1: a bye's points come from the scoring rules, not the result",
        ),
        ([game(1, "a", "b", "forfeit")], "'forfeit' is not a valid Outcome"),
    ],
)
def test_inconsistent_results_are_refused(results, message):
    """Each refusal says exactly what is wrong, in full."""
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        standings([Entrant("a"), Entrant("b")], results, seed=1)


def test_bad_configurations_are_refused():
    with pytest.raises(ValueError, match=re.escape("unknown tie-breaker(s): coin_toss, dice")):
        ScoringConfig(tiebreakers=("match_points", "coin_toss", "dice"))
    with pytest.raises(ValueError, match="^bye_counts_as must be one of win, tie, loss$"):
        ScoringConfig(bye_counts_as="draw")
    with pytest.raises(ValueError, match="^each entrant may appear only once$"):
        standings([Entrant("a"), Entrant("a")], [], seed=1)


def test_pairing_records_carry_the_standings_place_and_full_ties_share_it():
    """The bye goes to the lowest place among the lowest scorers (docs/events.md); seed 003 does not say who."""
    entrants = [Entrant(name) for name in ("winner", "fleet-77", "late-entry", "level-1", "level-2", "y", "z")]
    results = [
        game(1, "winner", "fleet-77", fleet=(100, 77)),
        game(1, "level-1", "y", B, fleet=(40, 90)),
        game(1, "level-2", "z", B, fleet=(40, 90)),
    ]
    records = pairing_records(entrants, results)
    place = {record.id: record.place for record in records}
    ranked = {row.player_id: row.rank for row in standings(entrants, results, seed=7)}
    assert place["fleet-77"] < place["level-1"] == place["level-2"] < place["late-entry"]
    assert all(place[a] < place[b] for a in place for b in place if ranked[a] < ranked[b] and place[a] != place[b])
    assert pair_round(records, seed=1).bye == "late-entry"


def test_the_bye_reasons_name_the_tie_breaker_that_placed_the_player_lowest():
    entrants = [Entrant(name) for name in ("winner", "fleet-77", "late-entry")]
    results = [game(1, "winner", "fleet-77", fleet=(100, 77))]
    assert bye_reasons(entrants, results, "late-entry") == ("fewest_byes", "match_points", "fleet_points")
    assert bye_reasons(entrants, results, "winner") == ("no_rematch",)
    with_byes = [*results, bye(1, "late-entry"), bye(2, "winner")]
    assert bye_reasons(entrants, with_byes, "fleet-77") == ("fewest_byes",)


def test_the_bye_reasons_name_the_draw_when_the_lowest_players_are_level_on_everything():
    entrants = [Entrant(name) for name in "abc"]
    assert bye_reasons(entrants, [], "b") == ("fewest_byes", "match_points", "random")


def test_the_bye_reasons_follow_the_event_tie_breaker_order():
    """Ruling 31 of the 2014 FAQ puts battle points first: they, not fleet points, place the bye lowest."""
    entrants = [Entrant(name) for name in ("x", "y", "high-battle", "low-battle", "z")]
    results = [game(1, "x", "high-battle", fleet=(90, 20), battle=(0, 5)), game(1, "y", "low-battle", fleet=(90, 80))]
    battle_first = ScoringConfig(tiebreakers=TIEBREAK_PRESETS["faq-2014"])
    assert bye_reasons(entrants, results, "z") == ("fewest_byes", "match_points", "fleet_points")
    records = pairing_records(entrants, [*results, bye(1, "z")], config=battle_first)
    bye_player = pair_round(records, seed=1).bye
    assert bye_player == "low-battle"
    assert bye_reasons(entrants, [*results, bye(1, "z")], bye_player, config=battle_first)[-1] == "battle_points"


def test_head_to_head_counts_a_win_of_either_player_of_the_result_whatever_the_entrant_order():
    """A win as ``player_a`` counts as much as one as ``player_b``: a beat b as player A, both end on 3 points,
    and a goes first whether the entrant list names a or b first (c beats a in round 2, b beats d)."""
    only_points = ScoringConfig(tiebreakers=("match_points", "head_to_head"))
    results = [game(1, "a", "b", A), game(1, "c", "d"), game(2, "c", "a"), game(2, "b", "d")]
    for order in ("abcd", "bacd", "dcba"):
        rows = standings([Entrant(p) for p in order], results, seed=2, config=only_points)
        assert [(row.player_id, row.match_points, row.separated_by) for row in rows] == [
            ("c", 6, None),
            ("a", 3, "match_points"),
            ("b", 3, "head_to_head"),
            ("d", 0, "match_points"),
        ]
    as_player_b = [game(1, "b", "a", B), game(1, "c", "d"), game(2, "c", "a"), game(2, "b", "d")]
    rows = standings([Entrant(p) for p in "bacd"], as_player_b, seed=2, config=only_points)
    assert [(row.player_id, row.separated_by) for row in rows][1:3] == [("a", "match_points"), ("b", "head_to_head")]


@pytest.mark.parametrize(
    "between",
    [
        [game(1, "a", "b", TIE)],  # their one game a tie: neither won it
        [game(1, "a", "b", DOUBLE_LOSS)],  # both lost it: neither won it
        [game(1, "a", "b", A), game(2, "a", "b", B)],  # a win each
    ],
)
def test_head_to_head_leaves_two_players_to_the_draw_when_neither_won_more_of_their_games(between):
    """Two players level on points who drew, both lost, or won one each against the other: head to head has
    nothing to say, the seeded draw places them (and tells so)."""
    only_points = ScoringConfig(tiebreakers=("match_points", "head_to_head"))
    entrants = [Entrant("a"), Entrant("b")]
    orders = set()
    for seed in range(12):
        rows = standings(entrants, between, seed=seed, config=only_points)
        assert rows[0].match_points == rows[1].match_points
        assert [row.separated_by for row in rows] == [None, "random"]
        orders.add(tuple(row.player_id for row in rows))
    assert orders == {("a", "b"), ("b", "a")}


def test_battle_points_add_up_over_games_and_the_configured_bye():
    """Battle points (2014 FAQ ruling 31) are summed over every game; a bye scores ``bye_battle_points``,
    which is 0 unless the event sets it. a: 4 + 2, b: 7 + 5 (bye), c: 1 + 0, d: 0 (bye only)."""
    results = [
        game(1, "a", "b", A, battle=(4, 7)),
        bye(1, "c"),
        game(2, "a", "c", B, battle=(2, 1)),
        bye(2, "b"),
        bye(3, "d"),
    ]
    entrants = [Entrant(p) for p in "abcd"]
    default = rows_by_id(standings(entrants, results, seed=1))
    assert {p: default[p].battle_points for p in "abcd"} == {"a": 6, "b": 7, "c": 1, "d": 0}
    configured = rows_by_id(standings(entrants, results, seed=1, config=ScoringConfig(bye_battle_points=5)))
    assert {p: configured[p].battle_points for p in "abcd"} == {"a": 6, "b": 12, "c": 6, "d": 5}


def test_a_player_without_games_has_a_strength_of_schedule_of_zero():
    """Strength of schedule averages the opponents of games played: with none (a bye only, or no result at
    all) there is nothing to average and it is 0, not an error; the bye adds no opponent either."""
    results = [game(1, "a", "b", A), bye(1, "c")]
    rows = rows_by_id(standings([Entrant(p) for p in "abcd"], results, seed=1))
    assert (rows["c"].strength_of_schedule, rows["d"].strength_of_schedule) == (Fraction(0), Fraction(0))
    assert rows["c"].strength_of_schedule_percent == 0.0
    # a's only opponent, b, earned 0 of 3: a's schedule is 0; b's opponent a earned 3 of 3: 1
    assert (rows["a"].strength_of_schedule, rows["b"].strength_of_schedule) == (Fraction(0), Fraction(1))


def test_pairing_records_number_places_from_1_as_the_standings_do():
    """The leader's place is 1, as on the standings table, and players only the draw separates share the rank
    of the first of them. By hand: w (3 points, 100 fleet points) 1; y and z (3 points, 0 fleet points, both
    opponents on 0 of 3) share 2; x (0 points, 90 fleet points) 4; l1 and l2 (opponents on 3 of 3) share 5;
    d, who has not played (schedule 0), 7."""
    results = [game(1, "w", "x", fleet=(100, 90)), game(1, "l1", "y", B), game(1, "l2", "z", B)]
    entrants = [Entrant(p) for p in ("w", "x", "y", "z", "l1", "l2", "d")]
    place = {record.id: record.place for record in pairing_records(entrants, results)}
    assert place == {"w": 1, "y": 2, "z": 2, "x": 4, "l1": 5, "l2": 5, "d": 7}


@pytest.mark.parametrize(
    "games",
    [
        # a wins as player B, then as player A, then loses as player A
        [game(1, "b", "a", B), game(2, "a", "b", A), game(3, "a", "b", B)],
        # a wins as player A, then as player B, then loses as player B
        [game(1, "a", "b", A), game(2, "b", "a", B), game(3, "b", "a", A)],
    ],
)
def test_head_to_head_counts_every_game_won_against_the_other(games):
    """Head to head alone: a won two of their three games, b one, so a goes first whatever the seed; each
    win counts once, on whichever side of the result it was entered."""
    config = ScoringConfig(tiebreakers=("head_to_head",))
    for seed in range(6):
        rows = standings([Entrant("b"), Entrant("a")], games, seed=seed, config=config)
        assert [(row.player_id, row.separated_by) for row in rows] == [("a", None), ("b", "head_to_head")]


def test_a_schedule_is_measured_against_what_the_games_could_earn():
    """Match-point percentage is points earned over what the games could earn (the win's worth times the
    games). With a win worth 1: b lost to a, who earned 1 of 1, so b's schedule is 1. With a win worth
    nothing no game can earn anything: every percentage, so every schedule, is 0."""
    games = [game(1, "a", "b")]
    one = rows_by_id(standings([Entrant("a"), Entrant("b")], games, seed=1, config=ScoringConfig(win=1)))
    assert (one["a"].strength_of_schedule, one["b"].strength_of_schedule) == (Fraction(0), Fraction(1))
    nothing = rows_by_id(standings([Entrant("a"), Entrant("b")], games, seed=1, config=ScoringConfig(win=0)))
    assert (nothing["a"].strength_of_schedule, nothing["b"].strength_of_schedule) == (Fraction(0), Fraction(0))


def test_the_bye_reason_is_the_first_tie_breaker_between_the_player_and_the_nearest_level_one():
    """Byes worth 0 points, tie-breakers match points, schedule, fleet points. By hand after two rounds:
    e 4 points; a 1; b, c, d 0. b's schedule (c 0 of 6, e 4 of 6) is 1/3, c's (b and d, 0 each) and d's 0, so
    b is 3rd by schedule; d (70 fleet points: a bye's 60 and 10) 4th and c (20) 5th by fleet points. c, of the
    fewest byes and the lowest score, is below b, the nearest player level with c on both, by the schedule,
    which comes before fleet points in the event's order: d, between them, has had a bye."""
    config = ScoringConfig(bye_points=0, tiebreakers=("match_points", "strength_of_schedule", "fleet_points"))
    results = [
        bye(1, "d"),
        game(1, "e", "a", TIE, fleet=(50, 50)),
        game(1, "c", "b", DOUBLE_LOSS, fleet=(10, 50)),
        bye(2, "a"),
        game(2, "c", "d", DOUBLE_LOSS, fleet=(10, 10)),
        game(2, "e", "b", A, fleet=(50, 10)),
    ]
    entrants = [Entrant(p) for p in "abcde"]
    assert [(r.player_id, r.separated_by) for r in standings(entrants, results, seed=1, config=config)] == [
        ("e", None),
        ("a", "match_points"),
        ("b", "match_points"),
        ("d", "strength_of_schedule"),
        ("c", "fleet_points"),
    ]
    assert bye_reasons(entrants, results, "c", config=config) == ("fewest_byes", "match_points", "strength_of_schedule")
