"""Who may see or change a fleet, version by version, without this app knowing who else grants access.

A fleet's owner (and a superuser) sees every version. Anyone else sees only the
versions another app grants them through :func:`register_version_grant`: the
tournaments app shows the version *submitted* to an event to that event's staff,
to the player's paired opponents and, when the event publishes its lists, to
everyone once it starts -- never a later version, never the history beyond it.
Visibility belongs to a version, not to a fleet: a player who submits version 1
to one event and version 2 to another with hidden lists must not have version 2
shown through the first event. This app never imports the granting apps.

A fleet nobody may show a user is answered with 404 by the views, so hidden lists
are not even confirmed to exist. The verification page asks a second kind of
registered source, :func:`register_submission_lookup`, which events a fleet is
submitted to; the builder asks a third, :func:`register_player_event_lookup`, which events
a player is registered for (the list may be built for one of them); the price pages ask a fourth,
:func:`register_judge_grant`, which versions a user judges as an event's staff.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date

VersionGrant = Callable[[object, object], Iterable[int]]

_version_grants: list[VersionGrant] = []


def _register(registry: list, source):
    """Add ``source`` to ``registry`` once: a re-run ``AppConfig.ready`` does not double the queries.
    Returns ``source`` so a registering function can be used as a decorator."""
    if source not in registry:
        registry.append(source)
    return source


def _asked(registry: list, subject) -> list:
    """What every source of ``registry`` answers about ``subject``, one list."""
    return [item for source in registry for item in source(subject)]


def register_version_grant(grant: VersionGrant) -> VersionGrant:
    """Add ``grant(user, fleet) -> ids of the fleet's versions the user may see`` (call it from an
    ``AppConfig.ready``; registering the same function twice is harmless)."""
    return _register(_version_grants, grant)


_judge_grants: list[VersionGrant] = []


def register_judge_grant(grant: VersionGrant) -> VersionGrant:
    """Add ``grant(user, fleet) -> ids of the fleet's versions the user judges``: those submitted to an
    event the user is staff of, who are told when today's cards price a version differently from the
    price it was judged at (:func:`fleets.selectors.price_today`)."""
    return _register(_judge_grants, grant)


def judges_version(user, version) -> bool:
    """Whether ``user`` judges ``version`` at an event it is submitted to (a superuser judges everywhere)."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or any(version.pk in set(grant(user, version.fleet)) for grant in _judge_grants)


@dataclass(frozen=True, slots=True)
class FleetAccess:
    """What one user may see of one fleet: every version (``whole``: its owner, a superuser) or
    only the versions granted to them (``version_ids``)."""

    whole: bool
    version_ids: frozenset[int] = frozenset()

    @property
    def visible(self) -> bool:
        return self.whole or bool(self.version_ids)

    def may_see(self, version_id: int | None) -> bool:
        return version_id is not None and (self.whole or version_id in self.version_ids)

    def versions(self, fleet):
        """The fleet's versions this user may see, as a queryset."""
        return fleet.versions.all() if self.whole else fleet.versions.filter(pk__in=self.version_ids)

    def latest(self, fleet):
        """The newest version this user may see (the current one for its owner), or ``None``."""
        return fleet.current_version if self.whole else self.versions(fleet).order_by("-number").first()


def fleet_access(user, fleet) -> FleetAccess:
    if user.is_authenticated and (fleet.owner_id == user.pk or user.is_superuser):
        return FleetAccess(whole=True)
    granted = frozenset(version_id for grant in _version_grants for version_id in grant(user, fleet))
    return FleetAccess(whole=False, version_ids=granted)


def can_view_fleet(user, fleet) -> bool:
    """Whether ``user`` may see at least one version of ``fleet``."""
    return fleet_access(user, fleet).visible


def can_edit_fleet(user, fleet) -> bool:
    """Only the owner edits, and only while the fleet is not locked by an event."""
    return user.is_authenticated and fleet.owner_id == user.pk and not fleet.is_locked


@dataclass(frozen=True, slots=True)
class Submission:
    """A fleet version entered in an event, as the verification page may show it.

    ``sealed``: the event has not started, so its lists are still hidden; ``event_date`` is
    the day the event is played (the builder judges resource retirement on it).
    """

    event_name: str
    version_id: int
    sealed: bool = False
    event_date: date | None = None
    retires_resources: bool = True  # the event retires resources by the 2016 table (its organizer may say no)
    banned: frozenset[str] = frozenset()  # the resources the event bans (names or ids)


SubmissionLookup = Callable[[object], Iterable[Submission]]

_submission_lookups: list[SubmissionLookup] = []


def register_submission_lookup(lookup: SubmissionLookup) -> SubmissionLookup:
    """Add ``lookup(fleet) -> iterable of Submission``: the events the fleet is submitted to."""
    return _register(_submission_lookups, lookup)


def fleet_submissions(fleet) -> list[Submission]:
    return _asked(_submission_lookups, fleet)


@dataclass(frozen=True, slots=True)
class PlayerEvent:
    """An event a player is registered for that has not started: the builder may judge a list for it,
    on its date and by its retirement setting."""

    pk: int
    name: str
    event_date: date
    retires_resources: bool = True  # the event retires resources by the 2016 table (its organizer may say no)
    banned: frozenset[str] = frozenset()  # the resources the event bans (names or ids)


_player_event_lookups: list[Callable[[object], Iterable[PlayerEvent]]] = []


def register_player_event_lookup(lookup):
    """Add ``lookup(user) -> iterable of PlayerEvent``: the fleet events the user is registered for."""
    return _register(_player_event_lookups, lookup)


def player_events(user) -> list[PlayerEvent]:
    """The fleet events ``user`` is registered for and that have not started, soonest first."""
    if not user.is_authenticated:
        return []
    return sorted(_asked(_player_event_lookups, user), key=lambda event: (event.event_date, event.name, event.pk))
