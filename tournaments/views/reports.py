"""Standings, the event's fleets, printouts (PDF) and exports (CSV, JSON)."""

from __future__ import annotations

from functools import partial

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from accounts.selectors import print_identity
from fleets.selectors import version_price
from fleets.sheets import render_fleet_sheet

from .. import exports, printouts, selectors
from ..access import (
    Viewer,
    event_page,
    event_staff_required,
    is_finished,
    may_see_registration_list,
    require_own_or_staff,
)
from ..games import event_game
from ..models import Event, Registration
from .printed import in_the_stores_language
from .rounds import load_round


@require_safe
@event_page
def standings(request, event: Event, viewer: Viewer):
    """Public once the event has started; before that only its staff see the (empty) table."""
    if not event.has_started and not viewer.is_staff:
        raise PermissionDenied("Standings are published once the event starts.")
    final = selectors.final_standings(event)
    context = {
        "standings": final.swiss,
        "final": final,
        "bracket": selectors.cut_bracket(event),
        "event_finished": is_finished(event),
    }
    return render(
        request, "tournaments/standings.html", {"event": event, "tab": "standings", "viewer": viewer, **context}
    )


@require_safe
@event_page
def fleet_list(request, event: Event, viewer: Viewer):
    """Every registration's fleet: its contents shown only to those allowed (see tournaments.access)."""
    rows = selectors.event_fleets(event, viewer)
    game = event_game(event.game)
    game.load_lists([row.registration for row in rows])
    return render(
        request, game.lists_template, {"event": event, "tab": "fleets", "viewer": viewer, "rows": rows, "game": game}
    )


@require_safe
@event_page
def fleet_detail(request, event: Event, viewer: Viewer, registration_pk: int):
    """One submitted fleet, card by card; a fleet the viewer may not see is not even confirmed to exist."""
    registration = get_object_or_404(
        Registration.objects.select_related("player", "fleet_version__fleet"), pk=registration_pk, event=event
    )
    if registration.fleet_version is None or not may_see_registration_list(event, viewer, registration):
        raise Http404("No such fleet.")
    items = event_game(event.game).fleet_items(registration.fleet_version)
    context = {
        "event": event,
        "tab": "fleets",
        "registration": registration,
        "version": registration.fleet_version,
        "price": version_price(registration.fleet_version),
        "items": items,
    }
    return render(request, "tournaments/fleet_detail.html", context)


@require_safe
@login_required
@event_page
@in_the_stores_language
def fleet_sheet(request, event: Event, viewer: Viewer, registration_pk: int):
    """The Fleet Build Sheet of a submitted fleet, filled in for this event: for its player and the staff."""
    registration = get_object_or_404(
        Registration.objects.select_related("player", "fleet_version__fleet"), pk=registration_pk, event=event
    )
    require_own_or_staff(viewer, registration)
    if registration.fleet_version is None:
        raise Http404("No fleet has been submitted.")
    player = print_identity(registration.player)
    content = render_fleet_sheet(
        version=registration.fleet_version,
        player_name=player.name,
        email=player.email,
        site_url=request.build_absolute_uri("/"),
        event_name=event.name,
        event_date=event.date,
        paper=event.paper_size,
    )
    return pdf_response(content, f"event-{event.pk}-fleet-sheet-{registration.player.get_username()}.pdf")


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
@login_required
@event_staff_required
@in_the_stores_language
def round_printout(request, event: Event, viewer: Viewer, number: int, kind: str):
    """Staff: the round's pairings by table or by name, or its match slips (as many to a page as fit,
    with the fleets' checklists, or compact, two or four to a page)."""
    round_ = load_round(event, number)
    live_url = request.build_absolute_uri(reverse("tournaments:live", args=[event.pk, number]))
    render_pdf = {
        "pairings-by-table": partial(printouts.pairings_by_table, live_url=live_url),
        "pairings-by-name": partial(printouts.pairings_by_name, live_url=live_url),
        "match-slips": printouts.match_slips,
        **{
            f"match-slips-{count}-per-page": partial(printouts.match_slips_per_page, per_page=count)
            for count in printouts.SLIPS_PER_PAGE
        },
    }.get(kind)
    if render_pdf is None:
        raise Http404("No such printout.")
    matches = selectors.round_matches(round_)
    if kind == "match-slips":
        render_pdf = partial(render_pdf, checklists=event_game(event.game).slip_checklists(matches))
    if kind == "pairings-by-name":
        standing = selectors.event_standings(event, before_round=number).rows
        render_pdf = partial(render_pdf, standing={row.registration_id: row for row in standing})
    content = render_pdf(event=event, round_=round_, matches=matches, names=printed_names(event))
    return pdf_response(content, f"event-{event.pk}-round-{number}-{kind}.pdf")


@require_safe
@login_required
@event_staff_required
@in_the_stores_language
def standings_printout(request, event: Event, viewer: Viewer):
    final = selectors.final_standings(event)
    prizes = selectors.place_prizes(event, final)
    content = printouts.standings(event=event, final=final, names=printed_names(event), prizes=prizes)
    return pdf_response(content, f"event-{event.pk}-standings.pdf")


def printed_names(event: Event) -> dict[int, str]:
    """The players' names as the event's printouts carry them, by registration id."""
    return {pk: player.name for pk, player in selectors.printed_players(event).items()}


@require_safe
@login_required
@event_staff_required
def export(request, event: Event, viewer: Viewer, fmt: str):
    """Staff: the whole event (settings, players, fleets, every result) as CSV or JSON, or its
    standings as CSV (``fmt`` "standings.csv")."""
    if fmt == "json":
        response = JsonResponse(exports.event_json(event), json_dumps_params={"indent": 2})
    elif fmt == "standings.csv":
        response = HttpResponse(exports.standings_csv(event), content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse(exports.event_csv(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}.{fmt}"'
    return response
