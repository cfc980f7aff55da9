"""Who may see a fleet submitted to an event; registered with :mod:`fleets.access` at start-up.

The event's organizer and judges see every fleet submitted to it. Everyone else
sees nothing before the event starts (lists are hidden so nobody builds to
counter them); once it has started, a player sees the fleets of the opponents
they have been paired with, and everyone sees every fleet of an event whose
lists are public after the start.
"""

from __future__ import annotations

from django.db.models import Q

from fleets.access import Submission

from .models import EventStatus, MatchSide, Registration

STARTED = (EventStatus.RUNNING, EventStatus.FINISHED)


def can_view_submitted_fleet(user, fleet) -> bool:
    submitted = Registration.objects.filter(fleet_version__fleet=fleet)
    if submitted.filter(event__status__in=STARTED, event__lists_public=True).exists():
        return True
    if not user.is_authenticated:
        return False
    if submitted.filter(Q(event__organizer=user) | Q(event__judges=user)).exists():
        return True
    return (
        MatchSide.objects.filter(registration__fleet_version__fleet=fleet, match__sides__registration__player=user)
        .exclude(registration__player=user)
        .exists()
    )


def fleet_event_submissions(fleet) -> list[Submission]:
    """The events ``fleet`` is submitted to, for the fleet verification page."""
    return [
        Submission(event_name=event_name, version_id=version_id, sealed=status not in STARTED)
        for event_name, version_id, status in Registration.objects.filter(fleet_version__fleet=fleet).values_list(
            "event__name", "fleet_version_id", "event__status"
        )
    ]
