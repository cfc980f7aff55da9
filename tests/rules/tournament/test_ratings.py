"""Ratings (rules.tournament.ratings): OpenSkill updates game by game, recomputation equals event-by-event updates."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tournament.ratings import A_WINS, B_WINS, TIE, Game, RatedEvent, Ratings, rate_events

games = st.lists(
    st.tuples(st.sampled_from("pqrstu"), st.sampled_from("pqrstu"), st.sampled_from((A_WINS, B_WINS, TIE)))
    .filter(lambda g: g[0] != g[1])
    .map(lambda g: Game(*g)),
    min_size=1,
    max_size=12,
)
events = st.lists(games, min_size=1, max_size=5).map(
    lambda seq: [RatedEvent(str(i), date(2026, 1, 1 + i), g) for i, g in enumerate(seq)]
)


def test_the_winner_gains_and_the_loser_loses():
    a, b = rate_events([RatedEvent("1", date(2026, 1, 1), [Game("a", "b", A_WINS)])])
    assert a.ordinal > b.ordinal
    assert a.mu > 25 > b.mu
    assert a.games == b.games == 1


def test_a_tie_between_equals_keeps_them_equal_and_more_certain():
    a, b = rate_events([RatedEvent("1", date(2026, 1, 1), [Game("a", "b", TIE)])])
    assert a.mu == pytest.approx(b.mu)
    assert a.sigma < 25 / 3


def test_a_bad_outcome_or_a_self_game_is_refused():
    with pytest.raises(ValueError):
        Game("a", "b", "draw")
    with pytest.raises(ValueError):
        Game("a", "a", TIE)


@given(events)
def test_recomputing_from_scratch_equals_rating_event_by_event_from_stored_points(played):
    """What the nightly recomputation writes equals what each finished event added to the stored ratings."""
    stored = {}
    for event in played:
        for point in Ratings(stored.values()).rate_event(event):
            stored[point.player_id] = point
    final = {}
    for point in rate_events(played):
        final[point.player_id] = point
    assert {p: (round(x.mu, 9), round(x.sigma, 9), x.games) for p, x in stored.items()} == {
        p: (round(x.mu, 9), round(x.sigma, 9), x.games) for p, x in final.items()
    }


@given(events)
def test_every_player_of_an_event_gets_one_point_after_it(played):
    points = rate_events(played)
    for event in played:
        players = {g.a for g in event.games} | {g.b for g in event.games}
        assert sorted(p.player_id for p in points if p.event_id == event.event_id) == sorted(players)
