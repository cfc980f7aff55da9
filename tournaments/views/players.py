"""Registration desk: players enter and submit fleets; staff add, check in, grant byes, drop."""

from __future__ import annotations

import qrcode
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from qrcode.image.svg import SvgPathImage

from accounts.permissions import player_required
from fleets.models import Fleet

from .. import services
from ..access import (
    Viewer,
    event_organizer_required,
    event_page,
    event_participant_required,
    event_staff_required,
    own_registration,
    require_own_or_staff,
)
from ..errors import FleetRefused, TournamentError
from ..forms import AddPlayerForm, FleetSubmitForm
from ..games import event_game
from ..models import Event, Registration, WaitlistEntry
from .service_calls import run_service

SUBMIT_FLEET = "tournaments:submit_fleet"


def load_registration(event, registration_pk: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("player"), pk=registration_pk, event=event)


@player_required
@require_POST
@event_page
def register(request, event: Event, viewer: Viewer):
    """Players register themselves while registration is open; past the event's cap they join its waitlist."""
    entered = run_service(
        request, services.registration_sign_up, event=event, player=request.user, club=request.POST.get("club", "")
    )
    if isinstance(entered, WaitlistEntry):
        messages.success(
            request, _("The event is full: you are on the waitlist. You will get a mail if a place frees.")
        )
    elif entered:
        messages.success(request, _("You are registered. Now submit your list."))
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_page
def withdraw(request, event: Event, viewer: Viewer):
    """A player leaves an event that has not started, or its waitlist (their own entry only)."""
    entry = event.waitlist.filter(player=request.user).first()
    if entry is not None:
        run_service(request, services.waitlist_leave, _("You have left the waitlist."), entry=entry)
    else:
        registration = get_object_or_404(Registration, event=event, player=request.user)
        site_url = request.build_absolute_uri("/")
        run_service(
            request,
            services.registration_withdraw,
            _("You have withdrawn."),
            registration=registration,
            site_url=site_url,
        )
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def waitlist_promote(request, event: Event, viewer: Viewer, entry_pk: int):
    """The organizer registers a waiting player by hand (over the cap, if it is reached)."""
    entry = get_object_or_404(WaitlistEntry.objects.select_related("player"), pk=entry_pk, event=event)
    run_service(
        request,
        services.waitlist_promote,
        _("%(name)s is registered.") % {"name": entry.name},
        entry=entry,
        by=request.user,
        site_url=request.build_absolute_uri("/"),
    )
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def waitlist_remove(request, event: Event, viewer: Viewer, entry_pk: int):
    """The organizer takes a player off the waitlist."""
    entry = get_object_or_404(WaitlistEntry.objects.select_related("player"), pk=entry_pk, event=event)
    run_service(
        request, services.waitlist_leave, _("%(name)s is off the waitlist.") % {"name": entry.name}, entry=entry
    )
    return redirect("tournaments:event", event.pk)


def returning_walk_in() -> str:
    """Said after a walk-in's entry when the same address and name gave an earlier walk-in back."""
    return " " + _(
        "They are the walk-in entered before with this e-mail address and name: one sign-up claims all their entries."
    )


def returning(registration: Registration) -> bool:
    """Whether the walk-in just registered played before (the same address and name gave them back)."""
    return registration.player.registrations.exclude(pk=registration.pk).exists()


@login_required
@require_POST
@event_staff_required
def add_player(request, event: Event, viewer: Viewer):
    """Staff add a player by account name, or a walk-in by name; once the event runs, a late entry
    (checked in, starting on zero points)."""
    form = AddPlayerForm(request.POST)
    if form.is_valid():
        club = form.cleaned_data["club"]
        if form.is_walk_in:
            registration = run_service(
                request,
                services.registration_add_walk_in,
                event=event,
                name=form.cleaned_data["walk_in_name"],
                email=form.cleaned_data["walk_in_email"],
                added_by=request.user,
                club=club,
            )
        else:
            registration = run_service(
                request, services.registration_add, event=event, player=form.player, added_by=request.user, club=club
            )
        if registration:
            messages.success(
                request,
                (
                    _("%(name)s is a late entry, checked in: they play from the next round.")
                    if event.is_running
                    else _("%(name)s is registered.")
                )
                % {"name": registration.name}
                + (returning_walk_in() if form.is_walk_in and returning(registration) else ""),
            )
    else:
        messages.error(
            request,
            " ".join(
                message
                if field == "__all__"
                else _("%(field)s: %(message)s") % {"field": form[field].label, "message": message}
                for field, errors in form.errors.items()
                for message in errors
            ),
        )
    return redirect("tournaments:event", event.pk)


