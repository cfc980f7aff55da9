"""Row locks the services take before changing an event, and the fleet lock at the start."""

from __future__ import annotations

from fleets.services import fleet_lock

from ..models import Event, Registration


def lock_event(event: Event) -> Event:
    """The event's row, locked until the transaction ends: one change to an event's rounds at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


def lock_submitted_fleet(registration: Registration) -> None:
    """The player's fleet cannot be edited from now on (the submitted version is kept either way)."""
    if registration.fleet_version_id is not None:
        fleet_lock(fleet=registration.fleet_version.fleet)
