"""Who may see and do what at an event: the one module every event view, selector and grant asks.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import wraps

from django.contrib.auth import get_user_model
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils import timezone

from accounts.permissions import has_role, is_event_organizer
from accounts.roles import JUDGE, ORGANIZER
from fleets.access import PlayerEvent, Submission
from stores.access import standing as store_standing
from stores.access import store_judges

from .games import FleetGame, event_game
from .models import Event, EventStatus, MatchSide, MatchStatus, Registration, SportsmanshipVote, SubmissionChange
from .zones import event_clock, event_start

STARTED = (EventStatus.RUNNING, EventStatus.FINISHED)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking at an event, worked out once per request."""

    user: object
    is_staff: bool
    is_organizer: bool
    registration: Registration | None


def viewer_of(user, event: Event) -> Viewer:
    registration = None
    if user.is_authenticated:
        registration = event.registrations.filter(player=user).select_related("fleet_version__fleet").first()
    is_staff, is_organizer = event_roles(user, event)
    return Viewer(user=user, is_staff=is_staff, is_organizer=is_organizer, registration=registration)


def event_roles(user, event: Event) -> tuple[bool, bool]:
    """Whether ``user`` is on the event's staff, and whether they run it.

    An event held at a store is run by the store's current organizers (never by another
    store's, nor by whoever created it once they left the store); the store's judges and
    the event's own judges are its staff. An event without a store keeps its own organizer.
    A role taken away ends its powers at once: running an event needs the Organizer role
    still held, judging it the Judge role.
    """
    event_judge = user.is_authenticated and any(judge.pk == user.pk for judge in event.judges.all())
    if event.store_id is None:
        organizes, judges = is_event_organizer(user, event), event_judge
    else:
        at_store = store_standing(user, event.store_id)
        organizes, judges = at_store.is_organizer, event_judge or at_store.is_staff
    is_organizer = organizes and has_role(user, ORGANIZER)
    return is_organizer or (judges and has_role(user, JUDGE)), is_organizer


def eligible_judges(*, stores=None, event: Event | None = None):
    """Who may be appointed a judge of an event held at one of ``stores`` (``None``: at no store):
    accounts holding the Judge role that are, at that store, a current judge (every such account for
    an event held at no store); and whoever ``event`` has as a judge already, so editing an event
    never drops its judges. Another store's judges are never offered: they judge there, not here."""
    judges = get_user_model().objects.filter(Q(groups__name=JUDGE) | Q(is_superuser=True))  # as has_role says
    if stores is not None:
        judges = judges.filter(pk__in=store_judges(stores))
    if event is not None and event.pk:
        judges = judges | get_user_model().objects.filter(pk__in=event.judges.values("pk"))
    return judges.distinct().order_by("username")


def judge_refusal(*, store, event: Event, judges) -> str | None:
    """Why some of ``judges`` may not judge ``event`` held at ``store`` (``None``: all of them may), by
    :func:`eligible_judges`: the event form and every service that sets judges ask it."""
    eligible = eligible_judges(stores=None if store is None else [store.pk], event=event)
    if refused := sorted(judge.get_username() for judge in judges if judge not in eligible):
        where = f"judge at {store}" if store is not None else "hold the Judge role"
        return f"{', '.join(refused)} may not judge this event: only accounts that {where} may."
    return None


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
        return "Lists cannot change once the player is playing."
    playing = event.status == EventStatus.RUNNING and registration.checked_in
    if playing and (registration.fleet_submitted_at is not None or has_a_result(registration)):
        return "Lists cannot change once the player is playing."
    past_deadline = event.submission_deadline is not None and timezone.now() > event.submission_deadline
    if past_deadline and registration.added_by_id is None and not late_place_first_list(registration):
        return "The list submission deadline has passed; ask the organizer."
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


def may_withdraw(registration: Registration) -> bool:
    """Whether the player may leave the event outright: only before it starts (once it has, they drop)."""
    return not registration.event.has_started


def may_drop(registration: Registration) -> bool:
    """Whether the player may drop: while the event runs, once (their results stay)."""
    return registration.event.is_running and not registration.dropped


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
        return f"A top {top_cut} needs at least {top_cut} players, and {field}."
    return None


def check_in_open(event: Event) -> bool:
    """Whether players may check themselves in now: before the start only, once the organizer opened
    check-in by hand or from the event's "check-in opens N minutes before the start", and not closed by hand."""
    if event.status != EventStatus.REGISTRATION or event.check_in_closed_at is not None:
        return False
    if event.check_in_opened_at is not None:
        return True
    starts = event_start(event)
    if starts is None or event.check_in_opens_minutes is None:
        return False
    return timezone.now() >= starts - timedelta(minutes=event.check_in_opens_minutes)


def may_check_in_self(registration: Registration) -> bool:
    """Whether the player may check themselves in now: check-in is open (:func:`check_in_open`), they
    have not dropped nor checked in already, and their list is submitted (the desk's rule too)."""
    if registration.checked_in or registration.dropped or not check_in_open(registration.event):
        return False
    return event_game(registration.event.game).has_lists(registration)


