"""The lists players submitted: which the viewer may see, and whether a fleet changed since."""

from __future__ import annotations

from dataclasses import dataclass

from fleets.decks.selectors import DeckView, deck_view
from fleets.models import Deck

from ..access import Viewer, may_see_list, paired_opponents
from ..models import Event, Registration, SubmittedDeck
from .events import event_registrations


def fleet_changed_since_submission(registration: Registration | None) -> bool:
    """Whether the player changed their fleet after submitting it (a new version, or unsaved edits in
    the builder): the event keeps the submitted version, so the player is told to submit again if
    they mean to play the new list."""
    if registration is None or registration.fleet_version is None:
        return False
    fleet = registration.fleet_version.fleet
    current = fleet.current_version
    return fleet.draft is not None or (current is not None and current.pk != registration.fleet_version_id)


@dataclass(frozen=True, slots=True)
class FleetRow:
    registration: Registration
    visible: bool


def event_fleets(event: Event, viewer: Viewer) -> list[FleetRow]:
    """Each registration with whether the viewer may see its list (:func:`tournaments.access.may_see_list`),
    in two queries whatever the field's size."""
    opponents = paired_opponents(event, viewer.user)
    return [
        FleetRow(registration, may_see_list(event=event, viewer=viewer, registration=registration, opponents=opponents))
        for registration in event_registrations(event)
    ]


def submitted_deck_view(submitted: SubmittedDeck, game: str) -> DeckView:
    """The fleets app's view of a submitted deck copy (rows, totals, the rules' verdict), as the builder shows it."""
    return deck_view(Deck(game=game, name=submitted.name, content=submitted.content, code=submitted.code))
