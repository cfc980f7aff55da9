"""Submitting decks for an event of a deck game (Wing Commander, Starship Command, Spearpoint)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from fleets.models import Deck

from ..errors import FleetRefused, TournamentError
from ..games import event_game
from ..games.decks import DeckGame
from ..models import Registration, SubmittedDeck
from .audit import record_submission, submission_snapshot
from .registrations import check_lists_may_change


@transaction.atomic
def registration_submit_decks(*, registration: Registration, decks: Mapping[str, Deck], by=None) -> Registration:
    """Submit the player's own ``decks`` by slot (``{"terran": ..., "kilrathi": ...}`` for Wing Commander,
    ``{"": deck}`` where the game takes one list).

    Every deck is judged against the event's format and the game's catalog; if any
    is not legal, :class:`~tournaments.errors.FleetRefused` lists every problem of
    every deck and nothing is submitted. Otherwise the event keeps a copy of each
    list with its verification code, replacing what the player submitted before.
    The same deadline and check-in rules as for fleets apply; ``by`` is who submits, as there.
    """
    registration = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=registration.pk)
    event = registration.event
    game = event_game(event.game)
    if not isinstance(game, DeckGame):
        raise TournamentError(gettext("This event takes fleets from the fleet builder, not decks."))
    if set(decks) != set(game.slots):
        raise TournamentError(
            gettext("Submit %(lists)s: %(slots)s.")
            % {"lists": game.list_noun, "slots": ", ".join(game.slot_label(slot) for slot in game.slots)}
        )
    current = Deck.objects.in_bulk([deck.pk for deck in decks.values()])  # judged as stored now
    decks = {slot: current[deck.pk] for slot, deck in decks.items()}
    for deck in decks.values():
        if deck.owner_id != registration.player_id:
            raise TournamentError(gettext("You can only submit decks of the registered player's own."))
        if deck.game != event.game:
            raise TournamentError(gettext("%(deck)s is a deck of another game.") % {"deck": deck.name})
    check_lists_may_change(registration)
    problems = [
        gettext("%(slot)s (%(deck)s): %(problem)s")
        % {"slot": game.slot_label(slot), "deck": deck.name, "problem": problem}
        if len(game.slots) > 1
        else problem
        for slot, deck in decks.items()
        for problem in game.deck_problems(event.format, slot, deck.content)
    ]
    if problems:
        raise FleetRefused(gettext("This is not legal for the event, so nothing was submitted."), problems)
    before = submission_snapshot(registration)
    for slot, deck in decks.items():
        SubmittedDeck.objects.update_or_create(
            registration=registration,
            slot=slot,
            defaults={"deck": deck, "name": deck.name, "content": deck.content, "code": deck.code},
        )
    registration.fleet_submitted_at = timezone.now()
    registration.save(update_fields=["fleet_submitted_at"])
    record_submission(registration, by=by or registration.player, before=before)
    return registration
