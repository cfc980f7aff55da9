"""What every event view shares: loading the event, asking who the viewer is, calling a service."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404

from .. import selectors
from ..errors import TournamentError
from ..models import Event


def load_event(pk: int) -> Event:
    """The event with what every page shows (organizer, judges), or 404."""
    try:
        return selectors.event_for_page(pk)
    except Event.DoesNotExist:
        raise Http404("No such event.") from None


def staff_viewer(request, event: Event) -> selectors.Viewer:
    """The viewer, who must be the event's organizer or one of its judges."""
    viewer = selectors.viewer_of(request.user, event)
    if not viewer.is_staff:
        raise PermissionDenied("Only the event's organizer and judges may do this.")
    return viewer


def organizer_viewer(request, event: Event) -> selectors.Viewer:
    """The viewer, who must be the event's organizer: only they change its settings, start and finish it."""
    viewer = selectors.viewer_of(request.user, event)
    if not viewer.is_organizer:
        raise PermissionDenied("Only the event's organizer may do this.")
    return viewer


def run_service(request, service, success: str = "", **kwargs):
    """Call ``service``; its refusal becomes an error message instead of a crash. Returns its result or None."""
    try:
        result = service(**kwargs)
    except TournamentError as error:
        messages.error(request, error.message)
        return None
    if success:
        messages.success(request, success)
    return result if result is not None else True
