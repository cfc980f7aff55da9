"""A match's page: report, confirm, resolve, verify the opponent's build, and the match's history."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import scoring, selectors, services
from ..forms import ResultForm
from ..match_result import SEATS, MatchResult
from ..models import Match, MatchStatus, Stage
from .common import load_event, run_service, staff_viewer


def load_match(event, match_pk: int) -> Match:
    try:
        return selectors.match_for_page(event, match_pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None


def participant_or_staff(request, event, match):
    """The viewer and their seat; only the match's two players and the event's staff get through."""
    viewer = selectors.viewer_of(request.user, event)
    seat = selectors.user_seat(match, request.user)
    if seat is None and not viewer.is_staff:
        raise PermissionDenied("Only the players of this match and the event's staff may see it.")
    return viewer, seat


def result_form(match, data=None, initial=None) -> ResultForm:
    sides = {side.seat: side for side in match.sides.all()}
    return ResultForm(
        data,
        initial=initial,
        names={seat: side.registration.name for seat, side in sides.items()},
        items={seat: scoring.fleet_items(side.registration.fleet_version) for seat, side in sides.items()},
        allow_tie=match.round.stage != Stage.CUT,
        battle_points=match.round.event.uses_battle_points,
    )


def current_result(match) -> MatchResult | None:
    """What the form starts from: the official result, else the latest report."""
    if match.status == MatchStatus.CONFIRMED:
        sides = {side.seat: side for side in match.sides.all()}
        winner = next((seat for seat, side in sides.items() if side.outcome == "win"), None)
        return MatchResult.from_json(
            {
                "winner": winner,
                "losses": {str(s): sides[s].losses for s in SEATS},
                "battle_points": {str(s): sides[s].battle_points for s in SEATS},
            }
        )
    reports = sorted(match.reports.all(), key=lambda r: r.reported_at)
    return MatchResult.from_json(reports[-1].result) if reports else None


@login_required
@require_http_methods(["GET", "POST"])
def match_detail(request, pk: int, match_pk: int):
    """The match's players report here; staff enter, correct or resolve the result."""
    event = load_event(pk)
    match = load_match(event, match_pk)
    if match.is_bye:
        raise Http404("A bye has no match page.")
    viewer, seat = participant_or_staff(request, event, match)
    if request.method == "POST":
        form = result_form(match, request.POST)
        if form.is_valid():
            if viewer.is_staff and seat is None:
                done = run_service(
                    request, services.result_enter, "Result saved.", match=match, by=request.user, result=form.result()
                )
            else:
                done = run_service(
                    request,
                    services.result_report,
                    "Result reported.",
                    match=match,
                    by=request.user,
                    result=form.result(),
                )
            if done:
                return redirect("tournaments:match", pk, match_pk)
    else:
        result = current_result(match)
        form = result_form(match, initial=ResultForm.initial_from(result) if result else None)
    reports = {report.seat: report for report in match.reports.all()}
    context = {
        "event": event,
        "match": match,
        "viewer": viewer,
        "seat": seat,
        "sides": list(match.sides.all()),
        "reports": [reports.get(s) for s in SEATS],
        "opponent_report": reports.get(3 - seat.seat) if seat else None,
        "form": form,
        "history": selectors.match_history(match),
        "can_report": (seat is not None and match.status != MatchStatus.CONFIRMED) or viewer.is_staff,
    }
    return render(request, "tournaments/match_detail.html", context)


@login_required
@require_POST
def confirm(request, pk: int, match_pk: int):
    """A player agrees with the result their opponent reported."""
    event = load_event(pk)
    match = load_match(event, match_pk)
    _, seat = participant_or_staff(request, event, match)
    if seat is None:
        raise PermissionDenied("Only the match's players confirm; staff enter the result instead.")
    run_service(request, services.result_confirm, "Result confirmed.", match=match, by=request.user)
    return redirect("tournaments:match", pk, match_pk)


@login_required
@require_POST
def verify_build(request, pk: int, match_pk: int):
    """A player signs off on their opponent's build for this round."""
    event = load_event(pk)
    match = load_match(event, match_pk)
    _, seat = participant_or_staff(request, event, match)
    if seat is None:
        raise PermissionDenied("Only the match's players verify each other's builds.")
    run_service(
        request, services.build_verify, "You have verified your opponent's build.", match=match, by=request.user
    )
    return redirect("tournaments:match", pk, match_pk)


@require_safe
@login_required
def history(request, pk: int):
    """Staff: every result change of the event, newest first."""
    event = load_event(pk)
    staff_viewer(request, event)
    changes = selectors.event_history(event)
    return render(request, "tournaments/event_history.html", {"event": event, "changes": changes})
