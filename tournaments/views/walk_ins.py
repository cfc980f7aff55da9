"""The staff enter a walk-in's list: the fleet or decks they brought, pasted or uploaded."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from fleets.forms import FleetSourceForm
from fleets.selectors import FleetUnreadable, read_import

from .. import services
from ..access import Viewer, event_staff_required
from ..errors import FleetRefused, TournamentError
from ..forms import WalkInDecksForm
from ..games import FleetGame, event_game
from ..models import Event, Registration


@login_required
@require_http_methods(["GET", "POST"])
@event_staff_required
def walk_in_list(request, event: Event, viewer: Viewer, registration_pk: int):
    """Enter or replace a walk-in's list, under the rules every submission follows.

    A STAW fleet is read in any format the fleet import reads, and the page shows card by card
    what was recognised, whether or not it was submitted; a deck game's lists are read as its
    deck import reads them. A refused list changes nothing.
    """
    registration = get_object_or_404(
        Registration.objects.select_related("player__guest", "fleet_version__fleet"), pk=registration_pk, event=event
    )
    if not registration.walk_in:
        raise Http404("Only a walk-in's list is entered by the staff.")
    game = event_game(event.game)
    fleets = isinstance(game, FleetGame)  # the fleets app's fleets, else the game's decks
    data, files = (request.POST, request.FILES) if request.method == "POST" else (None, None)
    form = FleetSourceForm(data, files) if fleets else WalkInDecksForm(data, files, game=game)
    context = {"event": event, "registration": registration, "game": game, "form": form, "violations": []}
    if request.method == "POST" and form.is_valid():
        try:
            if fleets:
                context["preview"] = _preview(form, event)
                services.walk_in_submit_fleet(
                    registration=registration,
                    data=form.cleaned_data["data"],
                    fmt=form.cleaned_data["source_format"] or None,
                    squad=form.cleaned_data["squad_index"],
                    by=request.user,
                )
            else:
                services.walk_in_submit_decks(
                    registration=registration, lists=form.cleaned_data["lists"], by=request.user
                )
        except FleetRefused as refused:
            context["refusal"], context["violations"] = refused.message, refused.violations
        except TournamentError as error:
            context["refusal"] = error.message
        else:
            messages.success(request, f"Submitted: {registration.name}'s {game.list_name}.")
            if not fleets:
                return redirect("tournaments:event", event.pk)
            context["submitted"] = True
    return render(request, "tournaments/walk_in_list.html", context)


def _preview(form: FleetSourceForm, event: Event):
    """What the import recognises, card by card, judged as at the event; unreadable input is refused."""
    try:
        return read_import(
            form.cleaned_data["data"],
            fmt=form.cleaned_data["source_format"] or None,
            squad=form.cleaned_data["squad_index"],
            format_key=event.format,
            on=event.date,
        )
    except FleetUnreadable as error:
        raise TournamentError(error.message) from None
