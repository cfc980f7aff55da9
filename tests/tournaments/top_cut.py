"""A played event with a top 4, built through the services: what the cut's tests start from."""

from datetime import date, time

from games.attack_wing.results import MatchResult
from stores.services import store_create
from tests.tournaments.factories import EventFactory
from tournaments import selectors
from tournaments.models import Match, MatchStatus
from tournaments.services import event_finish, event_start, result_enter, round_pair_next


def finish_round(round_, winner_seat):
    for match in Match.objects.filter(round=round_).exclude(status=MatchStatus.CONFIRMED):
        result_enter(match=match, by=round_.event.organizer, result=MatchResult(winner_seat))


def names(match) -> list[str]:
    return [side.registration.name for side in match.sides.order_by("seat").select_related("registration__player")]


def pair_semifinals(enter):
    """Eight players, two Swiss rounds won by seat 1, then the top 4's semifinals paired, unplayed;
    ``(event, semifinal round)``."""
    event = EventFactory(planned_rounds=2, top_cut=4)
    for _ in range(8):
        enter(event)
    event_start(event=event)
    for _ in range(2):
        finish_round(round_pair_next(event=event, by=event.organizer), 1)
    return event, round_pair_next(event=event, by=event.organizer)


def play_top_4(enter):
    """:func:`pair_semifinals`, then the top 4 won each time by seat 2 (the lower seed) and the event
    finished; ``(event, Swiss names best first, semifinal round, final round)``."""
    event, semi = pair_semifinals(enter)
    swiss = [row.name for row in selectors.event_standings(event).rows]
    finish_round(semi, 2)
    final = round_pair_next(event=event, by=event.organizer)
    finish_round(final, 2)
    event_finish(event=event)
    return event, swiss, semi, final


def new_york_top_4(organizer, **fields):
    """A Top 4 event on 19 December 2026, 19:00-23:00, at a store in New York that ``organizer`` runs."""
    store = store_create(
        name="Empire Games", town="New York", timezone="America/New_York", first_organizer=organizer, by=organizer
    )
    return EventFactory(
        name="Winter Open",
        organizer=organizer,
        store=store,
        date=date(2026, 12, 19),
        start_time=time(19, 0),
        end_time=time(23, 0),
        planned_rounds=2,
        top_cut=4,
        **fields,
    )
