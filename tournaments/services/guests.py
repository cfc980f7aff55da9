"""Walk-ins: players the staff enter by name alone, and the lists the staff enter for them.

A walk-in is an account that cannot log in (:func:`accounts.services.guest_create`),
so pairing, results, standings, printouts and exports treat them as anyone else.
Their lists are imported from what they bring (a Utopia link or text, a Space Dock
file, a deck list) into fleets or decks they own, and submitted as theirs; the
history names the staff member who entered them.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext

from accounts.services import AccountError, guest_create
from fleets.decks.services import DeckError, deck_import
from fleets.services import MAX_NAME_LENGTH, FleetError, fleet_import

from ..errors import TournamentError
from ..games import event_game
from ..models import Event, Registration
from .decks import registration_submit_decks
from .registrations import registration_add, registration_submit_fleet


@transaction.atomic
def registration_add_walk_in(*, event: Event, name: str, email: str = "", added_by, club: str = "") -> Registration:
    """Register a walk-in by ``name`` (and the ``email`` they gave, with which they can claim the
    account later) as the staff register anyone (:func:`registration_add`): a late entry is checked in.
    Nothing is made when the registration is refused."""
    try:
        player = guest_create(name=name, email=email, created_by=added_by)
    except AccountError as refused:
        raise TournamentError(str(refused)) from None
    return registration_add(event=event, player=player, added_by=added_by, club=club)


def _require_walk_in(registration: Registration) -> Registration:
    registration = Registration.objects.select_related("player__guest", "event").get(pk=registration.pk)
    if not registration.walk_in:
        raise TournamentError(
            gettext("%(name)s has an account and submits their own list.") % {"name": registration.name}
        )
    return registration


@transaction.atomic
def walk_in_submit_fleet(
    *,
    registration: Registration,
    data: bytes,
    by,
    fmt: str | None = None,
    squad: int = 0,
    choices: dict[int, str] | None = None,
) -> Registration:
    """Import the walk-in's fleet from ``data`` (any format :func:`fleets.services.fleet_import` reads, with the
    organizer's ``choices`` for its doubtful lines) as a fleet of theirs, named after them and the event, and
    submit it, replacing what they had submitted, under the rules any submission follows. A fleet that cannot be
    read or is not legal leaves nothing behind."""
    registration = _require_walk_in(registration)
    name = f"{registration.name} at {registration.event.name}"[:MAX_NAME_LENGTH]  # not the day's date
    try:
        fleet = fleet_import(owner=registration.player, data=data, name=name, fmt=fmt, squad=squad, choices=choices)
    except FleetError as refused:
        raise TournamentError(refused.message) from None
    return registration_submit_fleet(registration=registration, fleet=fleet, by=by)


@transaction.atomic
def walk_in_submit_decks(*, registration: Registration, lists: Mapping[str, bytes], by) -> Registration:
    """Import the walk-in's lists by slot (each a list file or text, as the deck import reads) as
    decks of theirs and submit them together (:func:`registration_submit_decks`); any refusal
    leaves nothing behind."""
    registration = _require_walk_in(registration)
    game = event_game(registration.event.game)
    decks = {}
    for slot, data in lists.items():
        try:
            decks[slot] = deck_import(owner=registration.player, game=registration.event.game, data=data)
        except DeckError as refused:
            raise TournamentError(
                gettext("%(slot)s: %(problem)s") % {"slot": game.slot_label(slot), "problem": refused.message}
            ) from None
    return registration_submit_decks(registration=registration, decks=decks, by=by)
