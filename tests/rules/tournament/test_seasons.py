"""Season points, best-N events, the season table's tie-breaks and qualification (rules.tournament.seasons)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tournament.seasons import EventFinish, PointsTable, Qualification, event_points, season_standings

TABLE = PointsTable(participation=2, per_win=3, per_tie=1, placing=(10, 5, 2))


def finish(event, player, placing, wins=0, ties=0, order=None):
    return EventFinish(str(event), str(player), placing, wins, ties, 0, order if order is not None else event)


finishes = st.lists(
    st.builds(
        EventFinish,
        event_id=st.sampled_from("abcdef"),
        player_id=st.sampled_from("pqrstuvw"),
        placing=st.integers(1, 12),
        wins=st.integers(0, 6),
        ties=st.integers(0, 2),
        losses=st.integers(0, 6),
    ),
    max_size=40,
    unique_by=lambda f: (f.event_id, f.player_id),
)
tables = st.builds(
    PointsTable,
    participation=st.integers(0, 5),
    per_win=st.integers(0, 5),
    per_tie=st.integers(0, 3),
    placing=st.lists(st.integers(0, 20), max_size=8).map(tuple),
    best_events=st.none() | st.integers(1, 6),
)


def test_event_points_add_participation_games_and_placing():
    assert event_points(finish(1, "p", 1, wins=3, ties=1), TABLE) == 2 + 9 + 1 + 10
    assert event_points(finish(1, "p", 3, wins=1), TABLE) == 2 + 3 + 2
    assert event_points(finish(1, "p", 4), TABLE) == 2  # past the placing table: participation only


def test_best_events_counts_only_the_highest_scores():
    table = PointsTable(participation=1, per_win=0, per_tie=0, placing=(10, 5), best_events=2)
    [row] = season_standings([finish(1, "p", 2), finish(2, "p", 3), finish(3, "p", 1)], table)
    assert row.points == 11 + 6
    assert [score.counted for score in row.events] == [True, False, True]
    assert row.events_played == 3


def test_ties_broken_by_event_wins_then_best_placing_then_wins_then_attendance():
    table = PointsTable(participation=0, per_win=1, per_tie=0, placing=(3, 2, 1))
    rows = season_standings(
        [
            finish(1, "winner", 1, wins=0),  # 3 points, one event win
            finish(1, "second", 2, wins=1),  # 3 points, no event win
            finish(2, "third", 3, wins=2),  # 3 points, placing 3
        ],
        table,
    )
    assert [row.player_id for row in rows] == ["winner", "second", "third"]
    assert [row.rank for row in rows] == [1, 2, 3]


def test_players_level_on_everything_share_a_rank_and_the_next_rank_skips():
    rows = season_standings([finish(1, "b", 2), finish(2, "a", 2), finish(1, "c", 3)], TABLE)
    assert [(row.player_id, row.rank) for row in rows] == [("a", 1), ("b", 1), ("c", 3)]


def test_qualification_by_top_ranks_takes_everyone_sharing_the_last_rank():
    rows = season_standings(
        [finish(1, "a", 1), finish(2, "b", 2), finish(3, "c", 2), finish(1, "d", 3)],
        TABLE,
        Qualification(top=2),
    )
    assert [(row.player_id, row.qualified) for row in rows] == [("a", True), ("b", True), ("c", True), ("d", False)]


def test_qualification_by_threshold():
    rows = season_standings([finish(1, "a", 1), finish(1, "b", 3)], TABLE, Qualification(threshold=12))
    assert [row.qualified for row in rows] == [True, False]


@pytest.mark.parametrize("bad", [{"participation": -1}, {"placing": (3, -1)}, {"best_events": 0}])
def test_a_bad_points_table_is_refused(bad):
    with pytest.raises(ValueError):
        PointsTable(**bad)


@given(finishes, tables)
def test_the_table_is_ordered_and_ranks_follow_positions(played, table):
    rows = season_standings(played, table)
    assert len(rows) == len({f.player_id for f in played})
    keys = [row.sort_key for row in rows]
    assert keys == sorted(keys)
    for position, row in enumerate(rows, start=1):
        assert row.rank <= position
        assert row.rank == position or keys[row.rank - 1] == row.sort_key


@given(finishes, tables)
def test_points_are_the_sum_of_the_best_n_event_scores(played, table):
    for row in season_standings(played, table):
        scores = sorted((score.points for score in row.events), reverse=True)
        assert row.points == sum(scores[: table.best_events] if table.best_events else scores)
        assert sum(score.counted for score in row.events) == min(len(scores), table.best_events or len(scores))


@given(finishes, tables, st.randoms())
def test_the_order_of_the_input_does_not_matter(played, table, rng):
    shuffled = list(played)
    rng.shuffle(shuffled)
    assert season_standings(shuffled, table) == season_standings(played, table)


@given(finishes, tables, st.integers(1, 5))
def test_top_n_qualifies_at_least_n_players_and_nobody_ranked_below_n(played, table, top):
    rows = season_standings(played, table, Qualification(top=top))
    assert sum(row.qualified for row in rows) >= min(top, len(rows))
    assert all(row.qualified == (row.rank <= top) for row in rows)
