"""The tests' side of :class:`game_registry.GameSamples`: a game's samples, and Hypothesis as their draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

from game_registry import GameSamples, get_game

T = TypeVar("T")


def samples_of(key: str) -> GameSamples:
    """The samples of the game ``key``; a registered game without them cannot be driven, and says so."""
    samples = get_game(key).samples
    assert samples is not None, f"the game {key} declares no samples: add them (docs/adding-a-game.md)"
    return samples


class HypothesisDraw:
    """Draws a sample's choices from Hypothesis's ``data``, so a failing run shrinks and replays."""

    def __init__(self, data: st.DataObject):
        self.data = data

    def one_of(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def some_of(self, options: Sequence[T], most: int) -> list[T]:
        return self.data.draw(st.lists(st.sampled_from(options), max_size=most))
