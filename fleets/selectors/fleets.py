"""A player's fleets and a fleet's history."""

from __future__ import annotations

from django.db.models import OuterRef, Prefetch, QuerySet, Subquery

from ..access import FleetAccess
from ..models.fleet import Fleet, FleetVersion


def user_fleets(user) -> QuerySet[Fleet]:
    """The user's fleets, newest first, with only their current version prefetched for
    ``fleet.current_version``: two queries however long the histories are."""
    newest = FleetVersion.objects.filter(fleet=OuterRef("fleet")).order_by("-number").values("pk")[:1]
    current = Prefetch(
        "versions", queryset=FleetVersion.objects.filter(pk=Subquery(newest)).select_related("judged_price")
    )
    return Fleet.objects.filter(owner=user).prefetch_related(current)


def fleet_history(fleet: Fleet, access: FleetAccess) -> QuerySet[FleetVersion]:
    """The versions of ``fleet`` the viewer may see (``access``), newest first."""
    return access.versions(fleet).select_related("created_by", "judged_price").order_by("-number")
