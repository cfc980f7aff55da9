"""The deck games' registration pages: submitting decks, a player's club, the submitted decks and their sheets."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from accounts.selectors import print_identity
from fleets.decks.sheets import render_deck_sheet
from fleets.models import Deck

from .. import selectors, services
from ..access import Viewer, event_page, may_see_registration_list, require_own_or_staff
from ..errors import FleetRefused, TournamentError
from ..forms import DeckSubmitForm
from ..games import event_game
from ..models import Event, Registration
from .players import load_registration
from .printed import in_the_stores_language
from .reports import pdf_response

SUBMIT_DECKS = "tournaments:submit_decks"


@login_required
@require_http_methods(["GET", "POST"])
@event_page
def submit_decks(request, event: Event, viewer: Viewer):
    """The registered player picks their decks; illegal ones are refused with every violation."""
    registration = get_object_or_404(Registration, event=event, player=request.user)
    game = event_game(event.game)
    if game.submit_url != SUBMIT_DECKS:
        return redirect(game.submit_url, event.pk)
    decks = list(Deck.objects.filter(owner=request.user, game=event.game))
    form = DeckSubmitForm(request.POST or None, game=game, decks=decks)
    refusal, violations = "", []
    if request.method == "POST" and form.is_valid():
        try:
            services.registration_submit_decks(registration=registration, decks=form.decks())
        except FleetRefused as refused:
            refusal, violations = refused.message, refused.violations
        except TournamentError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("Submitted: your %(list)s for %(event)s.") % {"list": game.list_name, "event": event.name}
            )
            return redirect("tournaments:event", event.pk)
    game.load_lists([registration])
    context = {
        "event": event,
        "game": game,
        "registration": registration,
        "form": form,
        "refusal": refusal,
        "violations": violations,
    }
    return render(request, "tournaments/deck_submit.html", context)


@require_safe
@event_page
def deck_detail(request, event: Event, viewer: Viewer, registration_pk: int):
    """A player's submitted decks, line by line, to whoever may see their lists (as for fleets)."""
    registration = get_object_or_404(Registration.objects.select_related("player"), pk=registration_pk, event=event)
    decks = list(registration.decks.all())
    if not decks or not may_see_registration_list(event, viewer, registration):
        raise Http404("No such decks.")
    game = event_game(event.game)
    context = {
        "event": event,
        "tab": "fleets",
        "game": game,
        "registration": registration,
        "can_print": viewer.is_staff or registration.player_id == request.user.pk,
        "decks": [
            (game.slot_label(deck.slot), deck, selectors.submitted_deck_view(deck, event.game)) for deck in decks
        ],
    }
    return render(request, "tournaments/deck_detail.html", context)


@require_safe
@login_required
@event_page
@in_the_stores_language
def deck_sheet(request, event: Event, viewer: Viewer, registration_pk: int, deck_pk: int):
    """The registration sheet (PDF) of one submitted deck, filled in for this event: for its player and the staff."""
    registration = load_registration(event, registration_pk)
    require_own_or_staff(viewer, registration)
    submitted = get_object_or_404(registration.decks, pk=deck_pk)
    player = print_identity(registration.player)
    content = render_deck_sheet(
        view=selectors.submitted_deck_view(submitted, event.game),
        player_name=player.name,
        email=player.email,
        event_name=event.name,
        on_date=event.date,
        paper=event.paper_size,
    )
    filename = f"event-{event.pk}-{submitted.slot or 'list'}-{registration.player.get_username()}.pdf"
    return pdf_response(content, filename)
