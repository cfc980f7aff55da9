"""A match's page: report, confirm, resolve, verify the opponent's build, and the match's history."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import selectors, services
from ..access import Viewer, event_page, event_staff_required, may_enter_result, require_match_player_or_staff
from ..errors import ResultChanged, TournamentError
from ..forms import carry_version, offer_replace, opened_version
from ..games import event_game
from ..models import Event, Match
from .service_calls import run_service


def load_match(event, match_pk: int) -> Match:
    try:
        return selectors.match_for_page(event, match_pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None


@login_required
@require_http_methods(["GET", "POST"])
@event_page
def match_detail(request, event: Event, viewer: Viewer, match_pk: int):
    """The match's players report here; staff enter, correct or resolve the result."""
    match = load_match(event, match_pk)
    if match.is_bye:
        raise Http404("A bye has no match page.")
    seat = require_match_player_or_staff(viewer, match)
    game = event_game(event.game)
    enters = may_enter_result(viewer, match)  # staff enter the result; players (staff too) report their own
    if request.method == "POST":
        form = game.result_form(match, request.POST, staff=enters)
        if enters:
            carry_version(form)
        if form.is_valid():
            if enters:
                done = enter_result(request, form, match)
            else:
                done = run_service(
                    request,
                    services.result_report,
                    _("Result reported."),
                    match=match,
                    by=request.user,
                    result=form.result(),
                )
            if done:
                return redirect("tournaments:match", event.pk, match_pk)
    else:
        start = game.current_result(match) if enters else selectors.own_report(game, match, seat)
        form = game.result_form(match, result=start, staff=enters)
        if enters:
            carry_version(form, selectors.result_versions([match])[match.pk])
    context = {**selectors.match_page(event=event, match=match, viewer=viewer, seat=seat), "form": form}
    if enters and not match.has_result:  # warned before a table is scored against no list
        context["without_lists"] = selectors.tables_without_lists(game, [match]).get(match.pk, [])
    return render(request, "tournaments/match_detail.html", context)


def enter_result(request, form, match: Match) -> bool:
    """Save the staff's valid result ``form``; a table changed since the form was opened is not saved
    over: the form comes back saying what is there now, ready to replace it."""
    try:
        services.result_enter(match=match, by=request.user, result=form.result(), opened_at=opened_version(form))
    except ResultChanged as changed:
        offer_replace(form, changed)
        return False
    except TournamentError as error:
        messages.error(request, error.message)
        return False
    messages.success(request, _("Result saved."))
    return True


@login_required
@require_POST
@event_page
def confirm(request, event: Event, viewer: Viewer, match_pk: int):
    """A player agrees with the result their opponent reported."""
    match = load_match(event, match_pk)
    seat = require_match_player_or_staff(viewer, match)
    if seat is None:
        raise PermissionDenied("Only the match's players confirm; staff enter the result instead.")
    run_service(request, services.result_confirm, _("Result confirmed."), match=match, by=request.user)
    return redirect("tournaments:match", event.pk, match_pk)


@login_required
@require_POST
@event_page
def verify_build(request, event: Event, viewer: Viewer, match_pk: int):
    """A player signs off on their opponent's build for this round."""
    match = load_match(event, match_pk)
    seat = require_match_player_or_staff(viewer, match)
    if seat is None:
        raise PermissionDenied("Only the match's players verify each other's builds.")
    run_service(
        request, services.build_verify, _("You have verified your opponent's build."), match=match, by=request.user
    )
    return redirect("tournaments:match", event.pk, match_pk)


@require_safe
@login_required
@event_staff_required
def history(request, event: Event, viewer: Viewer):
    """Staff: every result change of the event, newest first, and every list submission."""
    context = {
        "event": event,
        "changes": selectors.event_history(event),
        "round_changes": selectors.event_round_history(event),
        "submissions": selectors.event_submission_history(event),
        "staff_changes": selectors.event_staff_history(event),
        "walk_ins": selectors.event_walk_ins(event),
    }
    return render(request, "tournaments/event_history.html", context)
