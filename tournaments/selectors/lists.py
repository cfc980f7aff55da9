"""The lists players submitted: which the viewer may see, and whether a fleet changed since."""

from __future__ import annotations

from dataclasses import dataclass

from fleets.decks.selectors import DeckView, deck_view
from fleets.models import Deck
from fleets.selectors import PriceToday, VersionPrice, load_catalog, price_today, version_price

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
    """A registration's line of the Fleets table. ``price`` is its submitted version's price as judged (for
    a list the viewer may see); ``price_today`` what today's cards would charge instead, for the staff only."""

    registration: Registration
    visible: bool
    price: VersionPrice | None = None
    price_today: PriceToday | None = None


def event_fleets(event: Event, viewer: Viewer) -> list[FleetRow]:
    """Each registration with whether the viewer may see its list (:func:`tournaments.access.may_see_list`)
    and, where they may, the price its version was judged at: a few queries whatever the field's size
    (for the staff, who also see what today's cards would charge, the card catalog is read once)."""
    opponents = paired_opponents(event, viewer.user)
    registrations = event_registrations(event)
    fleets = any(registration.fleet_version_id for registration in registrations)
    today = load_catalog() if viewer.is_staff and fleets else None

    def row(registration: Registration) -> FleetRow:
        visible = may_see_list(event=event, viewer=viewer, registration=registration, opponents=opponents)
        if not visible or registration.fleet_version is None:
            return FleetRow(registration, visible)
        price = version_price(registration.fleet_version, catalog=today)
        return FleetRow(registration, True, price, None if today is None else price_today(price, catalog=today))

    return [row(registration) for registration in registrations]


def submitted_deck_view(submitted: SubmittedDeck, game: str) -> DeckView:
    """The fleets app's view of a submitted deck copy (rows, totals, the rules' verdict), as the builder shows it."""
    return deck_view(Deck(game=game, name=submitted.name, content=submitted.content, code=submitted.code))


def registration_lists(registrations: list[Registration]) -> dict[int, tuple[str, str]]:
    """``registration pk -> (list name, faction or side)`` for STAW fleets and deck games' decks."""
    found = {r.pk: ("", "") for r in registrations}
    for registration in Registration.objects.filter(pk__in=found).select_related("fleet_version__fleet"):
        if registration.fleet_version_id:
            found[registration.pk] = (registration.fleet_version.fleet.name, registration.fleet_version.fleet.faction)
    for registration in Registration.objects.filter(pk__in=found, decks__isnull=False).prefetch_related("decks"):
        decks = list(registration.decks.all())
        found[registration.pk] = (" / ".join(d.name for d in decks), " / ".join(d.slot for d in decks if d.slot))
    return found
