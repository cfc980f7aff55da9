"""Results: players report and confirm, conflicts wait for a judge, staff enter or correct.

Every change writes a :class:`~tournaments.models.ResultChange` with the match's
state before and after, so a disputed table can be reconstructed later.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import scoring
from ..errors import TournamentError
from ..match_result import SEATS, MatchResult
from ..models import EventStatus, Match, MatchSide, MatchStatus, ResultChange, ResultReport, Stage


@transaction.atomic
def result_report(*, match: Match, by, result: MatchResult) -> Match:
    """A player's account of their own match. Equal to the opponent's report: confirmed; different:
    flagged for a judge; no opponent report yet: waiting for the opponent to confirm."""
    match, sides = lock_match(match)
    seat = seat_of(sides, by)
    if match.status == MatchStatus.CONFIRMED:
        raise TournamentError("This result is confirmed; ask a judge to change it.")
    check_result(match, sides, result)
    before = snapshot(match, sides)
    ResultReport.objects.update_or_create(
        match=match, seat=seat, defaults={"reported_by": by, "result": result.to_json()}
    )
    other = ResultReport.objects.filter(match=match).exclude(seat=seat).first()
    if other is None:
        match.status, action = MatchStatus.REPORTED, "reported"
    elif MatchResult.from_json(other.result) == result:
        apply_result(match, sides, result)
        match.status, action = MatchStatus.CONFIRMED, "confirmed"
    else:
        match.status, action = MatchStatus.DISPUTED, "disputed"
    match.save(update_fields=["status"])
    record_change(match, sides, by=by, action=action, before=before)
    return match


@transaction.atomic
def result_confirm(*, match: Match, by) -> Match:
    """The opponent agrees with the result reported by the other side."""
    match, sides = lock_match(match)
    seat = seat_of(sides, by)
    other = ResultReport.objects.filter(match=match).exclude(seat=seat).first()
    if other is None:
        raise TournamentError("Your opponent has not reported a result yet.")
    return result_report(match=match, by=by, result=MatchResult.from_json(other.result))


@transaction.atomic
def result_enter(*, match: Match, by, result: MatchResult) -> Match:
    """The event's staff set the result: a new one, a correction, or the ruling on a conflict."""
    match, sides = lock_match(match)
    check_result(match, sides, result)
    before = snapshot(match, sides)
    action = {MatchStatus.DISPUTED: "resolved", MatchStatus.CONFIRMED: "corrected"}.get(match.status, "entered")
    apply_result(match, sides, result)
    match.status = MatchStatus.CONFIRMED
    match.save(update_fields=["status"])
    record_change(match, sides, by=by, action=action, before=before)
    return match


@transaction.atomic
def build_verify(*, match: Match, by) -> MatchSide:
    """A player signs off on their opponent's build for this round (the WizKids rules ask for it
    at the start of every Battle Round)."""
    match, sides = lock_match(match)
    side = sides[seat_of(sides, by)]
    if match.is_bye:
        raise TournamentError("A bye has no opponent's build to verify.")
    side.opponent_build_verified_at = timezone.now()
    side.save(update_fields=["opponent_build_verified_at"])
    return side


def lock_match(match: Match) -> tuple[Match, dict[int, MatchSide]]:
    match = Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
    if match.round.event.status == EventStatus.FINISHED:
        raise TournamentError("The event is finished; its results are final.")
    sides = MatchSide.objects.filter(match=match).select_related("registration__player", "registration__fleet_version")
    return match, {side.seat: side for side in sides}


def seat_of(sides: dict[int, MatchSide], user) -> int:
    for seat, side in sides.items():
        if side.registration.player_id == user.pk:
            return seat
    raise TournamentError("You can only report your own match.")


def check_result(match: Match, sides: dict[int, MatchSide], result: MatchResult) -> None:
    if match.is_bye:
        raise TournamentError("A bye needs no result.")
    if result.winner is None and match.round.stage == Stage.CUT:
        raise TournamentError("A top-cut match cannot end in a tie.")
    for seat in SEATS:
        scoring.check_losses(sides[seat].registration.fleet_version, result.lost_by(seat))


def apply_result(match: Match, sides: dict[int, MatchSide], result: MatchResult) -> None:
    """Write the official result on both sides; fleet points are computed from what the opponent lost."""
    event = match.round.event
    for seat, side in sides.items():
        opponent = sides[3 - seat]
        side.outcome = result.outcome(seat)
        side.losses = result.lost_by(seat).to_json()
        side.battle_points = result.battle_points_of(seat)
        side.fleet_points = scoring.fleet_points(
            event=event, opponent_version=opponent.registration.fleet_version, opponent_losses=result.lost_by(3 - seat)
        )
    MatchSide.objects.bulk_update(sides.values(), ["outcome", "losses", "fleet_points", "battle_points"])


def snapshot(match: Match, sides: dict[int, MatchSide]) -> dict:
    """The match's result state as plain JSON, for the audit history."""
    reports = {str(r.seat): r.result for r in ResultReport.objects.filter(match=match)}
    return {
        "status": match.status,
        "sides": {
            str(seat): {
                "player": side.registration.player.get_username(),
                "outcome": side.outcome,
                "fleet_points": side.fleet_points,
                "battle_points": side.battle_points,
                "losses": side.losses,
            }
            for seat, side in sides.items()
        },
        "reports": reports,
    }


def record_change(match: Match, sides: dict[int, MatchSide], *, by, action: str, before: dict) -> None:
    ResultChange.objects.create(match=match, changed_by=by, action=action, before=before, after=snapshot(match, sides))
