"""Submitted lists: who may see what a player submitted to an event, and when a list may still change.

The event's staff see every list submitted to it. Everyone else sees nothing before the event
starts (lists are hidden so nobody builds to counter them); once it has started, a player sees the
lists of the opponents they have been paired with, and everyone sees every list of an event whose
lists are public after the start. What is shown is the list *as submitted to this event*: for a
STAW fleet that is the submitted version (:func:`visible_submitted_versions`, the grant the fleets
app asks), never a later version of the same fleet, which may have been submitted elsewhere.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from fleets.access import PlayerEvent, Submission

from ..games import FleetGame, event_game
from ..models import Event, EventStatus, MatchSide, Registration, SubmissionChange
from .events import STARTED
from .roles import Viewer, event_roles, viewer_of


def paired_opponents(event: Event, user) -> set[int]:
    """Registration ids of everyone ``user`` has been paired against in ``event``."""
    if not user.is_authenticated:
        return set()
    own_matches = MatchSide.objects.filter(round__event=event, registration__player=user).values("match_id")
    return set(
        MatchSide.objects.filter(match_id__in=own_matches)
        .exclude(registration__player=user)
        .values_list("registration_id", flat=True)
    )


def may_see_list(*, event: Event, viewer: Viewer, registration: Registration, opponents: set[int]) -> bool:
    """The rule: whether ``viewer`` may see what ``registration`` submitted to ``event``.

    ``opponents`` are the registrations the viewer was paired against
    (:func:`paired_opponents`), passed in so a page judging a whole field asks once.
    """
    if viewer.is_staff or (viewer.user.is_authenticated and registration.player_id == viewer.user.pk):
        return True
    if event.status not in STARTED:
        return False
    return event.lists_public or registration.pk in opponents


def lists_public_to_everyone(registrations):
    """Of the ``registrations`` queryset, those whose list :func:`may_see_list` shows to a visitor who is
    no one in particular (signed out, paired with nobody): the same rule as a query, for pages that
    count the public lists of thousands of events at once (the meta) and cannot ask list by list."""
    return registrations.filter(event__status__in=STARTED, event__lists_public=True)


def may_see_registration_list(event: Event, viewer: Viewer, registration: Registration) -> bool:
    """:func:`may_see_list` for one registration (one query for the viewer's opponents)."""
    opponents = paired_opponents(event, viewer.user)
    return may_see_list(event=event, viewer=viewer, registration=registration, opponents=opponents)


def visible_submitted_versions(user, fleet) -> set[int]:
    """The fleets app's grant: the versions of ``fleet`` submitted to events where ``user`` may see them."""
    submitted = (
        Registration.objects.filter(fleet_version__fleet=fleet)
        .select_related("event__organizer")
        .prefetch_related("event__judges")
    )
    return {
        registration.fleet_version_id
        for registration in submitted
        if may_see_registration_list(registration.event, viewer_of(user, registration.event), registration)
    }


def staffed_submitted_versions(user, fleet) -> set[int]:
    """The fleets app's judge grant: the versions of ``fleet`` submitted to events ``user`` is staff of."""
    submitted = (
        Registration.objects.filter(fleet_version__fleet=fleet)
        .select_related("event__organizer")
        .prefetch_related("event__judges")
    )
    return {registration.fleet_version_id for registration in submitted if event_roles(user, registration.event)[0]}


def fleet_event_submissions(fleet) -> list[Submission]:
    """The events ``fleet`` is submitted to, for the fleet verification page and the builder; whether an
    event retires resources and which it bans are its game's settings (``FleetGame.fleet_check``)."""
    submitted = Registration.objects.filter(fleet_version__fleet=fleet).select_related("event")
    return [
        Submission(
            event_name=registration.event.name,
            version_id=registration.fleet_version_id,
            sealed=registration.event.status not in STARTED,
            event_date=registration.event.date,
            retires_resources=check.on_date is not None,
            banned=check.banned,
        )
        for registration in submitted
        if (check := event_game(registration.event.game).fleet_check(registration.event))
    ]


def player_fleet_events(user) -> list[PlayerEvent]:
    """The fleet events ``user`` is registered for that have not started, for the builder's "which event
    is this list for"; whether an event retires resources and which it bans are its game's settings."""
    registered = Registration.objects.filter(player=user).exclude(event__status__in=STARTED).select_related("event")
    return [
        PlayerEvent(
            pk=event.pk,
            name=event.name,
            event_date=event.date,
            retires_resources=check.on_date is not None,
            banned=check.banned,
        )
        for event in (registration.event for registration in registered)
        if isinstance(game := event_game(event.game), FleetGame) and (check := game.fleet_check(event))
    ]


def list_change_refusal(registration: Registration) -> str | None:
    """Why the player's list may not change now (``None``: it may); the service that takes a list and
    every page that offers one ask this.

    Lists change until the submission deadline (not for players the staff entered, who come after it
    by nature, nor for the first list of a place the waitlist gave after it: :func:`late_place_first_list`),
    and never once the player is checked in to a running event -- except a late entry's
    first list, which may come after they are paired (the desk entered them with none), until a
    result of theirs is in: results already scored against no list stay as they are.
    """
    event = registration.event
    if event.status == EventStatus.FINISHED:
        return gettext("Lists cannot change once the player is playing.")
    playing = event.status == EventStatus.RUNNING and registration.checked_in
    if playing and (registration.fleet_submitted_at is not None or has_a_result(registration)):
        return gettext("Lists cannot change once the player is playing.")
    past_deadline = event.submission_deadline is not None and timezone.now() > event.submission_deadline
    if past_deadline and registration.added_by_id is None and not late_place_first_list(registration):
        return gettext("The list submission deadline has passed; ask the organizer.")
    return None


def late_place_first_list(registration: Registration) -> bool:
    """Whether this is the first list of a place the waitlist gave the player after the submission
    deadline: waiting, they could not have met it, so their first list comes after it (until they
    play); once submitted it stays. A player who registers after the deadline is still held to it, and
    one with any earlier list at the event (withdrawn, then back through the waitlist) gets no second chance."""
    event = registration.event
    promoted = registration.promoted_at
    if registration.fleet_submitted_at is not None or promoted is None or promoted <= event.submission_deadline:
        return False
    history = SubmissionChange.objects.filter(event=event, player_id=registration.player_id)
    return not history.filter(Q(before__isnull=False) | Q(after__isnull=False)).exists()  # ever held a list


def may_change_list(registration: Registration) -> bool:
    """Whether the player's list may be submitted or changed now (:func:`list_change_refusal`)."""
    return list_change_refusal(registration) is None


def has_a_result(registration: Registration) -> bool:
    """Whether a result of the player's at a table (not a bye) is in."""
    return registration.sides.filter(match__table__isnull=False).exclude(outcome="").exists()
