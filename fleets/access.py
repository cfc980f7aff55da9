"""Who may see or change a fleet, without this app knowing who else grants access.

The owner (and a superuser) may always see a fleet. Other apps add grants
through :func:`register_fleet_view_grant` (the tournaments app lets event staff,
paired opponents and, once an event starts, everyone see the lists it
publishes), so this app never imports them. A fleet nobody may show a user is
answered with 404 by the views, so hidden lists are not even confirmed to exist.

The verification page asks a second kind of registered source,
:func:`register_submission_lookup`, which events a fleet is submitted to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

FleetViewGrant = Callable[[object, object], bool]

_view_grants: list[FleetViewGrant] = []


def register_fleet_view_grant(grant: FleetViewGrant) -> FleetViewGrant:
    """Add ``grant(user, fleet) -> bool``; any grant saying yes lets the user see the fleet.

    Call it from an ``AppConfig.ready``. Registering the same function twice is
    harmless (it is kept once), so a re-run ``ready`` does not double the queries.
    Returns ``grant`` so it can be used as a decorator.
    """
    if grant not in _view_grants:
        _view_grants.append(grant)
    return grant


def can_view_fleet(user, fleet) -> bool:
    if user.is_authenticated and (fleet.owner_id == user.pk or user.is_superuser):
        return True
    return any(grant(user, fleet) for grant in _view_grants)


def can_edit_fleet(user, fleet) -> bool:
    """Only the owner edits, and only while the fleet is not locked by an event."""
    return user.is_authenticated and fleet.owner_id == user.pk and not fleet.is_locked


@dataclass(frozen=True, slots=True)
class Submission:
    """A fleet version entered in an event, as the verification page may show it.

    ``sealed``: the event has not started, so its lists are still hidden.
    """

    event_name: str
    version_id: int
    sealed: bool = False


SubmissionLookup = Callable[[object], Iterable[Submission]]

_submission_lookups: list[SubmissionLookup] = []


def register_submission_lookup(lookup: SubmissionLookup) -> SubmissionLookup:
    """Add ``lookup(fleet) -> iterable of Submission``: the events the fleet is submitted to."""
    if lookup not in _submission_lookups:
        _submission_lookups.append(lookup)
    return lookup


def fleet_submissions(fleet) -> list[Submission]:
    return [submission for lookup in _submission_lookups for submission in lookup(fleet)]
