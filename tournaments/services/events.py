"""Creating, editing, starting and finishing events."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from accounts.permissions import has_role
from accounts.roles import JUDGE

from ..access import cut_refusal, is_finished, registration_open
from ..errors import TournamentError
from ..games import event_game
from ..models import Event, EventStatus, Match, MatchStatus, StaffAction, StaffChange
from ..models.awards import VOTING_DAYS
from .event_rules import check_event, judge_refusal
from .final_standings import final_results_store
from .locking import lock_event, lock_submitted_fleet
from .snapshots import event_snapshot_on_commit
from .waitlist import waitlist_fill

# Settings that decide how the event is played; they freeze once it starts (and so do the game's
# own that its ``frozen_settings`` name).
FROZEN_ONCE_STARTED = (
    "game",
    "format",
    "win_points",
    "tie_points",
    "loss_points",
    "top_cut",
)


@transaction.atomic
def event_create(*, organizer, judges=(), **fields) -> Event:
    """A new event in registration, run by ``organizer``; ``game_settings`` are the game's own (its
    settings form cleaned them), the game's defaults where not given. Settings that break a rule of
    :mod:`.event_rules` are refused (:class:`~.event_rules.EventInvalid`) and nothing is written."""
    check_event(organizer=organizer, judges=judges, **fields)
    event = Event(organizer=organizer, **fields)
    event.game_settings = event_game(event.game).settings(event)  # every one written out, defaults included
    event.save()
    set_judges(event, judges, by=organizer)
    return event


def set_judges(event: Event, judges, *, by) -> None:
    """Make ``judges`` the event's judges; the event's history records each one appointed or removed, and by whom.
    Every way a judge is set (the event form, appointing one, an import) comes here, and here an account
    that may not judge the event (:func:`.event_rules.judge_refusal`) is refused."""
    before = {judge.pk: judge for judge in event.judges.all()}
    after = {judge.pk: judge for judge in judges}
    if refusal := judge_refusal(store=event.store, event=event, judges=after.values()):
        raise TournamentError(refusal)
    event.judges.set(after.values())
    changes = [
        StaffChange(event=event, person=judge, changed_by=by, action=StaffAction.APPOINTED)
        for pk, judge in after.items()
        if pk not in before
    ] + [
        StaffChange(event=event, person=judge, changed_by=by, action=StaffAction.REMOVED)
        for pk, judge in before.items()
        if pk not in after
    ]
    if by is not None:
        StaffChange.objects.bulk_create(changes)


@transaction.atomic
def event_appoint_judge(*, event: Event, judge, by) -> Event:
    """The organizer appoints ``judge`` (an account holding the Judge role) to their event; the event's
    history records who did it."""
    event = lock_event(event)
    if is_finished(event):
        raise TournamentError(gettext("A finished event cannot be changed."))
    if judge.pk == event.organizer_id:
        raise TournamentError(gettext("The organizer runs the event already."))
    if not has_role(judge, JUDGE):
        raise TournamentError(
            gettext("%(name)s does not hold the Judge role; a site administrator gives it on the People page.")
            % {"name": judge.get_username()}
        )
    if event.judges.filter(pk=judge.pk).exists():
        raise TournamentError(gettext("%(name)s is already a judge of this event.") % {"name": judge.get_username()})
    set_judges(event, [*event.judges.all(), judge], by=by)
    return event


@transaction.atomic
def event_remove_judge(*, event: Event, judge, by) -> Event:
    """The organizer takes ``judge`` off their event; the event's history records who did it."""
    event = lock_event(event)
    if is_finished(event):
        raise TournamentError(gettext("A finished event cannot be changed."))
    if not event.judges.filter(pk=judge.pk).exists():
        raise TournamentError(gettext("%(name)s is not a judge of this event.") % {"name": judge.get_username()})
    set_judges(event, [other for other in event.judges.all() if other.pk != judge.pk], by=by)
    return event


def staff_end_appointments(*, judge, by) -> None:
    """``judge``'s Judge role was taken away: their appointments to events not yet finished end, each
    event's history recording the removal and who took the role (a finished event keeps its record
    of who judged it). Connected to :data:`accounts.signals.role_taken`, inside its transaction."""
    for event in Event.objects.filter(judges=judge).exclude(status=EventStatus.FINISHED).order_by("pk"):
        set_judges(event, [other for other in event.judges.all() if other.pk != judge.pk], by=by)


