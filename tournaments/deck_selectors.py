"""Reads of the decks submitted to events of the deck games."""

from __future__ import annotations

from fleets.decks.selectors import DeckView, deck_view
from fleets.models import Deck

from .models import SubmittedDeck


def submitted_deck_view(submitted: SubmittedDeck, game: str) -> DeckView:
    """The fleets app's view of a submitted copy (rows, totals, the rules' verdict), as the builder shows a deck."""
    return deck_view(Deck(game=game, name=submitted.name, content=submitted.content, code=submitted.code))
