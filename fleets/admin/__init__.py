"""Django admin for the fleets app, one module per part; importing this package registers them all.

``catalog``: the Star Trek: Attack Wing card catalog, view-only (``manage.py import_cards``
owns it). ``fleets``: fleets and API tokens. ``decks``: the players' decks of the deck games.
"""

from . import catalog, decks, fleets

__all__ = ["catalog", "decks", "fleets"]
