"""The games' demo events (``seed_demo``): an event of a deck game, its players entered with their lists,
played round by round through the same services the pages use.

A game's demo hook (``games/<game>/demo.py``) builds its decks and says how each
table's game ended; this module does the rest. Nothing is written when the event
already exists, so ``seed_demo`` can run again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date as Date
from datetime import timedelta

from django.db import transaction

from fleets.models import Deck

from ..formats import format_choices, split_format_choice
from ..models import Event, EventStatus, Match
from .decks import registration_submit_decks
from .events import event_create, event_finish, event_start
from .registrations import registration_add, registration_check_in
from .results import result_enter
from .rounds import round_pair_next


def demo_store_events(*, stores: Sequence, log: Callable[[str], None] = print) -> None:
    """The demo stores' events: the first store holds every demo event its organizers made without a store;
    the second gets an event of its own, run by its organizer, which the first store's organizer cannot run."""
    home, other = stores
    home_organizers = home.roles.current().filter(role="organizer").values("person")
    moved = Event.objects.filter(store__isnull=True, organizer__in=home_organizers).update(store=home)
    if moved:
        log(f"Held {moved} demo event{'s' * (moved != 1)} at {home.name}.")
    if other.events.exists():
        return
    organizer = other.roles.current().get(role="organizer").person
    game, format_key = split_format_choice(format_choices()[0][1][0][0])
    event = event_create(
        organizer=organizer,
        judges=[role.person for role in other.roles.current().filter(role="judge")],
        name=f"{other.name} League Night",
        game=game,
        format=format_key,
        date=Date.today() + timedelta(days=7),
        store=other,
    )
    log(f"Created the demo event {event.name!r} at {other.name}.")


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
