"""What the event's stage allows: who may change, start and run it, and what its desk may still do.

Pages ask these (through the page's facts, :mod:`tournaments.selectors.event_page`) instead of
comparing the event's status, and the services ask the same predicates before they write.
"""

from __future__ import annotations

from django.utils.translation import gettext

from ..models import Event, EventStatus
from .roles import Viewer

STARTED = (EventStatus.RUNNING, EventStatus.FINISHED)


def registration_open(event: Event) -> bool:
    """Whether the event still takes registrations: before the start (the desk checks players in then)."""
    return event.status == EventStatus.REGISTRATION


def is_finished(event: Event) -> bool:
    """Whether the event is over: its results are final (a correction keeps it finished)."""
    return event.status == EventStatus.FINISHED


def may_edit_event(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` may change the event's settings and judges: its organizer, until it is finished
    (:func:`tournaments.services.event_update` refuses a finished event)."""
    return viewer.is_organizer and not is_finished(event)


def may_start_event(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` may start the event: its organizer, while registration is open."""
    return viewer.is_organizer and registration_open(event)


def desk_open(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` works the desk (adds players, checks them in, sets clubs, byes and drops): the
    event's staff, until the event is finished (the registration services refuse a finished event)."""
    return viewer.is_staff and not is_finished(event)


def runs_rounds(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` pairs rounds and follows their results: the event's staff while it runs."""
    return viewer.is_staff and event.is_running


def may_manage_waitlist(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` may register waiting players by hand or take them off the waitlist: the
    organizer, before the start (then late entries are added at the desk)."""
    return viewer.is_organizer and registration_open(event)


def has_room(event: Event, registered: int) -> bool:
    """Whether a player may still register themselves, with ``registered`` players in: always without a
    cap, else below it. Past it they join the waitlist; the staff may add players over it (walk-ins,
    players promoted by hand), so the cap bounds self-registration only."""
    return event.player_cap is None or registered < event.player_cap


def cut_refusal(top_cut: int, players: int, field: str) -> str | None:
    """Why a top cut of ``top_cut`` cannot be played with ``players`` (``None``: it can). A cut is
    single elimination seeded from the Swiss standings, so it needs at least as many players as it
    holds; the event form and its services (the cap), the start (the checked-in players) and the
    cut's pairing (the players still in) ask this. ``field`` says what was counted, in words."""
    if top_cut and players < top_cut:
        return gettext("A top %(cut)s needs at least %(cut)s players, and %(field)s.") % {
            "cut": top_cut,
            "field": field,
        }
    return None


def may_reopen(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` may reopen the latest round's results: the event's staff while it runs; once
    it is finished only its organizer, since reopening makes it run again."""
    if event.status == EventStatus.FINISHED:
        return viewer.is_organizer
    return viewer.is_staff and event.status == EventStatus.RUNNING
