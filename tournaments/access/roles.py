"""Who someone is at an event: its staff, its organizer, a registered player, or a visitor.

An event held at a store is run by the store's current organizers; the store's judges and the
event's own judges are its staff. Event powers last only while the site role behind them is held.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q

from accounts.permissions import has_role, is_event_organizer
from accounts.roles import JUDGE, ORGANIZER
from stores.access import standing as store_standing
from stores.access import store_judges

from ..models import Event, Registration


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking at an event, worked out once per request."""

    user: object
    is_staff: bool
    is_organizer: bool
    registration: Registration | None


def viewer_of(user, event: Event) -> Viewer:
    registration = None
    if user.is_authenticated:
        registration = event.registrations.filter(player=user).select_related("fleet_version__fleet").first()
    is_staff, is_organizer = event_roles(user, event)
    return Viewer(user=user, is_staff=is_staff, is_organizer=is_organizer, registration=registration)


def event_roles(user, event: Event) -> tuple[bool, bool]:
    """Whether ``user`` is on the event's staff, and whether they run it.

    An event held at a store is run by the store's current organizers (never by another
    store's, nor by whoever created it once they left the store); the store's judges and
    the event's own judges are its staff. An event without a store keeps its own organizer.
    A role taken away ends its powers at once: running an event needs the Organizer role
    still held, judging it the Judge role.
    """
    event_judge = user.is_authenticated and any(judge.pk == user.pk for judge in event.judges.all())
    if event.store_id is None:
        organizes, judges = is_event_organizer(user, event), event_judge
    else:
        at_store = store_standing(user, event.store_id)
        organizes, judges = at_store.is_organizer, event_judge or at_store.is_staff
    is_organizer = organizes and has_role(user, ORGANIZER)
    return is_organizer or (judges and has_role(user, JUDGE)), is_organizer


def eligible_judges(*, stores=None, event: Event | None = None):
    """Who may be appointed a judge of an event held at one of ``stores`` (``None``: at no store):
    accounts holding the Judge role that are, at that store, a current judge (every such account for
    an event held at no store); and whoever ``event`` has as a judge already, so editing an event
    never drops its judges. Another store's judges are never offered: they judge there, not here."""
    judges = get_user_model().objects.filter(Q(groups__name=JUDGE) | Q(is_superuser=True))  # as has_role says
    if stores is not None:
        judges = judges.filter(pk__in=store_judges(stores))
    if event is not None and event.pk:
        judges = judges | get_user_model().objects.filter(pk__in=event.judges.values("pk"))
    return judges.distinct().order_by("username")
