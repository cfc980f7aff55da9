"""Read-only links to a fleet version: its owner makes one public, anyone with the link sees the list.

The link names no fleet or version number: a token of its own (:class:`~fleets.models.SharedVersion`).
A version submitted to an event that has not started and hides its lists is never shown through it
(:func:`fleets.selectors.share_refusal`, asked again on every visit, since a shared version may be
submitted later): the link then answers as one that does not exist.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from .. import services
from ..models import Fleet, SharedVersion
from ..selectors import builder_date, share_refusal, version_price
from ..services import FleetError
from ._fleet_access import with_fleet


@require_POST
@with_fleet(owner=True)
def fleet_share(request, fleet: Fleet):
    """The owner makes the fleet's current saved version readable by anyone with the link."""
    version = fleet.current_version
    if version is None:
        messages.error(request, _("Save a version first: a link shows a saved version, never unsaved changes."))
        return redirect("fleets:detail", fleet.pk)
    try:
        services.fleet_share_version(version=version)
    except FleetError as refused:
        messages.error(request, refused.message)
    else:
        shared = _("Version %(number)s can be read by anyone with its link.")
        messages.success(request, shared % {"number": version.number})

    return redirect("fleets:detail", fleet.pk)


@require_POST
@with_fleet(owner=True)
def fleet_unshare(request, fleet: Fleet):
    """The owner stops every link to the fleet's versions."""
    if services.fleet_unshare(fleet=fleet):
        messages.success(request, _("The fleet's link no longer works."))

    return redirect("fleets:detail", fleet.pk)


@require_safe
def shared_fleet(request, token: str):
    """Public: the shared version's list, read only, with its price, verdict and the date it was judged on."""
    share = SharedVersion.objects.select_related("version__fleet__owner").filter(token=token).first()
    if share is None or share_refusal(share.version):
        raise Http404("No such link.")
    # judged as its owner's builder judges it today (the date the list is being prepared for), and saying so
    judged = builder_date(share.version.fleet, today=timezone.localdate())
    price = version_price(share.version, on=judged.day, banned=judged.banned)
    return render(
        request,
        "fleets/shared.html",
        {"version": share.version, "fleet": share.version.fleet, "price": price, "check": price.check()},
    )
