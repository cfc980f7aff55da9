"""What the event's staff can do now: pair the next round, finish, who would be left out."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import gettext

from ..errors import TournamentError
from ..games import event_game, seats_of
from ..models import Event, EventStatus, Match, MatchStatus, Round, Stage, SubmissionChange
from ..models.submissions import SELF_DROP


def next_stage(event: Event, rounds: list[Round]) -> str | None:
    """Swiss until the planned rounds are played, then the top cut (if any) until one player is
    left; None once every round has been played."""
    swiss_played = sum(1 for r in rounds if r.stage == Stage.SWISS)
    if swiss_played < (event.planned_rounds or 0):
        return Stage.SWISS
    cut_rounds = [r for r in rounds if r.stage == Stage.CUT]
    if event.top_cut and (not cut_rounds or cut_rounds[-1].matches.count() > 1):
        return Stage.CUT
    return None


class EventNight(NamedTuple):
    """The state of a running event as the desk sees it, and what may be done now."""

    latest: Round | None  # the latest round paired
    results_missing: int  # tables of the latest round without a confirmed result
    next_number: int | None  # the number the next round gets, None once every round is played
    next_stage: str | None
    can_pair: bool
    can_finish: bool
    self_drops: tuple[str, ...] = ()  # players who dropped themselves since the latest pairing (still dropped)

    @property
    def all_played(self) -> bool:
        return self.next_stage is None and self.latest is not None and not self.results_missing


def event_night(event: Event, rounds: list[Round] | None = None) -> EventNight:
    """``rounds``: the event's rounds in order with their ``open_matches`` (:func:`.events.event_rounds`),
    when the page has read them already; else they are read here."""
    if rounds is None:
        rounds = list(event.rounds.order_by("number")) if event.has_started else []
        latest = rounds[-1] if rounds else None
        missing = Match.objects.filter(round=latest).exclude(status=MatchStatus.CONFIRMED).count() if latest else 0
    else:
        latest = rounds[-1] if rounds else None
        missing = latest.open_matches if latest is not None else 0
    stage = next_stage(event, rounds) if event.has_started else Stage.SWISS
    running = event.status == EventStatus.RUNNING
    return EventNight(
        latest=latest,
        results_missing=missing,
        next_number=len(rounds) + 1 if stage is not None else None,
        next_stage=stage,
        can_pair=running and not missing and stage is not None,
        can_finish=running and latest is not None and not missing,
        self_drops=self_drops_since(event, latest) if running else (),
    )


def self_drops_since(event: Event, latest: Round | None) -> tuple[str, ...]:
    """Who dropped themselves since ``latest`` was paired (since the start before round 1) and has not
    been taken back: the desk is told before it pairs the next round, which leaves them out."""
    drops = SubmissionChange.objects.filter(event=event, action=SELF_DROP)
    if latest is not None:
        drops = drops.filter(changed_at__gte=latest.paired_at)
    dropped = event.registrations.filter(player__in=drops.values("player"), dropped_at__isnull=False)
    return tuple(registration.name for registration in dropped.select_related("player").order_by("player__username"))


def absent_players(event: Event) -> list[str]:
    """Registered players who are not checked in (and have not dropped): pairing leaves them out."""
    return [
        registration.name
        for registration in event.registrations.filter(checked_in=False, dropped_at=None)
        .select_related("player")
        .order_by("player__username")
    ]


class FinishSummary(NamedTuple):
    """What finishing the event means, for the organizer to confirm."""

    rounds_played: int
    swiss_played: int
    swiss_planned: int
    top_cut_due: bool  # a top cut is set and not played to the end


def finish_summary(event: Event) -> FinishSummary:
    rounds = list(event.rounds.order_by("number"))
    stage = next_stage(event, rounds)
    return FinishSummary(
        rounds_played=len(rounds),
        swiss_played=sum(1 for r in rounds if r.stage == Stage.SWISS),
        swiss_planned=event.planned_rounds or 0,
        top_cut_due=stage == Stage.CUT,
    )


class ResultPreview(NamedTuple):
    """What a table's result form would save, in words (``lines``), or why it would be refused."""

    lines: list[str]
    problems: list[str]


def result_preview(event: Event, match: Match, form) -> ResultPreview:
    """The desk's form read as the result it would save: the game's own description and points
    (the scoring code the result itself goes through), or what is missing or wrong."""
    if not form.is_valid():
        if "winner" in form.errors and len(form.errors) == 1:
            return ResultPreview([], [gettext("Choose the winner to see the points.")])
        return ResultPreview([], [message for errors in form.errors.values() for message in errors])
    game = event_game(event.game)
    sides = seats_of(match)
    result = form.result()
    try:
        game.check_result(sides, result)
        lines = [
            gettext("Result: %(result)s.") % {"result": game.describe(event, sides, result)},
            *game.claim_details(event, sides, result),
        ]
    except TournamentError as error:
        return ResultPreview([], [error.message])
    return ResultPreview(lines, [])
