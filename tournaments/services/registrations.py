"""Entering players, their fleets, check-in, byes and drops."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from fleets.services import FleetError, FleetIllegal, fleet_submission_version
from rules.inputs.text_input import text_problem

from ..access import (
    check_in_open,
    has_room,
    is_finished,
    list_change_refusal,
    may_check_in_self,
    may_drop,
    may_drop_self,
    may_withdraw,
    registration_open,
)
from ..errors import FleetRefused, TournamentError
from ..games import FleetGame, event_game
from ..models import Event, EventStatus, Registration, WaitlistEntry
from ..models.submissions import SELF_DROP
from .audit import record_submission, submission_snapshot
from .locking import lock_event, lock_submitted_fleet
from .waitlist import waitlist_fill, waitlist_join

MAX_CLUB_LENGTH = Registration._meta.get_field("club").max_length


@transaction.atomic
def registration_add(*, event: Event, player, added_by=None, club: str = "") -> Registration:
    """Register ``player``: by themselves while registration is open, or by the event's staff
    (``added_by``) at any time before the event is finished. A late entry (added while the event
    runs) is checked in at once -- the staff adding them at the desk is the check-in -- and plays
    from the next round on, starting with zero points; they may still submit their first list
    until they are paired. ``club`` (a club or store) keeps them apart from clubmates in pairing
    where possible. A player registers themselves only below the event's cap
    (:func:`registration_sign_up` puts them on the waitlist past it); the staff may add anyone
    over it, and a player they add leaves the waitlist."""
    club = clean_club(club)
    event = lock_event(event)
    if is_finished(event):
        raise TournamentError(gettext("The event is finished."))
    if event.status == EventStatus.RUNNING and added_by is None:
        raise TournamentError(gettext("Registration is closed; ask the organizer to add you as a late entry."))
    if event.registrations.filter(player=player).exists():
        raise TournamentError(gettext("%(name)s is already registered.") % {"name": player.get_username()})
    if added_by is None and not has_room(event, event.registrations.count()):
        raise TournamentError(
            gettext("The event is full (%(cap)s players): join the waitlist instead.") % {"cap": event.player_cap}
        )
    event.waitlist.filter(player=player).delete()
    return Registration.objects.create(
        event=event, player=player, added_by=added_by, club=club, checked_in=event.is_running
    )


@transaction.atomic
def registration_sign_up(*, event: Event, player, club: str = "") -> Registration | WaitlistEntry:
    """A player enters an event themselves: registered while there is room, else put on its waitlist,
    behind everyone already waiting."""
    club = clean_club(club)
    event = lock_event(event)
    if registration_open(event) and not has_room(event, event.registrations.count()):
        return waitlist_join(event=event, player=player, club=club)
    return registration_add(event=event, player=player, club=club)


@transaction.atomic
def registration_set_club(*, registration: Registration, club: str) -> Registration:
    """Set (or clear, with ``""``) the player's club or store; it counts from the next pairing on."""
    club = clean_club(club)
    registration = lock_unfinished(registration)
    registration.club = club
    registration.save(update_fields=["club"])
    return registration


def lock_unfinished(registration: Registration) -> Registration:
    """The registration's row, locked, with its event; refused once the event is finished (its records stay)."""
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    if is_finished(registration.event):
        raise TournamentError(gettext("The event is finished."))
    return registration


def clean_club(club: str) -> str:
    if problem := text_problem(club or ""):
        raise TournamentError(gettext("The club or store name: %(problem)s") % {"problem": problem})
    club = " ".join((club or "").split())
    if len(club) > MAX_CLUB_LENGTH:
        raise TournamentError(
            gettext("A club or store name has at most %(count)s characters.") % {"count": MAX_CLUB_LENGTH}
        )
    return club


@transaction.atomic
def registration_withdraw(*, registration: Registration, site_url: str = "") -> None:
    """Leave an event that has not started (once it has, drop instead: results stay).
    The submission history keeps what was submitted. The place goes to the first player on the
    waitlist, who is told by mail (the link in it on ``site_url``)."""
    event = registration.event = lock_event(registration.event)
    if not may_withdraw(registration):
        raise TournamentError(gettext("The event has started: drop instead of withdrawing."))
    registration = Registration.objects.select_related("fleet_version__fleet").get(pk=registration.pk)
    before = submission_snapshot(registration)
    registration.delete()
    record_submission(registration, by=registration.player, action="withdrawn", before=before)
    waitlist_fill(event, site_url=site_url)


