"""Registration desk: players enter and submit fleets; staff add, check in, grant byes, drop."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.permissions import player_required
from fleets.models import Fleet

from .. import services
from ..errors import FleetRefused, TournamentError
from ..forms import AddPlayerForm, FleetSubmitForm
from ..games import event_game
from ..models import Registration
from .common import load_event, run_service, staff_viewer

SUBMIT_FLEET = "tournaments:submit_fleet"


def load_registration(event, registration_pk: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("player"), pk=registration_pk, event=event)


@player_required
@require_POST
def register(request, pk: int):
    """Players register themselves while registration is open."""
    event = load_event(pk)
    run_service(
        request,
        services.registration_add,
        "You are registered. Now submit your list.",
        event=event,
        player=request.user,
        club=request.POST.get("club", ""),
    )
    return redirect("tournaments:event", pk)


@login_required
@require_POST
def withdraw(request, pk: int):
    """A player leaves an event that has not started (their own registration only)."""
    event = load_event(pk)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    run_service(request, services.registration_withdraw, "You have withdrawn.", registration=registration)
    return redirect("tournaments:event", pk)


@login_required
@require_POST
def add_player(request, pk: int):
    """Staff add a walk-in, or a late entry once the event runs (who starts on zero points)."""
    event = load_event(pk)
    staff_viewer(request, event)
    form = AddPlayerForm(request.POST)
    if form.is_valid():
        run_service(
            request,
            services.registration_add,
            f"{form.player.get_username()} is registered.",
            event=event,
            player=form.player,
            added_by=request.user,
            club=form.cleaned_data["club"],
        )
    else:
        messages.error(request, " ".join(form.errors["username"]))
    return redirect("tournaments:event", pk)


@login_required
@require_http_methods(["GET", "POST"])
def submit_fleet(request, pk: int):
    """The registered player picks one of their fleets; an illegal one is refused with its violations."""
    event = load_event(pk)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    game = event_game(event.game)
    if game.submit_url != SUBMIT_FLEET:
        return redirect(game.submit_url, pk)
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
            messages.success(request, "Your fleet is submitted.")
            return redirect("tournaments:event", pk)

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
def check_in(request, pk: int, registration_pk: int):
    event = load_event(pk)
    staff_viewer(request, event)
    registration = load_registration(event, registration_pk)
    checked_in = request.POST.get("checked_in", "1") == "1"
    run_service(request, services.registration_check_in, registration=registration, checked_in=checked_in)
    return redirect("tournaments:event", pk)


@login_required
@require_POST
def grant_bye(request, pk: int, registration_pk: int):
    event = load_event(pk)
    staff_viewer(request, event)
    registration = load_registration(event, registration_pk)
    granted = request.POST.get("granted", "1") == "1"
    run_service(request, services.registration_grant_bye, registration=registration, granted=granted)
    return redirect("tournaments:event", pk)


@login_required
@require_POST
def drop(request, pk: int, registration_pk: int):
    """Players drop themselves; staff drop anyone."""
    event = load_event(pk)
    registration = load_registration(event, registration_pk)
    if registration.player_id != request.user.pk:
        staff_viewer(request, event)
    run_service(
        request,
        services.registration_drop,
        f"{registration.name} has dropped.",
        registration=registration,
    )
    return redirect("tournaments:event", pk)


@login_required
@require_POST
def undrop(request, pk: int, registration_pk: int):
    event = load_event(pk)
    staff_viewer(request, event)
    registration = load_registration(event, registration_pk)
    run_service(
        request,
        services.registration_undrop,
        f"{registration.name} is back in.",
        registration=registration,
    )
    return redirect("tournaments:event", pk)
