"""An event's printouts come out in its store's language, whoever prints them (:mod:`stores.languages`)."""

from __future__ import annotations

from functools import wraps

from stores.languages import printed_for


def in_the_stores_language(view):
    """Makes an event printout view (``view(request, event, ...)``) speak its store's language: the pairings
    on the wall and the slips on the tables serve the whole room, not the organizer who pressed Print."""

    @wraps(view)
    def printed(request, event, *args, **kwargs):
        with printed_for(event.store):
            return view(request, event, *args, **kwargs)

    return printed
