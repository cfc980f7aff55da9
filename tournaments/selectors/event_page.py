"""The event page's facts: one read of everything the overview shows, and what its viewer may do there.

The template asks these facts and never compares the event's status itself: each ``may_…`` and
each stage of the desk is decided here by :mod:`tournaments.access`, the rules the services
enforce, so the page offers exactly what the views and services would accept. A fixed number of
queries whatever the event's size (``tests/tournaments/test_query_counts.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..access import (
    Viewer,
    check_in_open,
    desk_open,
    is_finished,
    may_change_list,
    may_check_in_self,
    may_drop_self,
    may_edit_event,
    may_manage_waitlist,
    may_register,
    may_set_club,
    may_start_event,
    may_vote_sportsmanship,
    may_withdraw,
    registration_open,
    runs_rounds,
)
from ..formats import format_name
from ..games import EventGame, event_game
from ..models import Event, Registration, Round, WaitlistEntry
from .awards import event_awards, sportsmanship_counts
from .desk import EventNight, event_night
from .events import Places, event_places, event_registrations, event_rounds, event_waitlist, waitlist_place
from .lists import fleet_changed_since_submission
from .rounds import latest_seat


@dataclass(frozen=True, slots=True)
class EventPage:
    """What the event page shows, and what its viewer may do on it."""

    game: EventGame
    format_name: str
    scoring_summary: str
    tiebreak_description: str
    game_settings: list
    registrations: list[Registration]
    rounds: list[Round]
    checked_in: int  # players checked in and still playing
    places: Places
    waitlist: list[WaitlistEntry]
    my_waitlist_place: int | None
    awards: list
    sportsmanship_counts: tuple | list  # the votes, for the organizer of a finished event only
    my_seat: object  # the viewer's table in the latest round of a running event
    fleet_changed: bool
    night: EventNight | None  # the staff's next step
    # The viewer's own entry (tournaments.access).
    may_register: bool
    may_change_list: bool
    may_withdraw: bool
    may_drop: bool
    may_check_in_self: bool
    may_set_club: bool
    may_vote: bool
    late_entry_help: bool  # a signed-in visitor of a running event: how to play as a late entry
    # The organizer's and the desk's (tournaments.access).
    may_edit: bool
    may_start: bool
    may_finish: bool
    desk_open: bool  # adding players, check-in, clubs, byes, drops
    checks_in: bool  # the desk checks players in and undoes it: before the start
    runs_rounds: bool  # pairing and following the rounds: while the event runs
    may_manage_waitlist: bool
    check_in_open: bool
    shows_votes: bool  # the Best Sportsmanship count: the organizer of a finished event


def event_page(event: Event, viewer: Viewer) -> EventPage:
    registrations = event_registrations(event)
    waitlist = event_waitlist(event)
    game = event_game(event.game)
    own = viewer.registration
    game.load_lists([*registrations, *([own] if own else [])])
    rounds = event_rounds(event)
    night = event_night(event, rounds) if viewer.is_staff else None
    shows_votes = viewer.is_organizer and is_finished(event)
    user = viewer.user
    return EventPage(
        game=game,
        format_name=format_name(event.game, event.format),
        scoring_summary=game.scoring_summary(event),
        tiebreak_description=game.tiebreak_description(event),
        game_settings=game.settings_lines(event),
        registrations=registrations,
        rounds=rounds,
        checked_in=sum(1 for r in registrations if r.checked_in and not r.dropped),
        places=event_places(event, registrations, waitlist),
        waitlist=waitlist,
        my_waitlist_place=waitlist_place(waitlist, user),
        awards=event_awards(event),
        sportsmanship_counts=sportsmanship_counts(event) if shows_votes else (),
        my_seat=latest_seat(own) if event.is_running else None,
        fleet_changed=fleet_changed_since_submission(own),
        night=night,
        may_register=may_register(user, event, own),
        may_change_list=own is not None and may_change_list(own),
        may_withdraw=own is not None and may_withdraw(own),
        may_drop=own is not None and may_drop_self(own),
        may_check_in_self=own is not None and may_check_in_self(own),
        may_set_club=own is not None and may_set_club(own),
        may_vote=own is not None and may_vote_sportsmanship(own),
        late_entry_help=user.is_authenticated and own is None and event.is_running and not viewer.is_staff,
        may_edit=may_edit_event(viewer, event),
        may_start=may_start_event(viewer, event),
        may_finish=viewer.is_organizer and night is not None and night.can_finish,
        desk_open=desk_open(viewer, event),
        checks_in=viewer.is_staff and registration_open(event),
        runs_rounds=runs_rounds(viewer, event),
        may_manage_waitlist=may_manage_waitlist(viewer, event),
        check_in_open=check_in_open(event),
        shows_votes=shows_votes,
    )
