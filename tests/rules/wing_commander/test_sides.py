"""Side assignment for Wing Commander pairings: one Terran and one Kilrathi per game (seed 001, setup step 1),
each player's games kept balanced between the sides."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.wing_commander import KILRATHI, TERRAN, SidedPairing, SideRecord, assign_sides


def test_the_player_with_more_terran_games_plays_kilrathi():
    records = {"ann": SideRecord(terran=2, kilrathi=1), "bob": SideRecord(terran=1, kilrathi=1)}
    assert assign_sides([("ann", "bob")], records) == [SidedPairing(terran="bob", kilrathi="ann")]
    assert assign_sides([("bob", "ann")], records) == [SidedPairing(terran="bob", kilrathi="ann")]


def test_balanced_players_alternate_from_their_last_game():
    records = {
        "ann": SideRecord(terran=1, kilrathi=1, last=TERRAN),
        "bob": SideRecord(terran=1, kilrathi=1, last=KILRATHI),
    }
    assert assign_sides([("ann", "bob")], records) == [SidedPairing(terran="bob", kilrathi="ann")]


def test_balance_comes_before_alternation():
    """Ann played Kilrathi last, but she has had Terran twice as often: she plays Kilrathi again."""
    records = {
        "ann": SideRecord(terran=2, kilrathi=1, last=KILRATHI),
        "bob": SideRecord(terran=1, kilrathi=1, last=TERRAN),
    }
    assert assign_sides([("ann", "bob")], records) == [SidedPairing(terran="bob", kilrathi="ann")]


def test_newcomers_are_seated_by_name_so_the_result_never_depends_on_pair_order():
    expected = [SidedPairing(terran="ann", kilrathi="bob"), SidedPairing(terran="cat", kilrathi="dan")]
    assert assign_sides([("ann", "bob"), ("cat", "dan")], {}) == expected
    assert assign_sides([("bob", "ann"), ("dan", "cat")], {}) == expected


def test_a_full_event_keeps_every_player_within_one_game_of_balance():
    """Round-robin of four players, three rounds: everyone alternates and ends 2-1 or 1-2."""
    rounds = [[("ann", "bob"), ("cat", "dan")], [("ann", "cat"), ("bob", "dan")], [("ann", "dan"), ("bob", "cat")]]
    records: dict[str, SideRecord] = {}
    for pairs in rounds:
        for table in assign_sides(pairs, records):
            t, k = records.get(table.terran, SideRecord()), records.get(table.kilrathi, SideRecord())
            records[table.terran] = SideRecord(t.terran + 1, t.kilrathi, TERRAN)
            records[table.kilrathi] = SideRecord(k.terran, k.kilrathi + 1, KILRATHI)
    assert all(abs(r.terran - r.kilrathi) == 1 for r in records.values())


@pytest.mark.parametrize("pairs", [[("ann", "ann")], [("ann", "bob"), ("bob", "cat")]])
def test_a_player_at_two_tables_or_against_themself_is_refused(pairs):
    with pytest.raises(ValueError, match="one table"):
        assign_sides(pairs, {})


records_strategy = st.builds(
    SideRecord,
    terran=st.integers(0, 6),
    kilrathi=st.integers(0, 6),
    last=st.sampled_from([None, TERRAN, KILRATHI]),
)


@given(first=records_strategy, second=records_strategy)
def test_whoever_leans_terran_plays_kilrathi_and_the_answer_is_stable(first, second):
    records = {"p1": first, "p2": second}
    [table] = assign_sides([("p1", "p2")], records)
    assert assign_sides([("p2", "p1")], records) == [table]
    lean = {name: record.terran - record.kilrathi for name, record in records.items()}
    if lean["p1"] != lean["p2"]:
        assert lean[table.terran] < lean[table.kilrathi]
