"""Who may see and do what at an event: the one place every event view, selector, service and grant asks.

Roles at an event. Its organizer (and a superuser) runs it; its judges are staff
too; a registered player is a participant; everyone else is a visitor. Event powers
last only while the site role behind them is held: an organizer whose Organizer role
was taken away no longer runs their events, a judge without the Judge role no longer
judges (the People page also ends their appointments to unfinished events, see
:func:`tournaments.services.staff_end_appointments`), so a revoked role never leaves a
way into hidden lists.

A staff member who also plays never enters, corrects or settles a result of their own
match (:func:`may_enter_result`): their report waits for the opponent's confirmation
or for another staff member, like any player's.

Submitted lists (:func:`may_see_list`). The event's staff see every list submitted
to it. Everyone else sees nothing before the event starts (lists are hidden so
nobody builds to counter them); once it has started, a player sees the lists of
the opponents they have been paired with, and everyone sees every list of an event
whose lists are public after the start. What is shown is the list *as submitted
to this event*: for a STAW fleet that is the submitted version
(:func:`visible_submitted_versions`, the grant the fleets app asks), never a later
version of the same fleet, which may have been submitted elsewhere.

Views use the decorators (:func:`event_page`, :func:`event_staff_required`,
:func:`event_organizer_required`): they load the event (404), work out the
:class:`Viewer` once, refuse with 403 who may not act, and call the view with
``event`` and ``viewer`` instead of the event's ``pk``.

One module per subject: ``roles`` (who is who at an event), ``events`` (what the event's stage
allows), ``entries`` (a player's own entry), ``check_in``, ``lists`` (submitted lists), ``matches``,
``decorators`` (the views'). Callers import from the package: ``from tournaments.access import X``.
"""

from .check_in import (
    check_in_open,
    may_check_in_self,
)
from .decorators import (
    event_organizer_required,
    event_page,
    event_participant_required,
    event_staff_required,
    load_event,
    own_registration,
    require_own_or_staff,
)
from .entries import (
    may_drop,
    may_drop_self,
    may_register,
    may_set_club,
    may_vote_sportsmanship,
    may_withdraw,
    votes_closed,
)
from .events import (
    STARTED,
    cut_refusal,
    desk_open,
    has_room,
    is_finished,
    may_edit_event,
    may_manage_waitlist,
    may_reopen,
    may_start_event,
    registration_open,
    runs_rounds,
)
from .lists import (
    fleet_event_submissions,
    has_a_result,
    late_place_first_list,
    list_change_refusal,
    lists_public_to_everyone,
    may_change_list,
    may_see_list,
    may_see_registration_list,
    paired_opponents,
    player_fleet_events,
    staffed_submitted_versions,
    visible_submitted_versions,
)
from .matches import (
    OWN_MATCH_REFUSAL,
    match_seat,
    may_confirm,
    may_enter_result,
    may_open_match,
    require_match_player_or_staff,
    require_result_entry,
)
from .roles import (
    Viewer,
    eligible_judges,
    event_roles,
    viewer_of,
)

__all__ = [
    "own_registration",
    "may_confirm",
    "OWN_MATCH_REFUSAL",
    "STARTED",
    "Viewer",
    "check_in_open",
    "cut_refusal",
    "desk_open",
    "eligible_judges",
    "event_organizer_required",
    "event_page",
    "event_participant_required",
    "event_roles",
    "event_staff_required",
    "fleet_event_submissions",
    "has_a_result",
    "has_room",
    "is_finished",
    "late_place_first_list",
    "list_change_refusal",
    "lists_public_to_everyone",
    "load_event",
    "match_seat",
    "may_change_list",
    "may_check_in_self",
    "may_drop",
    "may_drop_self",
    "may_edit_event",
    "may_enter_result",
    "may_manage_waitlist",
    "may_open_match",
    "may_register",
    "may_reopen",
    "may_see_list",
    "may_see_registration_list",
    "may_set_club",
    "may_start_event",
    "may_vote_sportsmanship",
    "may_withdraw",
    "votes_closed",
    "paired_opponents",
    "player_fleet_events",
    "registration_open",
    "require_match_player_or_staff",
    "require_own_or_staff",
    "require_result_entry",
    "runs_rounds",
    "staffed_submitted_versions",
    "viewer_of",
    "visible_submitted_versions",
]
