"""The round page's facts: its tables with each seat's points and result, the desk's result forms, and
what its viewer may do there.

The template asks these facts and never compares a status itself; who may do what is decided by
:mod:`tournaments.access`. A desk update (htmx) reads the same facts for one table, and the round's
counts are always the whole round's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..access import Viewer, is_finished, may_enter_result, may_open_match, may_reopen, runs_rounds
from ..games import EventGame, event_game
from ..models import Event, Match, MatchSide, MatchStatus, Round
from .desk import EventNight, event_night
from .rounds import load_for_desk, result_versions, round_matches, round_table_statuses, tables_without_lists
from .standings import match_points_before


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A player's line at a table of the round page: their points before the round, their result."""

    side: MatchSide
    points_before: int
    result: str


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table of the round page: its seats, whether the viewer may open its match page, whether it is
    the staff member's own table (no form: they report it like a player), and the staff's result
    form while it takes one, with the table's version it was opened on."""

    match: Match
    seats: list[SeatRow]
    can_open: bool
    own_table: bool = False
    entry_form: object = None
    version: int | None = None
    without_lists: tuple[str, ...] = ()

    @property
    def disputed(self) -> bool:
        """The players' reports differ: a judge decides."""
        return self.match.status == MatchStatus.DISPUTED


@dataclass(frozen=True, slots=True)
class RoundPage:
    """What the round page shows, and what its viewer may do on it."""

    game: EventGame
    round: Round
    tables: list[TableRow]
    is_latest: bool
    results_missing: int
    disputed: int
    has_confirmed: bool
    any_result: bool
    runs_rounds: bool  # the staff follow the round's results and pair the next (tournaments.access.runs_rounds)
    may_pair_again: bool  # the latest round of a running event, before any result: pair it again, swap players
    may_reopen: bool
    event_finished: bool  # a correction keeps the event finished
    night: EventNight | None


def round_page(event: Event, viewer: Viewer, round_: Round, *, refused=None, only: int | None = None) -> RoundPage:
    """The round page for ``viewer``. The staff of the latest round of a running event get a result form
    per waiting table (the game's, its fields prefixed by the table); ``refused`` is a bound form the desk
    turned down, shown again as it was sent. With ``only`` (a desk update) the tables hold that match
    alone."""
    number = round_.number
    matches = round_matches(round_, match_pk=only)
    statuses = round_table_statuses(round_)
    points = match_points_before(event, number)
    game = event_game(event.game)
    is_latest = not event.rounds.filter(number__gt=number).exists()
    forms, versions, listless = {}, {}, {}
    if runs_rounds(viewer, event) and is_latest:
        round_.event = event  # the forms read the event through the round: no query per table
        # a staff member's own table takes no form here: they report it on its match page, like a player;
        # a refused entry stays, even on a table another desk has just saved (it asks to replace that)
        refused_pk = refused.match_pk if refused is not None else None
        waiting = [
            match
            for match in matches
            if not match.is_bye and (not match.has_result or match.pk == refused_pk) and may_enter_result(viewer, match)
        ]
        load_for_desk(waiting)
        for match in waiting:
            match.round = round_
        forms = game.desk_forms(waiting)
        for match in waiting:
            forms[match.pk].prefix = f"table-{match.table}"
        versions = result_versions(waiting)
        if refused is not None and refused.match_pk in forms:
            forms[refused.match_pk] = refused
        listless = tables_without_lists(game, waiting)
    confirmed = statuses[MatchStatus.CONFIRMED]
    any_result = statuses.total() > statuses[MatchStatus.AWAITING]
    return RoundPage(
        game=game,
        round=round_,
        tables=[
            TableRow(
                match=match,
                seats=[
                    SeatRow(side, points.get(side.registration_id, 0), game.side_result(side))
                    for side in match.sides.all()
                ],
                can_open=may_open_match(viewer, match),
                own_table=viewer.is_staff and not match.is_bye and not may_enter_result(viewer, match),
                entry_form=forms.get(match.pk),
                version=versions.get(match.pk),
                without_lists=tuple(listless.get(match.pk, ())),
            )
            for match in matches
        ],
        is_latest=is_latest,
        results_missing=statuses.total() - confirmed,
        disputed=statuses[MatchStatus.DISPUTED],
        has_confirmed=confirmed > 0,
        any_result=any_result,
        runs_rounds=runs_rounds(viewer, event),
        may_pair_again=runs_rounds(viewer, event) and is_latest and not any_result,
        may_reopen=is_latest and confirmed > 0 and may_reopen(viewer, event),
        event_finished=is_finished(event),
        night=event_night(event) if viewer.is_staff and is_latest else None,
    )
