"""The waitlist of a full event: players join it in order once the cap is reached, the first in line
takes a place that comes free (and is told by mail), and the organizer promotes or removes by hand.

Whether there is room is :func:`tournaments.access.has_room`; a place comes free when a registered
player withdraws (:func:`tournaments.services.registrations.registration_withdraw`)."""

from __future__ import annotations

from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from accounts.tasks import mail_on_commit
from stores.languages import mail_languages

from ..access import has_room, registration_open
from ..errors import TournamentError
from ..models import Event, Registration, WaitlistEntry
from .locking import lock_event


def waitlist_join(*, event: Event, player, club: str) -> WaitlistEntry:
    """Put ``player`` at the end of the (locked, full) event's waitlist
    (:func:`tournaments.services.registrations.registration_sign_up` decides they wait)."""
    if event.registrations.filter(player=player).exists():
        raise TournamentError(gettext("%(name)s is already registered.") % {"name": player.get_username()})
    if event.waitlist.filter(player=player).exists():
        raise TournamentError(gettext("%(name)s is already on the waitlist.") % {"name": player.get_username()})
    return WaitlistEntry.objects.create(event=event, player=player, club=club)


@transaction.atomic
def waitlist_leave(*, entry: WaitlistEntry) -> None:
    """Take the player off the waitlist (they leave it, or the organizer removes them)."""
    event = lock_event(entry.event)
    deleted, _ = event.waitlist.filter(pk=entry.pk).delete()
    if not deleted:
        raise TournamentError(gettext("That player is no longer on the waitlist."))


@transaction.atomic
def waitlist_promote(*, entry: WaitlistEntry, by, site_url: str = "") -> Registration:
    """The organizer registers a waiting player by hand, over the cap if it is reached; they are told by mail."""
    event = lock_event(entry.event)
    if not registration_open(event):
        raise TournamentError(gettext("The event has started: add the player at the desk as a late entry instead."))
    entry = event.waitlist.filter(pk=entry.pk).select_related("player").first()
    if entry is None:
        raise TournamentError(gettext("That player is no longer on the waitlist."))
    return promote(event, entry, by=by, site_url=site_url)


def waitlist_fill(event: Event, *, site_url: str = "") -> list[Registration]:
    """Give every free place of the (locked) event to the first in line, each told by mail; called
    where a place comes free. Nobody is promoted once the event has started."""
    promoted = []
    if not registration_open(event):
        return promoted
    registered = event.registrations.count()
    for entry in event.waitlist.select_related("player"):
        if not has_room(event, registered + len(promoted)):
            break
        promoted.append(promote(event, entry, by=None, site_url=site_url))
    return promoted


def promote(event: Event, entry: WaitlistEntry, *, by, site_url: str) -> Registration:
    registration = Registration.objects.create(
        event=event, player=entry.player, club=entry.club, added_by=by, promoted_at=timezone.now()
    )
    entry.delete()
    if entry.player.email:
        url = site_url.rstrip("/") + reverse("tournaments:event", args=[event.pk])
        context = {"player": entry.player, "event": event, "url": url}
        with translation.override(mail_languages(users=[entry.player], store=event.store)[entry.player.pk]):
            body = render_to_string("tournaments/waitlist_promoted_email.txt", context)
            subject = gettext("You have a place at %(event)s") % {"event": event.name}
        mail_on_commit(to=entry.player.email, subject=subject, body=body)
    return registration
