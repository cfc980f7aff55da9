"""Pairing rounds (Swiss, then the top cut), re-pairing, hand swaps and the round clock."""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from rules.tournament.pairing import pair_round

from .. import selectors
from ..access import cut_refusal, is_finished
from ..errors import RematchWarning, TournamentError
from ..games import event_game
from ..models import (
    Event,
    EventStatus,
    Match,
    MatchSide,
    MatchStatus,
    Outcome,
    Registration,
    ResultReport,
    Round,
    RoundChange,
    Stage,
)
from .locking import lock_event
from .notices import notify_round_paired
from .results import record_change, snapshot
from .snapshots import event_snapshot_on_commit

# Single elimination seeds by table: the best seed meets the worst, and the bracket
# keeps the top two seeds apart until the final.
CUT_SEEDS_BY_TABLE = {
    2: ((1, 2),),
    4: ((1, 4), (2, 3)),
    8: ((1, 8), (4, 5), (3, 6), (2, 7)),
    16: ((1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15)),
}


@transaction.atomic
def round_pair_next(*, event: Event, by) -> Round:
    """Pair the next round once every match of the current one has a confirmed result.

    The event row is locked first, so two staff members pairing at the same moment
    produce one round: the second waits, then finds the new round unfinished.
    """
    event = lock_event(event)
    if not event.is_running:
        raise TournamentError(gettext("Rounds are paired only while the event is running."))
    rounds = list(event.rounds.order_by("number"))
    if rounds and not selectors.round_finished(rounds[-1]):
        raise TournamentError(
            gettext("%(round)s still has matches without a confirmed result.") % {"round": rounds[-1].name}
        )
    stage = next_stage(event, rounds)
    round_ = Round.objects.create(event=event, number=len(rounds) + 1, stage=stage, paired_by=by)
    pair_into(round_, event, previous=rounds[-1] if rounds else None)
    event_snapshot_on_commit(event)
    return round_


@transaction.atomic
def round_repair(*, round_: Round, by) -> Round:
    """Throw the latest round's pairings away and pair it again with another draw among equals."""
    event = lock_event(round_.event)
    round_ = event.rounds.get(pk=round_.pk)
    rounds = list(event.rounds.order_by("number"))
    if round_ != rounds[-1]:
        raise TournamentError(gettext("Only the latest round can be paired again."))
    if has_results(round_):
        raise TournamentError(gettext("Results are already in for this round; it cannot be paired again."))
    RoundChange.objects.create(
        event=event, round_number=round_.number, changed_by=by, action="paired again", removed=removed_tables(round_)
    )
    round_.matches.all().delete()
    round_.pairing_attempt += 1
    round_.paired_by = by
    round_.save(update_fields=["pairing_attempt", "paired_by", "paired_at"])
    pair_into(round_, event, previous=rounds[-2] if len(rounds) > 1 else None)
    event_snapshot_on_commit(event)
    return round_


def removed_tables(round_: Round) -> dict:
    """What pairing again throws away, table by table, for the event's history: the players, the
    state of each table, its reports and every result change it had (a table reopened for
    corrections has some though it waits for a result)."""
    matches = round_.matches.prefetch_related("sides__registration__player", "reports", "changes__changed_by")
    tables = []
    for match in matches.order_by(F("table").asc(nulls_last=True)):
        sides = {side.seat: side for side in match.sides.all()}
        tables.append(
            {
                "table": match.table,
                "players": [sides[seat].registration.name for seat in sorted(sides)],
                **snapshot(match, sides),
                "history": [
                    {
                        "id": change.pk,
                        "action": change.action,
                        "by": change.changed_by.get_username(),
                        "at": change.changed_at.isoformat(),
                        "before": change.before,
                        "after": change.after,
                    }
                    for change in match.changes.all()
                ],
            }
        )
    return {"matches": tables}


