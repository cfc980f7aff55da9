"""A player's fleets and a fleet's history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Prefetch, QuerySet, Subquery

from ..access import FleetAccess
from ..models.fleet import Fleet, FleetVersion
from .catalog import load_catalog
from .dates import JudgedOn
from .other_builders import catalog_edition
from .prices import VersionPrice, version_price


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


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One version of the history with its price and verdict, judged as the builder judges the list."""

    version: FleetVersion
    price: VersionPrice

    @property
    def legal(self) -> bool:
        return self.price.report.legal


def history_rows(fleet: Fleet, access: FleetAccess, *, judged: JudgedOn) -> list[HistoryRow]:
    """The versions the viewer may see, newest first, each priced by :func:`version_price` on the builder's day
    (``judged``), so the history and the builder give one verdict for one list; a version submitted to an event
    keeps the price and verdict it was judged at there."""
    catalog, edition = load_catalog(), catalog_edition()
    return [
        HistoryRow(v, version_price(v, catalog=catalog, edition=edition, on=judged.day, banned=judged.banned))
        for v in fleet_history(fleet, access)
    ]
