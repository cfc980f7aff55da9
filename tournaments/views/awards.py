"""Awards: a player's Best Sportsmanship vote, and the organizer's awards and winners."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..access import Viewer, event_organizer_required, event_participant_required, own_registration
from ..models import Award, Event, Registration
from .service_calls import run_service


def event_registration(event: Event, value: str) -> Registration | None:
    """The event's registration whose pk was posted (``None`` for none chosen); another event's: 404."""
    if not value:
        return None
    if not value.isdigit():
        raise Http404("No such player.")
    return get_object_or_404(Registration, pk=int(value), event=event)


@login_required
@require_POST
@event_participant_required
def vote(request, event: Event, viewer: Viewer):
    """A player casts their own Best Sportsmanship vote (only their own: the voter is who is signed in)."""
    voter = own_registration(viewer)
    choice = event_registration(event, request.POST.get("choice", ""))
    if choice is not None:
        run_service(request, services.sportsmanship_vote, _("Your vote is in. Thank you!"), voter=voter, choice=choice)
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def award_set(request, event: Event, viewer: Viewer):
    """The organizer adds an award, or names its winner."""
    winner = event_registration(event, request.POST.get("winner", ""))
    name = request.POST.get("name", "")
    run_service(request, services.award_set, _("Award saved."), event=event, name=name, winner=winner)
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def award_remove(request, event: Event, viewer: Viewer, award_pk: int):
    award = get_object_or_404(Award, pk=award_pk, event=event)
    run_service(request, services.award_remove, _("Award removed."), award=award)
    return redirect("tournaments:event", event.pk)