@transaction.atomic
def round_swap_players(
    *, round_: Round, first: Registration, second: Registration, allow_rematch: bool = False
) -> Round:
    """Exchange two players' seats by hand. Pairing players who already met needs ``allow_rematch``."""
    event = lock_event(round_.event)
    round_ = event.rounds.get(pk=round_.pk)
    sides = {
        side.registration_id: side
        for side in MatchSide.objects.filter(round=round_, registration__in=[first.pk, second.pk]).select_related(
            "match"
        )
    }
    if len(sides) != 2:
        raise TournamentError(gettext("Both players must be paired in this round."))
    side_a, side_b = sides[first.pk], sides[second.pk]
    if side_a.match_id == side_b.match_id:
        raise TournamentError(gettext("These players are already at the same table."))
    if has_results(round_, matches=(side_a.match, side_b.match)):
        raise TournamentError(gettext("One of these matches already has a result."))
    opponents = {
        side.match_id: side.registration_id
        for side in MatchSide.objects.filter(match__in=(side_a.match_id, side_b.match_id)).exclude(
            registration__in=(first.pk, second.pk)
        )
    }
    new_pairs = [(second.pk, opponents.get(side_a.match_id)), (first.pk, opponents.get(side_b.match_id))]
    met = selectors.opponents_by_registration(event, before_round=round_.number)
    rematches = [(a, b) for a, b in new_pairs if b is not None and b in met.get(a, ())]
    if rematches and not allow_rematch:
        names = {registration.pk: registration.name for registration in event.registrations.select_related("player")}
        raise RematchWarning([(names[a], names[b]) for a, b in rematches])
    for side, registration in ((side_a, second), (side_b, first)):
        side.delete()
        side.pk = None
        side.registration = registration
    MatchSide.objects.bulk_create([side_a, side_b])
    event_snapshot_on_commit(event)
    return round_


@transaction.atomic
def round_clock_start(*, round_: Round) -> Round:
    require_clock(round_)
    round_.clock_started_at = timezone.now()
    round_.save(update_fields=["clock_started_at"])
    return round_


@transaction.atomic
def round_clock_reset(*, round_: Round) -> Round:
    require_clock(round_)
    round_.clock_started_at = None
    round_.save(update_fields=["clock_started_at"])
    return round_


def require_clock(round_: Round) -> None:
    """The round clock runs only while its event does."""
    if not lock_event(round_.event).is_running:
        raise TournamentError(gettext("The round clock runs only while the event is running."))


def next_stage(event: Event, rounds: list[Round]) -> str:
    """The stage of the next round; refused once every round has been played."""
    stage = selectors.next_stage(event, rounds)
    if stage is None:
        raise TournamentError(gettext("Every round has been played: finish the event."))
    return stage


def pair_into(round_: Round, event: Event, previous: Round | None) -> None:
    if round_.stage == Stage.CUT:
        pairs, byes = cut_pairs(event, previous), {}
    else:
        pairs, byes = swiss_pairs(event, round_)
    game = event_game(event.game)
    pairs, side_of = game.seat_pairs(event, round_, pairs)
    registrations = {r.pk: r for r in event.registrations.all()}
    matches = Match.objects.bulk_create(
        [Match(round=round_, table=table) for table in range(1, len(pairs) + 1)]
        + [Match(round=round_, table=None, status=MatchStatus.CONFIRMED, bye_reason=why) for why in byes.values()]
    )
    sides = []
    for match, pair in zip(matches, [*pairs, *((bye,) for bye in byes)], strict=True):
        for seat, registration_id in enumerate(pair, start=1):
            side = MatchSide(
                match=match,
                round=round_,
                registration=registrations[registration_id],
                seat=seat,
                side="" if match.is_bye else side_of.get(registration_id, ""),
            )
            if match.is_bye:
                side.outcome, side.fleet_points = Outcome.WIN, game.bye_fleet_points(event)
            sides.append(side)
    MatchSide.objects.bulk_create(sides)
    notify_round_paired(round_)


