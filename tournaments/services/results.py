"""Results: players report and confirm, conflicts wait for a judge, staff enter or correct.

Every change writes a :class:`~tournaments.models.ResultChange` with the match's
state before and after, so a disputed table can be reconstructed later.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from .. import selectors
from ..access import OWN_MATCH_REFUSAL, is_finished
from ..errors import ResultChanged, TournamentError
from ..games import event_game
from ..models import Match, MatchSide, MatchStatus, Outcome, ResultChange, ResultReport, Stage
from ..zones import event_moment
from .final_standings import final_results_store
from .notices import notify_result_disputed
from .snapshots import event_snapshot_on_commit

AFTER_FINISH = "corrected after finish"  # the history's action for a correction of a finished event


@transaction.atomic
def result_report(*, match: Match, by, result) -> Match:
    """A player's account of their own match (``result`` is the event's game's result, see
    :mod:`tournaments.games`). Equal to the opponent's report: confirmed; different:
    flagged for a judge; no opponent report yet: waiting for the opponent to confirm."""
    match, sides = lock_match(match)
    seat = seat_of(sides, by)
    if match.status == MatchStatus.CONFIRMED:
        raise TournamentError(gettext("This result is confirmed; ask a judge to change it."))
    game = event_game(match.round.event.game)
    game.check_report(result)
    check_result(match, sides, result)
    before = snapshot(match, sides)
    ResultReport.objects.update_or_create(
        match=match, seat=seat, defaults={"reported_by": by, "result": result.to_json()}
    )
    other = ResultReport.objects.filter(match=match).exclude(seat=seat).first()
    if other is None:
        match.status, action = MatchStatus.REPORTED, "reported"
    elif game.result_from_json(other.result) == result:
        apply_result(match, sides, result)
        match.status, action = MatchStatus.CONFIRMED, "confirmed"
    else:
        match.status, action = MatchStatus.DISPUTED, "disputed"
    match.save(update_fields=["status", "result"])
    record_change(match, sides, by=by, action=action, before=before)
    if action == "disputed":
        notify_result_disputed(match)
    if action == "confirmed":
        event_snapshot_on_commit(match.round.event)
    return match


@transaction.atomic
def result_confirm(*, match: Match, by) -> Match:
    """The opponent agrees with the result reported by the other side."""
    match, sides = lock_match(match)
    seat = seat_of(sides, by)
    other = ResultReport.objects.filter(match=match).exclude(seat=seat).first()
    if other is None:
        raise TournamentError(gettext("Your opponent has not reported a result yet."))
    return result_report(match=match, by=by, result=event_game(match.round.event.game).result_from_json(other.result))


@transaction.atomic
def result_enter(*, match: Match, by, result, opened_at: int | None = None) -> Match:
    """The event's staff set the result: a new one, a correction, or the ruling on a conflict; never
    of a match they play in themselves (:func:`tournaments.access.may_enter_result`).

    ``opened_at`` is the table's version (:func:`tournaments.selectors.result_versions`) the form was
    opened on: when the table has changed since (two desks, one table), nothing is saved and
    :class:`~tournaments.errors.ResultChanged` says who saved what and when, so the newer result is
    replaced only when asked again. Without it the result is saved over whatever is there.

    A correction changes that one table: the others keep their results, the standings follow,
    and a finished event stays finished (its history says the table was corrected after the
    finish, so published standings that moved can be explained; its stored final lines follow).
    Once a top cut is paired, a Swiss correction that would change who made it or their seeds is
    refused (:func:`check_cut_kept`)."""
    match, sides = lock_match(match, correcting=True)
    if any(side.registration.player_id == by.pk for side in sides.values()):
        raise TournamentError(str(OWN_MATCH_REFUSAL))
    if opened_at is not None:
        refuse_if_changed(match, sides, opened_at)
    check_result(match, sides, result)
    before = snapshot(match, sides)
    action = {MatchStatus.DISPUTED: "resolved", MatchStatus.CONFIRMED: "corrected"}.get(match.status, "entered")  # type: ignore[call-overload]
    if is_finished(match.round.event):
        action = AFTER_FINISH
    seeds = cut_seeds_if_paired(match)
    apply_result(match, sides, result)
    check_cut_kept(match, seeds)
    match.status = MatchStatus.CONFIRMED
    match.save(update_fields=["status", "result"])
    record_change(match, sides, by=by, action=action, before=before)
    if action == AFTER_FINISH:
        final_results_store(event=match.round.event)
    event_snapshot_on_commit(match.round.event)
    return match


def cut_seeds_if_paired(match: Match) -> list[int] | None:
    """The top cut's seeds (:func:`tournaments.selectors.cut_seeds`) when ``match`` is a Swiss table
    of an event whose cut is already paired; ``None`` otherwise (nothing to keep)."""
    event = match.round.event
    if match.round.stage != Stage.SWISS or not event.rounds.filter(stage=Stage.CUT).exists():
        return None
    return selectors.cut_seeds(event)


def check_cut_kept(match: Match, seeds: list[int] | None) -> None:
    """Refuse a Swiss correction (already applied, inside the caller's transaction, which the refusal
    rolls back) that changes who made the paired top cut or their seeds: the cut's tables were seeded
    from those standings, and no tool takes a paired round back, so the cut would stand on results
    that no longer hold. A correction that leaves the seeds as they were goes through."""
    if seeds is None:
        return
    after = selectors.cut_seeds(match.round.event)
    if after == seeds:
        return
    names = {row.registration_id: row.name for row in selectors.event_standings(match.round.event).rows}
    raise TournamentError(
        gettext(
            "Correcting %(round)s, table %(table)s would change the top cut it seeded "
            "(seeds now: %(before)s; after the correction: %(after)s). "
            "The top cut is already paired from the Swiss standings and a paired round cannot be taken back "
            "(Pair again and Reopen act only on the latest round, and keep it), so the cut cannot be undone "
            "here; the result stands as it was."
        )
        % {
            "round": match.round.name,
            "table": match.table,
            "before": seed_list(seeds, names),
            "after": seed_list(after, names),
        }
    )


def seed_list(seeds: list[int], names: dict[int, str]) -> str:
    return ", ".join(f"{seed}. {names[pk]}" for seed, pk in enumerate(seeds, start=1))


@transaction.atomic
def build_verify(*, match: Match, by) -> MatchSide:
    """A player signs off on their opponent's build for this round (the WizKids rules ask for it
    at the start of every Battle Round)."""
    match, sides = lock_match(match)
    side = sides[seat_of(sides, by)]
    if match.is_bye:
        raise TournamentError(gettext("A bye has no opponent's build to verify."))
    side.opponent_build_verified_at = timezone.now()
    side.save(update_fields=["opponent_build_verified_at"])
    return side


# What the table's latest change did, as the refusal says it ("Table 4 was reported by anna at 20:14 as ...").
CHANGED_SENTENCES = {
    "reported": gettext_lazy("Table %(table)s was reported by %(name)s at %(time)s as %(result)s"),
    "confirmed": gettext_lazy("Table %(table)s was confirmed by %(name)s at %(time)s as %(result)s"),
    "disputed": gettext_lazy("Table %(table)s was reported by %(name)s at %(time)s as %(result)s"),
}
CHANGED_SAVED = gettext_lazy("Table %(table)s was saved by %(name)s at %(time)s as %(result)s")


def refuse_if_changed(match: Match, sides: dict[int, MatchSide], opened_at: int) -> None:
    """Raise :class:`ResultChanged` when the match's latest result change is not the one its form was
    opened on: "Table 4 was saved by judge at 20:14 as Anna won; replace it?"."""
    latest = match.changes.select_related("changed_by").order_by("-pk").first()
    version = latest.pk if latest else 0
    if version == opened_at:
        return
    event = match.round.event
    game = event_game(event.game)
    current = game.current_result(match)
    said = game.describe(event, sides, current) if current is not None else gettext("no result")
    if latest is None:
        what = gettext("Table %(table)s was cleared as %(result)s") % {"table": match.table, "result": said}
    else:
        what = str(CHANGED_SENTENCES.get(latest.action, CHANGED_SAVED)) % {
            "table": match.table,
            "name": latest.changed_by.get_username(),
            "time": f"{event_moment(event, latest.changed_at):%H:%M}",
            "result": said,
        }
    raise ResultChanged(what, version=version)


def lock_match(match: Match, *, correcting: bool = False) -> tuple[Match, dict[int, MatchSide]]:
    """Lock the match for a change; a finished event's results change only by a staff correction."""
    match = Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
    if is_finished(match.round.event) and not correcting:
        raise TournamentError(gettext("The event is finished; its results are final."))
    sides = MatchSide.objects.filter(match=match).select_related(
        "registration__player", "registration__fleet_version__judged_price"
    )
    return match, {side.seat: side for side in sides}


def seat_of(sides: dict[int, MatchSide], user) -> int:
    for seat, side in sides.items():
        if side.registration.player_id == user.pk:
            return seat
    raise TournamentError(gettext("You can only report your own match."))


def check_result(match: Match, sides: dict[int, MatchSide], result) -> None:
    if match.is_bye:
        raise TournamentError(gettext("A bye needs no result."))
    event = match.round.event
    game = event_game(event.game)
    if Outcome.TIE in game.outcomes(event, sides, result).values() and match.round.stage == Stage.CUT:
        raise TournamentError(gettext("A top-cut match cannot end in a tie."))
    game.check_result(sides, result)


def apply_result(match: Match, sides: dict[int, MatchSide], result) -> None:
    """Write the official result on the match and both sides: each side's outcome, and the points
    the game scores (STAW computes fleet points from what the opponent lost)."""
    event = match.round.event
    game = event_game(event.game)
    for seat, outcome in game.outcomes(event, sides, result).items():
        sides[seat].outcome = outcome
    game.score_sides(event, sides, result)
    match.result = result.to_json()
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
