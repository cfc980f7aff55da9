"""Who may do what at a store: its organizers run it, its judges help at its events, superusers do everything.

A store appointment lends powers only while the site role behind it is held: an organizer
whose Organizer role was taken away on the People page no longer runs the store, its
seasons or its events, and a judge without the Judge role no longer judges there, even
before :func:`stores.services.store_end_roles_of_taken_role` ends the appointments.

The tournaments app asks :func:`standing` to decide who runs an event held at a store
(``tournaments.access``); the store pages use the decorators, which load the store
(404) and refuse with 403 whoever may not act.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.permissions import has_role
from accounts.roles import JUDGE, ORGANIZER

from .models import Store, StoreRole, StoreRoleKind


@dataclass(frozen=True, slots=True)
class Standing:
    """What one person is at one store, worked out once per request."""

    is_organizer: bool = False
    is_judge: bool = False

    @property
    def is_staff(self) -> bool:
        return self.is_organizer or self.is_judge


NOBODY = Standing()


def standing(user, store_id: int | None) -> Standing:
    """``user``'s current powers at the store ``store_id``: each appointment counts while its site role is
    held (a superuser organizes every store)."""
    if store_id is None or not user.is_authenticated:
        return NOBODY
    if user.is_superuser:
        return Standing(is_organizer=True)
    roles = set(StoreRole.objects.current().filter(store_id=store_id, person=user).values_list("role", flat=True))
    return Standing(
        is_organizer=StoreRoleKind.ORGANIZER in roles and has_role(user, ORGANIZER),
        is_judge=StoreRoleKind.JUDGE in roles and has_role(user, JUDGE),
    )


def store_judges(stores):
    """The people who judge at any of ``stores`` (store ids or stores) now, as a queryset of their ids."""
    return StoreRole.objects.current().filter(store__in=stores, role=StoreRoleKind.JUDGE).values("person")


def organized_stores(user):
    """The stores ``user`` may hold events and seasons at: those they organize now, while they hold the
    Organizer role (every store, for a superuser)."""
    if not has_role(user, ORGANIZER):
        return Store.objects.none()
    if user.is_superuser:
        return Store.objects.all()
    return Store.objects.filter(
        roles__person=user, roles__role=StoreRoleKind.ORGANIZER, roles__ended_at__isnull=True
    ).distinct()


def load_store(pk: int) -> Store:
    try:
        return Store.objects.get(pk=pk)
    except Store.DoesNotExist:
        raise Http404(_("No such store.")) from None


def _store_view(allowed, refusal):
    def decorator(view):
        @wraps(view)
        def wrapped(request, pk: int, *args, **kwargs):
            store = load_store(pk)
            viewer = standing(request.user, store.pk)
            if not allowed(viewer):
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied(str(refusal))
            return view(request, store, viewer, *args, **kwargs)

        return wrapped

    return decorator


def store_page(view):
    """Anyone: the view gets ``(request, store, standing, ...)`` and shows more to the store's staff."""
    return _store_view(lambda viewer: True, "")(view)


def store_organizer_required(view):
    """The store's own organizers (and superusers): they appoint its judges and co-organizers."""
    return _store_view(lambda viewer: viewer.is_organizer, gettext_lazy("Only the store's organizers may do this."))(
        view
    )
