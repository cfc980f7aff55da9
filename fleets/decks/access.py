"""Who may reach a deck: its owner alone.

Anyone else's deck is a 404 to everyone, whatever roles they hold, so a deck is not even confirmed to
exist: refusing an Organizer or a Judge with 403 before looking (the Player role checked first) told
them it did. Only the owner, who knows their own deck, is told 403 when they no longer hold the Player role.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from accounts.permissions import is_player
from accounts.roles import PLAYER

from ..models import Deck


def owned_deck(user, pk: int) -> Deck:
    """The user's own deck; anyone else's is a 404."""
    return get_object_or_404(Deck, pk=pk, owner_id=user.pk)


def deck_owner_required(view):
    """View decorator for a deck's pages (``pk`` in the address): log in first, then the deck of the user
    alone (else 404), then the Player role (else 403). The view is given the deck instead of ``pk``."""

    @login_required
    @wraps(view)
    def wrapped(request, pk: int, *args, **kwargs):
        deck = owned_deck(request.user, pk)
        if not is_player(request.user):
            raise PermissionDenied(f"This page is for the {PLAYER} role.")
        return view(request, deck, *args, **kwargs)

    return wrapped