def end_powers_of_taken_role(sender, *, user, role: str, by, **kwargs) -> None:
    """The receiver of :data:`accounts.signals.role_taken` (the event pages already ask for the role
    itself, :mod:`tournaments.access`; this ends the appointments the role allowed)."""
    if role == JUDGE:
        staff_end_appointments(judge=user, by=by)


@transaction.atomic
def event_update(*, event: Event, judges=None, by=None, site_url: str = "", **fields) -> Event:
    """Change the event's settings (and judges, when given). How the event is played is fixed at the
    start; the number of rounds, the tie-breakers and the rest may still change, under the rules of
    :mod:`.event_rules` (judged for ``by``, else the event's organizer). A cap raised or taken away
    gives the places it frees to the waitlist, in order (each player mailed, the link on ``site_url``)."""
    event = lock_event(event)
    if is_finished(event):
        raise TournamentError(gettext("A finished event cannot be changed."))
    check_event(organizer=by or event.organizer, event=event, judges=judges, **fields)
    changed = [name for name in FROZEN_ONCE_STARTED if name in fields and fields[name] != getattr(event, name)]
    if "game_settings" in fields:
        changed += changed_game_settings(event, fields["game_settings"])
    if event.has_started and changed:
        raise TournamentError(
            gettext("These settings cannot change once the event has started: %(settings)s.")
            % {"settings": ", ".join(changed)}
        )
    if "game" in changed and event.registrations.filter(checked_in=True).exists():
        raise TournamentError(gettext("Players are checked in with lists of this game, so the game cannot change."))
    if "game" in changed:
        fields.setdefault("game_settings", {})  # one game's settings mean nothing to another
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    if judges is not None:
        set_judges(event, judges, by=by)
    if "player_cap" in fields:
        waitlist_fill(event, site_url=site_url)
    return event


def changed_game_settings(event: Event, settings: dict) -> list[str]:
    """The game's settings that freeze once the event starts and that ``settings`` would change."""
    game = event_game(event.game)
    before = game.settings(event)
    return [name for name in game.frozen_settings if name in settings and settings[name] != before.get(name)]


@transaction.atomic
def event_start(*, event: Event) -> Event:
    """Close registration: lock every fleet submitted to the event and fix the number of Swiss rounds.

    Every submitted fleet locks, its player checked in or not: a player checked in later plays the
    list they submitted, and what the event shows of it (its submitted version) can never change.
    """
    event = lock_event(event)
    if not registration_open(event):
        raise TournamentError(gettext("The event has already started."))
    players = list(event.registrations.filter(checked_in=True, dropped_at=None).select_related("fleet_version"))
    if len(players) < 2:
        raise TournamentError(gettext("At least two checked-in players are needed to start."))
    checked_in = ngettext("%(count)s is checked in", "%(count)s are checked in", len(players)) % {"count": len(players)}
    if why := cut_refusal(event.top_cut, len(players), checked_in):
        raise TournamentError(
            gettext("%(why)s Check more players in, or choose a smaller cut (or none) in the settings.") % {"why": why}
        )
    for registration in event.registrations.exclude(fleet_version=None).select_related("fleet_version__fleet"):
        lock_submitted_fleet(registration)
    event.planned_rounds = event.swiss_rounds(len(players))
    event.status = EventStatus.RUNNING
    event.save(update_fields=["planned_rounds", "status"])
    return event


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    event = lock_event(event)
    if event.status != EventStatus.RUNNING:
        raise TournamentError(gettext("Only a running event can be finished."))
    if not event.rounds.exists():
        raise TournamentError(gettext("No round has been played yet."))
    if Match.objects.filter(round__event=event).exclude(status=MatchStatus.CONFIRMED).exists():
        raise TournamentError(gettext("Some matches still have no confirmed result."))
    event.status = EventStatus.FINISHED
    event.votes_close_at = timezone.now() + timedelta(days=VOTING_DAYS)
    event.save(update_fields=["status", "votes_close_at"])
    final_results_store(event=event)
    event_snapshot_on_commit(event)
    return event
