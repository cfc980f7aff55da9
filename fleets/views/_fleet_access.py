"""How every fleet view finds its fleet and decides who may use it, version by version.

A fleet the user may not see is answered as if it did not exist (404), so a
hidden list is not even confirmed; an anonymous visitor is sent to log in
first, since they may be its owner. Seeing a fleet is not changing it: views
that change one also need its owner. Someone who is not the owner sees only the
versions :func:`fleets.access.fleet_access` grants them (the version submitted
to an event), never a later one.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from rules.inputs.integers import MAX_INT32, read_int

from ..access import fleet_access
from ..models import Fleet, FleetVersion


def with_fleet(*, owner: bool = False):
    """View decorator: replace the ``pk`` argument with the fleet, checked for the user.

    What the user may see of it is left on ``request.fleet_access`` for :func:`chosen_version`.
    """

    def decorator(view):
        @wraps(view)
        def wrapped(request, pk: int, *args, **kwargs):
            fleet = Fleet.objects.select_related("owner").filter(pk=pk).first()
            access = fleet_access(request.user, fleet) if fleet is not None else None
            visible = access is not None and access.visible
            if not request.user.is_authenticated and (owner or not visible):
                return redirect_to_login(request.get_full_path())
            if not visible:
                raise Http404("No such fleet.")
            if owner and fleet.owner_id != request.user.pk:
                raise PermissionDenied("Only the fleet's owner can do this.")
            request.fleet_access = access
            return view(request, fleet, *args, **kwargs)

        return wrapped

    return decorator


def chosen_version(request, fleet: Fleet) -> FleetVersion:
    """The version named by ``?version=N``, else the newest the user may see; 404 if there is none
    (a version the user may not see is answered as one that does not exist)."""
    access = request.fleet_access
    number = request.GET.get("version", "")
    if number:
        if (wanted := read_int(number, high=MAX_INT32)) is None:
            raise Http404("No such version.")
        return get_object_or_404(access.versions(fleet), number=wanted)
    latest = access.latest(fleet)
    if latest is None:
        raise Http404("This fleet has no ships yet.")
    return latest