def swiss_pairs(event: Event, round_: Round) -> tuple[list[tuple[int, int]], dict[int, str]]:
    """Pairs by table and byes with the rule that gave each: granted first-round byes, then the
    pairing engine's (at most one: fewest byes, lowest match points, lowest on the tie-breakers,
    then the seeded draw; see docs/events.md)."""
    active = list(event.registrations.filter(checked_in=True, dropped_at=None))
    granted = [r.pk for r in active if round_.number == 1 and r.first_round_bye]
    to_pair = [r for r in active if r.pk not in granted]
    if len(to_pair) < 2 and not granted:
        raise TournamentError(gettext("Fewer than two players are left to pair."))
    records = selectors.player_records(event, to_pair)
    sides = event_game(event.game).pairing_sides(event, to_pair)
    if sides:
        records = [replace(record, side=sides.get(int(record.id))) for record in records]
    result = pair_round(records, seed=pairing_seed(event, round_))
    pairs = [(int(a), int(b)) for a, b in result.pairs]
    byes = dict.fromkeys(granted, gettext("round 1 bye granted by the organizer"))
    if result.bye is not None:
        reasons = selectors.bye_reasons(event, to_pair, int(result.bye))
        byes[int(result.bye)] = event_game(event.game).describe_bye(reasons)
    return pairs, byes


def cut_pairs(event: Event, previous: Round) -> list[tuple[int, int]]:
    """The first cut round seeds the top of the Swiss standings; later ones pair winners table by table."""
    if previous.stage == Stage.SWISS:
        seeds = selectors.cut_seeds(event)
        still_in = gettext("only %(count)s are still in (not dropped)") % {"count": len(seeds)}
        if why := cut_refusal(event.top_cut, len(seeds), still_in):
            raise TournamentError(
                gettext("%(why)s The cut cannot be paired; finish the event on the Swiss standings.") % {"why": why}
            )
        return [(seeds[a - 1], seeds[b - 1]) for a, b in CUT_SEEDS_BY_TABLE[event.top_cut]]
    winners = list(
        MatchSide.objects.filter(round=previous, outcome=Outcome.WIN)
        .order_by("match__table")
        .values_list("registration_id", flat=True)
    )
    return list(zip(winners[::2], winners[1::2], strict=True))


def pairing_seed(event: Event, round_: Round) -> int:
    """Reproducible per event, round and attempt, so a re-pair draws differently among equals."""
    return event.pk * 10_000 + round_.number * 100 + round_.pairing_attempt


def has_results(round_: Round, matches=None) -> bool:
    """Whether any real match (not a bye) of the round already has a report or a result."""
    tables = Match.objects.filter(round=round_, table__isnull=False)
    if matches is not None:
        tables = tables.filter(pk__in=[m.pk for m in matches])
    return (
        tables.exclude(status=MatchStatus.AWAITING).exists() or ResultReport.objects.filter(match__in=tables).exists()
    )


@transaction.atomic
def round_reopen(*, round_: Round, by) -> Round:
    """Reopen the latest round's results for correction: its confirmed tables wait for a result
    again (the players report anew, or the staff enter the corrected result), and a finished
    event runs again. Nothing is thrown away: the players' reports stay, and each table's
    history records the result it had and who reopened it."""
    event = lock_event(round_.event)
    round_ = event.rounds.get(pk=round_.pk)
    if event.rounds.filter(number__gt=round_.number).exists():
        raise TournamentError(gettext("Only the latest round can be reopened."))
    tables = list(
        Match.objects.select_for_update().filter(round=round_, table__isnull=False, status=MatchStatus.CONFIRMED)
    )
    if not tables:
        raise TournamentError(gettext("%(round)s has no confirmed result to reopen.") % {"round": round_.name})
    for match in tables:
        sides = {side.seat: side for side in match.sides.select_related("registration__player")}
        before = snapshot(match, sides)
        match.status = MatchStatus.REPORTED if match.reports.exists() else MatchStatus.AWAITING
        match.save(update_fields=["status"])
        record_change(match, sides, by=by, action="reopened", before=before)
    if is_finished(event):
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
    event_snapshot_on_commit(event)
    return round_
