"""The event views' decorators: they load the event (404), work out the :class:`~.roles.Viewer` once,
refuse with 403 who may not act, and call the view with ``event`` and ``viewer`` instead of the
event's ``pk``.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from ..models import Event, Registration
from ..zones import event_clock
from .roles import Viewer, viewer_of


def load_event(pk: int) -> Event:
    """The event with what every page shows (organizer, store, judges), or 404."""
    try:
        return Event.objects.select_related("organizer", "store").prefetch_related("judges").get(pk=pk)
    except Event.DoesNotExist:
        raise Http404(gettext("No such event.")) from None


def _event_view(allowed, refusal: str | Promise):
    def decorator(view):
        @wraps(view)
        def wrapped(request, pk: int, *args, **kwargs):
            event = load_event(pk)
            viewer = viewer_of(request.user, event)
            if not allowed(viewer):
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied(str(refusal))
            with event_clock(event):  # every time the page shows is on the event's clock
                return view(request, event, viewer, *args, **kwargs)

        return wrapped

    return decorator


def event_page(view):
    """Anyone: the view gets ``(request, event, viewer, ...)``; it decides what to show by the viewer."""
    return _event_view(lambda viewer: True, "")(view)


def event_participant_required(view):
    """Logged-in users (players registered or registering, and the staff)."""
    return _event_view(lambda viewer: viewer.user.is_authenticated, gettext_lazy("Log in first."))(view)


def event_staff_required(view):
    """The event's organizer and judges (and superusers)."""
    return _event_view(
        lambda viewer: viewer.is_staff, gettext_lazy("Only the event's organizer and judges may do this.")
    )(view)


def event_organizer_required(view):
    """The event's own organizer (and superusers): only they change its settings, start and finish it."""
    return _event_view(lambda viewer: viewer.is_organizer, gettext_lazy("Only the event's organizer may do this."))(
        view
    )


def require_own_or_staff(viewer: Viewer, registration: Registration) -> None:
    """403 unless ``viewer`` is the registration's player or the event's staff (a player acts on their own entry)."""
    if not viewer.is_staff and registration.player_id != viewer.user.pk:
        raise PermissionDenied(gettext("Only the player and the event's organizer and judges may do this."))


def own_registration(viewer: Viewer) -> Registration:
    """The viewer's own entry, the only one a player's own action (checking in, voting) may touch; 404
    for someone not registered."""
    if viewer.registration is None:
        raise Http404(gettext("You are not registered for this event."))
    return viewer.registration
