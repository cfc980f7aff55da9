"""The games' demo events (``seed_demo``): an event of a deck game, its players entered with their lists,
played round by round through the same services the pages use.

A game's demo hook (``games/<game>/demo.py``) builds its decks and says how each
table's game ended; this module does the rest. Nothing is written when the event
already exists, so ``seed_demo`` can run again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date as Date

from django.db import transaction

from fleets.models import Deck

from ..models import Event, EventStatus, Match
from .decks import registration_submit_decks
from .events import event_create, event_finish, event_start
from .registrations import registration_add, registration_check_in
from .results import result_enter
from .rounds import round_pair_next


@transaction.atomic
def demo_deck_event(
    *,
    organizer,
    judges: Sequence = (),
    name: str,
    game: str,
    format: str,
    date: Date,
    venue: str,
    entries: Sequence[tuple[object, Mapping[str, Deck]]],
    result_of: Callable[[Match], object] | None = None,
    rounds: int = 0,
    planned_rounds: int | None = None,
    finish: bool = False,
    log: Callable[[str], None] = print,
) -> Event:
    """The event ``name``: created with ``entries`` (player, decks by slot) registered and checked in;
    with ``result_of`` started and ``rounds`` rounds paired and played (``result_of(match)`` is the game's
    result of a table), then finished when ``finish``. An event of that name already there is returned as it is."""
    event = Event.objects.filter(name=name).first()
    if event is not None:
        return event
    event = event_create(
        organizer=organizer,
        judges=list(judges),
        name=name,
        game=game,
        format=format,
        date=date,
        venue=venue,
        planned_rounds=planned_rounds,
    )
    for player, decks in entries:
        registration = registration_add(event=event, player=player, added_by=organizer)
        registration_submit_decks(registration=registration, decks=decks)
        registration_check_in(registration=registration)
    log(f"Created the demo event {event.name!r} with {len(entries)} players and their lists.")
    if result_of is None:
        return event
    event = event_start(event=event)
    for _ in range(rounds):
        round_ = round_pair_next(event=event, by=organizer)
        for match in round_.matches.filter(table__isnull=False).prefetch_related("sides__registration__player"):
            result_enter(match=match, by=organizer, result=result_of(match))
    if finish:
        event = event_finish(event=event)
    event.refresh_from_db()
    state = "finished" if event.status == EventStatus.FINISHED else f"{rounds} round{'s' * (rounds != 1)} played"
    log(f"Played the demo event {event.name!r}: {state}.")
    return event
