"""Standings, the event's fleets, printouts (PDF) and exports (CSV, JSON)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from fleets.sheets import render_fleet_sheet

from .. import exports, printouts, selectors
from ..games import event_game
from ..models import Registration
from .common import load_event, staff_viewer
from .rounds import load_round


@require_safe
def standings(request, pk: int):
    """Public once the event has started; before that only its staff see the (empty) table."""
    event = load_event(pk)
    viewer = selectors.viewer_of(request.user, event)
    if not event.has_started and not viewer.is_staff:
        raise PermissionDenied("Standings are published once the event starts.")
    table = selectors.event_standings(event)
    return render(
        request,
        "tournaments/standings.html",
        {"event": event, "tab": "standings", "viewer": viewer, "standings": table},
    )


@require_safe
def fleet_list(request, pk: int):
    """Every registration's fleet: its contents shown only to those allowed (see tournaments.access)."""
    event = load_event(pk)
    viewer = selectors.viewer_of(request.user, event)
    rows = selectors.event_fleets(event, request.user, viewer)
    game = event_game(event.game)
    game.load_lists([row.registration for row in rows])
    return render(
        request, game.lists_template, {"event": event, "tab": "fleets", "viewer": viewer, "rows": rows, "game": game}
    )


@require_safe
def fleet_detail(request, pk: int, registration_pk: int):
    """One submitted fleet, card by card; a fleet the viewer may not see is not even confirmed to exist."""
    event = load_event(pk)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "fleet_version__fleet"), pk=registration_pk, event=event
    )
    viewer = selectors.viewer_of(request.user, event)
    if registration.fleet_version is None or not selectors.can_see_fleet(event, request.user, viewer, registration):
        raise Http404("No such fleet.")
    items = event_game(event.game).fleet_items(registration.fleet_version)
    context = {
        "event": event,
        "tab": "fleets",
        "registration": registration,
        "version": registration.fleet_version,
        "items": items,
    }
    return render(request, "tournaments/fleet_detail.html", context)


@require_safe
@login_required
def fleet_sheet(request, pk: int, registration_pk: int):
    """The Fleet Build Sheet of a submitted fleet, filled in for this event: for its player and the staff."""
    event = load_event(pk)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "fleet_version__fleet"), pk=registration_pk, event=event
    )
    if registration.player_id != request.user.pk:
        staff_viewer(request, event)
    if registration.fleet_version is None:
        raise Http404("No fleet has been submitted.")
    content = render_fleet_sheet(
        version=registration.fleet_version,
        player_name=registration.name,
        email=registration.player.email,
        site_url=request.build_absolute_uri("/"),
        event_name=event.name,
        event_date=event.date,
    )
    return pdf_response(content, f"event-{event.pk}-fleet-sheet-{registration.player.get_username()}.pdf")


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
@login_required
def round_printout(request, pk: int, number: int, kind: str):
    """Staff: the round's pairings by table or by name, or its match slips."""
    event = load_event(pk)
    staff_viewer(request, event)
    round_ = load_round(event, number)
    render_pdf = {
        "pairings-by-table": printouts.pairings_by_table,
        "pairings-by-name": printouts.pairings_by_name,
        "match-slips": printouts.match_slips,
    }.get(kind)
    if render_pdf is None:
        raise Http404("No such printout.")
    content = render_pdf(event=event, round_=round_, matches=selectors.round_matches(round_))
    return pdf_response(content, f"event-{event.pk}-round-{number}-{kind}.pdf")


@require_safe
@login_required
def standings_printout(request, pk: int):
    event = load_event(pk)
    staff_viewer(request, event)
    content = printouts.standings(event=event, standings=selectors.event_standings(event))
    return pdf_response(content, f"event-{event.pk}-standings.pdf")


@require_safe
@login_required
def export(request, pk: int, fmt: str):
    """Staff: the whole event (settings, players, fleets, every result) as CSV or JSON."""
    event = load_event(pk)
    staff_viewer(request, event)
    if fmt == "json":
        response = JsonResponse(exports.event_json(event), json_dumps_params={"indent": 2})
    else:
        response = HttpResponse(exports.event_csv(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}.{fmt}"'
    return response