@transaction.atomic
def registration_submit_fleet(*, registration: Registration, fleet, by=None) -> Registration:
    """Submit ``fleet`` (the player's own) for the event: the engine checks it against the event's
    format on the event's date and the exact version is kept, and the submission history says
    what it replaced.

    Players may change their fleet until the submission deadline -- except players
    the staff entered themselves (walk-ins, late entries), who come after it by
    nature -- and never once checked in to a running event (fleets cannot change
    between rounds). ``by`` is who submits, for the history: the player unless the staff
    enter a walk-in's list."""
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    event = registration.event
    if fleet.owner_id != registration.player_id:
        raise TournamentError(gettext("You can only submit a fleet of the registered player's own."))
    game = event_game(event.game)
    if not isinstance(game, FleetGame):
        raise TournamentError(gettext("This fleet is for another game."))
    check_lists_may_change(registration)
    check = game.fleet_check(event)
    try:
        version = fleet_submission_version(fleet=fleet, format=event.format, on_date=check.on_date, banned=check.banned)
    except FleetIllegal as illegal:
        raise FleetRefused(
            gettext("This fleet is not legal for the event, so it was not submitted."),
            [violation.message for violation in illegal.report.violations],
        ) from None
    except FleetError as refused:
        raise TournamentError(refused.message) from None
    before = submission_snapshot(registration)
    registration.fleet_version = version
    registration.fleet_submitted_at = timezone.now()
    registration.save(update_fields=["fleet_version", "fleet_submitted_at"])
    if event.is_running and registration.checked_in:
        lock_submitted_fleet(registration)  # a late entry's first list: it plays from the next round
    record_submission(registration, by=by or registration.player, before=before)
    return registration


def check_lists_may_change(registration: Registration) -> None:
    """Refuse unless the player's list may change now (the rule: :func:`tournaments.access.list_change_refusal`)."""
    if refusal := list_change_refusal(registration):
        raise TournamentError(refusal)


@transaction.atomic
def registration_check_in(*, registration: Registration, checked_in: bool = True) -> Registration:
    """Mark the player present. A running event's check-in is a late entry: their fleet locks now."""
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event", "fleet_version")
        .get(pk=registration.pk)
    )
    event = registration.event
    if is_finished(event):
        raise TournamentError(gettext("The event is finished."))
    game = event_game(event.game)
    if checked_in and not game.has_lists(registration):
        raise TournamentError(
            gettext("%(name)s has not submitted %(list)s yet.") % {"name": registration.name, "list": game.list_noun}
        )
    if event.is_running and not checked_in:
        raise TournamentError(gettext("Once the event runs, drop the player instead."))
    registration.checked_in = checked_in
    registration.save(update_fields=["checked_in"])
    if event.is_running:
        lock_submitted_fleet(registration)
    return registration


@transaction.atomic
def registration_set_paid(*, registration: Registration, paid: bool = True) -> Registration:
    """The desk ticks (or unticks) that the player paid the entry fee; the site takes no payment, it only
    keeps what the desk says (only the event's staff may, :func:`tournaments.access.event_staff_required`)."""
    registration = lock_unfinished(registration)
    registration.paid = paid
    registration.save(update_fields=["paid"])
    return registration


@transaction.atomic
def registration_check_in_self(*, registration: Registration) -> Registration:
    """The player checks themselves in, on their phone or from the room's QR code, while check-in is
    open (the rule: :func:`tournaments.access.may_check_in_self`); the desk's check-in column shows it."""
    registration.event = lock_event(registration.event)
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    if registration.checked_in:
        raise TournamentError(gettext("You are already checked in."))
    if not may_check_in_self(registration):
        raise TournamentError(gettext("Check-in is not open for you: it opens before the start, once your list is in."))
    registration.checked_in = True
    registration.save(update_fields=["checked_in"])
    return registration


