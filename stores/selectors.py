"""What the store pages read: the store list with its search, a store's events and its people."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import Store, StoreRole, StoreRoleKind

PAGE_SIZE = 100


def store_search(*, query: str = "", town: str = "") -> QuerySet[Store]:
    """Stores whose name holds ``query`` and whose town holds ``town`` (both ignoring case), by name."""
    stores = Store.objects.all()
    if query:
        stores = stores.filter(name__icontains=query)
    if town:
        stores = stores.filter(town__icontains=town)
    return stores.order_by("name", "town")[:PAGE_SIZE]


def store_events(store: Store) -> dict[str, list]:
    """The store's events: ``running``, ``upcoming`` (soonest first) and ``past`` (latest first), as
    the events' own rule sorts them (``tournaments.models.EventQuerySet``: by the date at the store)."""
    events = store.events.select_related("store")
    return {
        "running": list(events.running().order_by("date", "name")),
        "upcoming": list(events.upcoming().order_by("date", "name")),
        "past": list(events.past().order_by("-date", "name")[:PAGE_SIZE]),
    }


def store_people(store: Store) -> dict[str, list[StoreRole]]:
    """The store's current organizers and judges, and every role it has had (its history, oldest first)."""
    roles = list(store.roles.select_related("person", "appointed_by", "ended_by").order_by("appointed_at", "pk"))
    current = [role for role in roles if role.ended_at is None]
    return {
        "organizers": [role for role in current if role.role == StoreRoleKind.ORGANIZER],
        "judges": [role for role in current if role.role == StoreRoleKind.JUDGE],
        "history": roles,
    }


def stores_with_roles() -> QuerySet[Store]:
    """Every store with its current organizers, for the administrators' list on the People page."""
    return Store.objects.prefetch_related("roles__person").order_by("name", "town")