@login_required
@require_http_methods(["GET", "POST"])
@event_page
def submit_fleet(request, event: Event, viewer: Viewer):
    """The registered player picks one of their fleets; an illegal one is refused with its violations."""
    registration = get_object_or_404(Registration, event=event, player=request.user)
    game = event_game(event.game)
    if game.submit_url != SUBMIT_FLEET:
        return redirect(game.submit_url, event.pk)
    fleets = Fleet.objects.filter(owner=request.user).order_by("name")
    form = FleetSubmitForm(request.POST or None, fleets=fleets)
    refusal, violations = "", []
    if request.method == "POST" and form.is_valid():
        try:
            services.registration_submit_fleet(registration=registration, fleet=form.cleaned_data["fleet"])
        except FleetRefused as refused:
            refusal, violations = refused.message, refused.violations
        except TournamentError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Your fleet is submitted."))
            return redirect("tournaments:event", event.pk)

    context = {
        "event": event,
        "registration": registration,
        "form": form,
        "refusal": refusal,
        "violations": violations,
        "has_fleets": fleets.exists(),
    }
    return render(request, "tournaments/fleet_submit.html", context)


@login_required
@require_POST
@event_staff_required
def check_in(request, event: Event, viewer: Viewer, registration_pk: int):
    registration = load_registration(event, registration_pk)
    checked_in = request.POST.get("checked_in", "1") == "1"
    said = (_("%(name)s is checked in.") if checked_in else _("%(name)s's check-in is undone.")) % {
        "name": registration.name
    }
    run_service(request, services.registration_check_in, said, registration=registration, checked_in=checked_in)
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_participant_required
def check_in_self(request, event: Event, viewer: Viewer):
    """A registered player checks themselves in (their own entry only: no one else's is reachable)."""
    said = _("You are checked in. Good luck!")
    run_service(request, services.registration_check_in_self, said, registration=own_registration(viewer))
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def open_check_in(request, event: Event, viewer: Viewer):
    """The organizer opens check-in by hand: players then check themselves in."""
    run_service(request, services.event_open_check_in, _("Check-in is open."), event=event)
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def close_check_in(request, event: Event, viewer: Viewer):
    """The organizer closes check-in by hand: players no longer check themselves in; the desk still does."""
    run_service(request, services.event_close_check_in, _("Check-in is closed."), event=event)
    return redirect("tournaments:event", event.pk)


@require_safe
@event_page
def check_in_qr(request, event: Event, viewer: Viewer):
    """The QR code the desk shows the room: it opens the event page, where a player checks in."""
    url = request.build_absolute_uri(reverse("tournaments:event", args=[event.pk])) + "#check-in"
    svg = qrcode.make(url, image_factory=SvgPathImage).to_string(encoding="unicode")
    return HttpResponse(svg, content_type="image/svg+xml")


@login_required
@require_POST
@event_staff_required
def check_in_all(request, event: Event, viewer: Viewer):
    """Before the start: check in everyone who has submitted a list; name those who have not."""
    done = run_service(request, services.registration_check_in_all, event=event)
    if done:
        checked_in, without_list = done
        said = ngettext("%(count)s player checked in.", "%(count)s players checked in.", len(checked_in))
        messages.success(request, said % {"count": len(checked_in)})
        if without_list:
            messages.warning(
                request, _("Not checked in, no list submitted yet: %(names)s.") % {"names": ", ".join(without_list)}
            )
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_staff_required
def set_paid(request, event: Event, viewer: Viewer, registration_pk: int):
    """The desk ticks that the player paid the entry fee (or takes the tick back)."""
    registration = load_registration(event, registration_pk)
    paid = request.POST.get("paid", "1") == "1"
    said = (_("%(name)s has paid.") if paid else _("%(name)s is marked as not paid.")) % {"name": registration.name}
    run_service(request, services.registration_set_paid, said, registration=registration, paid=paid)
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_staff_required
def grant_bye(request, event: Event, viewer: Viewer, registration_pk: int):
    registration = load_registration(event, registration_pk)
    granted = request.POST.get("granted", "1") == "1"
    run_service(request, services.registration_grant_bye, registration=registration, granted=granted)
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_page
def drop(request, event: Event, viewer: Viewer, registration_pk: int):
    """Players drop themselves between rounds; staff drop anyone at any time."""
    registration = load_registration(event, registration_pk)
    require_own_or_staff(viewer, registration)
    run_service(
        request,
        services.registration_drop if viewer.is_staff else services.registration_drop_self,
        _("%(name)s has dropped.") % {"name": registration.name},
        registration=registration,
    )
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_staff_required
def undrop(request, event: Event, viewer: Viewer, registration_pk: int):
    registration = load_registration(event, registration_pk)
    run_service(
        request,
        services.registration_undrop,
        _("%(name)s is back in.") % {"name": registration.name},
        registration=registration,
    )
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_page
def set_club(request, event: Event, viewer: Viewer, registration_pk: int):
    """A player sets their own club or store; staff set anyone's."""
    registration = load_registration(event, registration_pk)
    require_own_or_staff(viewer, registration)
    club = request.POST.get("club", "")
    run_service(request, services.registration_set_club, _("Club saved."), registration=registration, club=club)
    return redirect("tournaments:event", event.pk)