@transaction.atomic
def event_open_check_in(*, event: Event) -> Event:
    """The organizer opens check-in by hand, before the start (players may then check themselves in),
    or opens it again after closing it."""
    event = lock_event(event)
    if not registration_open(event):
        raise TournamentError(gettext("Check-in opens only before the event starts."))
    if event.check_in_opened_at is None or event.check_in_closed_at is not None:
        event.check_in_opened_at, event.check_in_closed_at = timezone.now(), None
        event.save(update_fields=["check_in_opened_at", "check_in_closed_at"])
    return event


@transaction.atomic
def event_close_check_in(*, event: Event) -> Event:
    """The organizer closes check-in by hand (however it opened): players no longer check themselves in,
    the desk still checks anyone in, and opening it again by hand reopens it."""
    event = lock_event(event)
    if not check_in_open(event):
        raise TournamentError(gettext("Check-in is not open."))
    event.check_in_closed_at = timezone.now()
    event.save(update_fields=["check_in_closed_at"])
    return event


@transaction.atomic
def registration_check_in_all(*, event: Event) -> tuple[list[str], list[str]]:
    """Before the start: check in every registered player who has submitted their list (and has
    not dropped). Returns the names checked in now and the names left out for want of a list."""
    event = lock_event(event)
    if not registration_open(event):
        raise TournamentError(gettext("Once the event runs, players are checked in one by one as late entries."))
    game = event_game(event.game)
    waiting = list(
        event.registrations.select_for_update(of=("self",))
        .filter(checked_in=False, dropped_at=None)
        .select_related("player", "fleet_version")
        .order_by("player__username")
    )
    game.load_lists(waiting)
    ready = [registration for registration in waiting if registration.list_submitted]
    Registration.objects.filter(pk__in=[registration.pk for registration in ready]).update(checked_in=True)
    return (
        [registration.name for registration in ready],
        [registration.name for registration in waiting if not registration.list_submitted],
    )


@transaction.atomic
def registration_grant_bye(*, registration: Registration, granted: bool = True) -> Registration:
    """A first-round bye (for example for last event's winner); only before round 1 is paired."""
    event = lock_event(registration.event)
    if event.rounds.exists():
        raise TournamentError(gettext("Round 1 has already been paired."))
    registration.first_round_bye = granted
    registration.save(update_fields=["first_round_bye"])
    return registration


@transaction.atomic
def registration_drop(*, registration: Registration) -> Registration:
    """Leave the event: no further pairings; results already played stay."""
    require_running(
        registration, gettext("Players drop only while the event runs; before it starts, withdraw instead.")
    )
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    if not may_drop(registration):
        raise TournamentError(gettext("%(name)s has already dropped.") % {"name": registration.name})
    registration.dropped_at = timezone.now()
    registration.save(update_fields=["dropped_at"])
    return registration


@transaction.atomic
def registration_drop_self(*, registration: Registration) -> Registration:
    """The player drops themselves between rounds (:func:`tournaments.access.may_drop_self`); the
    event's history tells the desk ("dropped themselves", with the list they played)."""
    require_running(
        registration, gettext("Players drop only while the event runs; before it starts, withdraw instead.")
    )
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event", "player", "fleet_version__fleet")
        .get(pk=registration.pk)
    )
    if not may_drop_self(registration):
        raise TournamentError(
            gettext("You have already dropped.")
            if registration.dropped
            else gettext("Finish your match first: drop between rounds.")
        )
    registration.dropped_at = timezone.now()
    registration.save(update_fields=["dropped_at"])
    played = submission_snapshot(registration)
    record_submission(registration, by=registration.player, before=played, action=SELF_DROP)
    return registration


@transaction.atomic
def registration_undrop(*, registration: Registration) -> Registration:
    """Undo a drop: the player is paired again from the next round on."""
    require_running(registration, gettext("A drop can only be undone while the event runs."))
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if not registration.dropped:
        raise TournamentError(gettext("%(name)s has not dropped.") % {"name": registration.name})
    registration.dropped_at = None
    registration.save(update_fields=["dropped_at"])
    return registration


def require_running(registration: Registration, refusal: str) -> None:
    """Lock the registration's event and refuse unless it is running (finished standings stay as published)."""
    if not lock_event(registration.event).is_running:
        raise TournamentError(refusal)
