"""The meta's numbers (rules.tournament.meta): shares, win rates without mirror matches, Wilson intervals."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tournament import meta
from rules.tournament.meta import FactionGame, faction_share, faction_win_rates, shares, wilson_interval


def test_wilson_interval_of_three_wins_in_three_games_stays_wide():
    low, high = wilson_interval(3, 3)
    assert low == pytest.approx(0.4385, abs=1e-3)
    assert high == 1.0


def test_wilson_interval_of_a_known_sample():
    low, high = wilson_interval(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-3), pytest.approx(0.5962, abs=1e-3))


def test_no_games_mean_nothing_is_known():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_impossible_counts_are_refused():
    with pytest.raises(ValueError):
        wilson_interval(4, 3)


@given(st.integers(0, 500), st.integers(0, 500))
def test_the_interval_holds_the_observed_rate(a, b):
    successes, trials = min(a, b), max(a, b)
    low, high = wilson_interval(successes, trials)
    assert 0 <= low <= high <= 1
    if trials:
        assert low <= successes / trials + 1e-12 and successes / trials - 1e-12 <= high


def test_mirror_matches_do_not_count_and_a_tie_is_half_a_win():
    rates = faction_win_rates(
        [FactionGame("fed", "fed", "a"), FactionGame("fed", "klingon", "a"), FactionGame("fed", "klingon", None)]
    )
    by_faction = {rate.faction: rate for rate in rates}
    assert by_faction["fed"].games == 2 and by_faction["fed"].rate == 0.75
    assert by_faction["klingon"].rate == 0.25


def test_shares_sum_to_one_and_come_most_played_first():
    share = faction_share(["fed", "klingon", "fed", "romulan"])
    assert [(s.name, s.count) for s in share] == [("fed", 2), ("klingon", 1), ("romulan", 1)]
    assert sum(s.share for s in share) == pytest.approx(1)
    assert [s.name for s in shares(["x", "y", "y"], limit=1)] == ["y"]


def pieces_holding(cover: meta.CalendarCover, day: date) -> int:
    def holds(piece):
        start, end = piece
        return (start is None or start <= day) and (end is None or day < end)

    ranges = [*cover.months, *cover.days] + ([cover.years] if cover.years else [])
    return sum(holds(piece) for piece in ranges)


dates = st.dates(min_value=date(2019, 1, 1), max_value=date(2027, 12, 31))


@given(since=st.none() | dates, until=st.none() | dates, day=dates)
def test_the_calendar_cover_holds_each_day_of_the_period_exactly_once(since, until, day):
    """Whole years and months serve the meta of a period from figures added up in advance; a day
    counted twice or not at all would miscount the events of that day."""
    cover = meta.calendar_cover(since, until)
    inside = (since is None or since <= day) and (until is None or day <= until)
    assert pieces_holding(cover, day) == (1 if inside else 0)


def test_the_calendar_cover_of_a_period_with_ragged_ends():
    cover = meta.calendar_cover(date(2021, 3, 15), date(2024, 2, 10))
    assert cover.years == (date(2022, 1, 1), date(2024, 1, 1))
    assert cover.months == ((date(2021, 4, 1), date(2022, 1, 1)), (date(2024, 1, 1), date(2024, 2, 1)))
    assert cover.days == ((date(2021, 3, 15), date(2021, 4, 1)), (date(2024, 2, 1), date(2024, 2, 11)))


def test_the_calendar_cover_of_all_time_is_every_year_and_nothing_else():
    assert meta.calendar_cover(None, None) == meta.CalendarCover(years=(None, None), months=(), days=())


def test_the_calendar_cover_of_a_few_days_is_those_days():
    assert meta.calendar_cover(date(2024, 5, 3), date(2024, 5, 20)).days == ((date(2024, 5, 3), date(2024, 5, 21)),)
