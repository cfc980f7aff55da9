"""Who may do what: the one module every view asks.

Two layers. Site roles (:mod:`accounts.roles`) gate site-wide actions such as
creating an event. Per-event staff is duck-typed: any object with
``organizer_id`` and a ``judges`` relation (an event) can be asked about, so
this module needs no import from the apps that define events.

Views use the decorators; templates and services use the predicates.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from .roles import JUDGE, ORGANIZER, PLAYER, role_label


def request_user(request):
    """The request's user, or an anonymous one when the authentication middleware has not run: an error
    page for a request refused before it (a bad Host header) still renders its menu, without a user."""
    return getattr(request, "user", None) or AnonymousUser()


def has_role(user, role: str) -> bool:
    """Whether ``user`` holds ``role``; superusers hold every role."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return role in role_names(user)


def role_names(user) -> frozenset[str]:
    """The user's role names, computed once per user object (templates ask many times)."""
    if not user.is_authenticated:
        return frozenset()
    cached = getattr(user, "_muster_roles", None)
    if cached is None:
        cached = frozenset(user.groups.values_list("name", flat=True))
        user._muster_roles = cached
    return cached


def is_organizer(user) -> bool:
    return has_role(user, ORGANIZER)


def is_judge(user) -> bool:
    return has_role(user, JUDGE)


def is_player(user) -> bool:
    return has_role(user, PLAYER)


def is_event_organizer(user, event) -> bool:
    """The event's own organizer (or a superuser)."""
    return user.is_authenticated and (user.is_superuser or event.organizer_id == user.pk)


def is_event_staff(user, event) -> bool:
    """The event's organizer or one of its judges (or a superuser)."""
    if not user.is_authenticated:
        return False
    if is_event_organizer(user, event):
        return True
    # Through .all() so a page that prefetched the judges asks the database nothing more.
    return any(judge.pk == user.pk for judge in event.judges.all())


def role_required(role: str):
    """View decorator: log in first, then 403 unless the user holds ``role``."""

    def decorator(view):
        @login_required
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not has_role(request.user, role):
                raise PermissionDenied(_("This page is for the %(role)s role.") % {"role": role_label(role)})
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def is_site_admin(user) -> bool:
    """The site's administrators (superusers): they give and take the Organizer and Judge roles."""
    return user.is_authenticated and user.is_superuser


def site_admin_required(view):
    """View decorator: log in first, then 403 unless the user administers the site."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not is_site_admin(request.user):
            raise PermissionDenied(_("This page is for the site's administrators."))
        return view(request, *args, **kwargs)

    return wrapped


organizer_required = role_required(ORGANIZER)
player_required = role_required(PLAYER)
