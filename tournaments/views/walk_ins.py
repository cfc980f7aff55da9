"""The staff enter a walk-in's list: the fleet or decks they brought, pasted or uploaded."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from fleets.forms import FleetSourceForm, ImportConfirmForm
from fleets.list_builders import form_error_text
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
    if fleets and data is not None and "source" in data:  # a "Take …" button: the list read before, one more answer
        form = ImportConfirmForm(data)
    else:
        form = FleetSourceForm(data, files) if fleets else WalkInDecksForm(data, files, game=game)
    context = {"event": event, "registration": registration, "game": game, "form": form, "violations": []}
    if request.method == "POST" and form.is_valid():
        try:
            if fleets:
                source, answers = _source(form)
                context.update(_preview(source, event, answers))
                services.walk_in_submit_fleet(registration=registration, by=request.user, **source)
            else:
                services.walk_in_submit_decks(
                    registration=registration, lists=form.cleaned_data["lists"], by=request.user
                )
        except FleetRefused as refused:
            context["refusal"], context["violations"] = refused.message, refused.violations
        except TournamentError as error:
            context["refusal"] = error.message
        else:
            messages.success(
                request, _("Submitted: %(name)s's %(list)s.") % {"name": registration.name, "list": game.list_name}
            )
            if not fleets:
                return redirect("tournaments:event", event.pk)
            context["submitted"] = True
    elif isinstance(form, ImportConfirmForm):
        context["refusal"] = form_error_text(form)
    if isinstance(form, ImportConfirmForm):
        context["form"] = FleetSourceForm()  # the answered list is in the report; the form takes another
    return render(request, "tournaments/walk_in_list.html", context)


def _source(form: FleetSourceForm | ImportConfirmForm) -> tuple[dict, str]:
    """The list as entered (pasted or uploaded), or as read before and signed with the answers to its doubtful
    lines (and those answers as the report carries them, ``"3=Cap629 5=C083"``)."""
    if isinstance(form, ImportConfirmForm):
        signed, picked = form.cleaned_data["source"], form.cleaned_data["picked"]
        source = {"data": form.source_data(), "fmt": signed["fmt"] or None, "squad": signed["squad"], "choices": picked}
        return source, form.cleaned_data["text"]
    fmt = form.cleaned_data["source_format"] or None
    return {"data": form.cleaned_data["data"], "fmt": fmt, "squad": form.cleaned_data["squad_index"], "choices": {}}, ""


def _preview(source: dict, event: Event, answers: str) -> dict:
    """What the import recognises, card by card, judged as at the event, and the signed list its "Take …" buttons
    post back (``walk-in-answers``) with one more answer; unreadable input is refused."""
    try:
        preview = read_import(
            source["data"],
            fmt=source["fmt"],
            squad=source["squad"],
            format_key=event.format,
            on=event.date,
            choices=source["choices"],
        )
    except FleetUnreadable as error:
        raise TournamentError(error.message) from None
    cards = preview.result.cards
    for index, card_id in sorted(source["choices"].items()):
        if not (index < len(cards) and cards[index].how == "chosen"):
            raise TournamentError(
                _("%(card)s answers no doubt on line %(line)s of this list; nothing changed.")
                % {"card": card_id, "line": index + 1}
            )
    signed = ImportConfirmForm.sign(data=source["data"], fmt=source["fmt"] or "", squad=source["squad"])
    return {
        "preview": preview,
        "pick_form": "walk-in-answers",
        "choices": answers,
        "answer_form": ImportConfirmForm(initial={"source": signed}),
    }