def may_drop_self(registration: Registration) -> bool:
    """Whether the player may drop themselves: between rounds only (:func:`may_drop`), never while a
    match of theirs waits for its confirmed result -- the desk drops a player mid-round."""
    if not may_drop(registration):
        return False
    open_matches = registration.sides.filter(match__table__isnull=False).exclude(match__status=MatchStatus.CONFIRMED)
    return not open_matches.exists()


def may_vote_sportsmanship(registration: Registration) -> bool:
    """Whether the player may cast their one Best Sportsmanship vote: once the event is finished
    (after its last round) and until voting closes (:func:`votes_closed`), if they played in it and
    have not voted yet."""
    event = registration.event
    if event.status != EventStatus.FINISHED or votes_closed(event) or not registration.checked_in:
        return False
    return not SportsmanshipVote.objects.filter(voter=registration).exists()


def votes_closed(event: Event) -> bool:
    """Whether Best Sportsmanship voting has closed: ``VOTING_DAYS`` after the finish (an event finished
    before votes had a closing time keeps them open)."""
    return event.votes_close_at is not None and timezone.now() >= event.votes_close_at


def may_reopen(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` may reopen the latest round's results: the event's staff while it runs; once
    it is finished only its organizer, since reopening makes it run again."""
    if event.status == EventStatus.FINISHED:
        return viewer.is_organizer
    return viewer.is_staff and event.status == EventStatus.RUNNING


# --- view decorators -----------------------------------------------------------------------------


def load_event(pk: int) -> Event:
    """The event with what every page shows (organizer, store, judges), or 404."""
    try:
        return Event.objects.select_related("organizer", "store").prefetch_related("judges").get(pk=pk)
    except Event.DoesNotExist:
        raise Http404("No such event.") from None


def _event_view(allowed, refusal: str):
    def decorator(view):
        @wraps(view)
        def wrapped(request, pk: int, *args, **kwargs):
            event = load_event(pk)
            viewer = viewer_of(request.user, event)
            if not allowed(viewer):
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied(refusal)
            with event_clock(event):  # every time the page shows is on the event's clock
                return view(request, event, viewer, *args, **kwargs)

        return wrapped

    return decorator


def event_page(view):
    """Anyone: the view gets ``(request, event, viewer, ...)``; it decides what to show by the viewer."""
    return _event_view(lambda viewer: True, "")(view)


def event_participant_required(view):
    """Logged-in users (players registered or registering, and the staff)."""
    return _event_view(lambda viewer: viewer.user.is_authenticated, "Log in first.")(view)


def event_staff_required(view):
    """The event's organizer and judges (and superusers)."""
    return _event_view(lambda viewer: viewer.is_staff, "Only the event's organizer and judges may do this.")(view)


def event_organizer_required(view):
    """The event's own organizer (and superusers): only they change its settings, start and finish it."""
    return _event_view(lambda viewer: viewer.is_organizer, "Only the event's organizer may do this.")(view)


def require_own_or_staff(viewer: Viewer, registration: Registration) -> None:
    """403 unless ``viewer`` is the registration's player or the event's staff (a player acts on their own entry)."""
    if not viewer.is_staff and registration.player_id != viewer.user.pk:
        raise PermissionDenied("Only the player and the event's organizer and judges may do this.")


def match_seat(viewer: Viewer, match) -> MatchSide | None:
    """The side ``viewer`` plays in ``match`` (from its prefetched sides), if any."""
    user = viewer.user
    return next((s for s in match.sides.all() if user.is_authenticated and s.registration.player_id == user.pk), None)


def require_match_player_or_staff(viewer: Viewer, match) -> MatchSide | None:
    """The viewer's seat at ``match``; 403 unless they play it or are the event's staff."""
    seat = match_seat(viewer, match)
    if seat is None and not viewer.is_staff:
        raise PermissionDenied("Only the players of this match and the event's staff may see it.")
    return seat


def may_enter_result(viewer: Viewer, match) -> bool:
    """The event's staff enter, correct and settle results, except of a match they play in themselves:
    there their report needs the opponent's confirmation or another staff member, like any player's."""
    return viewer.is_staff and match_seat(viewer, match) is None


OWN_MATCH_REFUSAL = (
    "You play in this match, so you cannot enter or settle its result: your opponent confirms your report, "
    "or another of the event's staff enters it."
)


def require_result_entry(viewer: Viewer, match) -> None:
    """403 unless ``viewer`` may enter ``match``'s result (:func:`may_enter_result`)."""
    if not may_enter_result(viewer, match):
        raise PermissionDenied(OWN_MATCH_REFUSAL if viewer.is_staff else "Only the event's staff enter results.")


def may_open_match(viewer: Viewer, match) -> bool:
    """Whether ``viewer`` may open ``match``'s page: its players and the event's staff, never for a bye
    (the rule :func:`require_match_player_or_staff` enforces, for the round page's links)."""
    return not match.is_bye and (viewer.is_staff or match_seat(viewer, match) is not None)
