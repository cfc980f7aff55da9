"""Rounds: pairing, the pairings page, hand swaps, and the round clock for the venue's screen."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import shared_cache

from .. import selectors, services
from ..access import Viewer, event_page, event_staff_required, may_reopen, require_result_entry
from ..errors import RematchWarning, ResultChanged, TournamentError
from ..forms import SwapForm, carry_version, offer_replace, opened_version
from ..games import event_game
from ..models import Event, Match, Round
from .pages import page_facts
from .service_calls import run_service


def load_round(event, number: int) -> Round:
    try:
        return event.rounds.get(number=number)
    except Round.DoesNotExist:
        raise Http404("No such round.") from None


@login_required
@require_POST
@event_staff_required
def pair_next(request, event: Event, viewer: Viewer):
    """Pair the next round. Registered players who are not checked in are left out of it, so the
    staff are asked first, with their names, before pairing without them."""
    absent = selectors.absent_players(event)
    if absent and event.is_running and request.POST.get("confirm") != "yes":
        context = {"event": event, "absent": absent, "night": selectors.event_night(event)}
        return render(request, "tournaments/round_pair_confirm.html", context)
    round_ = run_service(request, services.round_pair_next, event=event, by=request.user)
    if round_:
        if listless := selectors.paired_without_lists(round_):
            messages.warning(request, without_lists_warning(event, listless))
        return redirect("tournaments:round", event.pk, round_.number)
    return redirect("tournaments:event", event.pk)


def without_lists_warning(event: Event, names: list[str]) -> str:
    """Late entries the desk added by name play on; their list can still be entered until their result."""
    noun = event_game(event.game).list_noun
    return _("Paired without %(list)s: %(names)s. Enter it from the overview before their result is saved.") % {
        "list": noun,
        "names": ", ".join(names),
    }


@require_safe
@event_page
def round_detail(request, event: Event, viewer: Viewer, number: int):
    """Public: the pairings by table, with each match's state; staff get the round's controls."""
    return render(request, "tournaments/round_detail.html", round_page(event, viewer, load_round(event, number)))


def round_page(event: Event, viewer: Viewer, round_: Round, *, refused=None, only: int | None = None) -> dict:
    """The round page's context: its facts (:func:`tournaments.selectors.round_page`), each desk form
    carrying the version of the table it is opened on (a refused form carries its own already)."""
    page = selectors.round_page(event, viewer, round_, refused=refused, only=only)
    for table in page.tables:
        if table.entry_form is not None and table.entry_form is not refused:
            carry_version(table.entry_form, table.version)
    return {"event": event, "tab": "rounds", "viewer": viewer, **page_facts(page)}


def desk_form(game, match, data):
    """The staff's result form of one table as the round page posts it: its fields carry the table's prefix."""
    form = game.result_form(match, data, staff=True)
    form.prefix = f"table-{match.table}"
    form.match_pk = match.pk
    return form


def desk_match(event: Event, round_: Round, match_pk: int) -> Match:
    """A table of this round that takes a result (404 for another round's match or a bye)."""
    try:
        match = selectors.match_for_page(event, match_pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None
    if match.round_id != round_.pk or match.is_bye:
        raise Http404("No such table in this round.")
    return match


@login_required
@require_POST
@event_staff_required
def enter_result(request, event: Event, viewer: Viewer, number: int, match_pk: int):
    """The desk: the staff enter a table's result from its slip on the round page, in any order.
    With htmx the saved table's rows and the round's state are swapped in place (the other tables'
    forms are not rendered again, which on a large round is most of the page's cost); without
    script the page reloads. A refused entry comes back as it was typed, its error beside it, so
    nothing is ticked twice."""
    round_ = load_round(event, number)
    match = desk_match(event, round_, match_pk)
    require_result_entry(viewer, match)
    form = carry_version(desk_form(event_game(event.game), match, request.POST))
    if form.is_valid():
        try:
            services.result_enter(match=match, by=request.user, result=form.result(), opened_at=opened_version(form))
        except ResultChanged as changed:
            offer_replace(form, changed)
        except TournamentError as error:
            form.add_error(None, error.message)
    if form.errors:
        context = round_page(event, viewer, round_, refused=form)
        if not any(table.entry_form is form for table in context["tables"]):
            # The table no longer takes a result here (the event was finished meanwhile): say why anyway.
            said = " ".join(form.non_field_errors()) or _("not saved.")
            messages.error(request, _("Table %(table)s: %(said)s") % {"table": match.table, "said": said})
        response = render(request, "tournaments/round_detail.html", context)
        if request.htmx:  # the whole desk, with any message about a table that no longer takes a result
            response["HX-Retarget"] = response["HX-Reselect"] = "#round-desk"
        return response
    messages.success(request, _("Table %(table)s: result saved.") % {"table": match.table})
    if request.htmx:
        context = round_page(event, viewer, round_, only=match.pk)
        return render(request, "tournaments/includes/desk_update.html", context)
    return redirect(f"{reverse('tournaments:round', args=[event.pk, number])}#table-{match.table}")


@login_required
@require_POST
@event_staff_required
def preview_result(request, event: Event, viewer: Viewer, number: int, match_pk: int):
    """The desk's points as the staff tick: what the table's form would save, scored by the same code
    as the result itself, returned as the form's points line (htmx); nothing is saved."""
    round_ = load_round(event, number)
    match = desk_match(event, round_, match_pk)
    require_result_entry(viewer, match)
    form = desk_form(event_game(event.game), match, request.POST)
    context = {"match": match, "preview": selectors.result_preview(event, match, form)}
    return render(request, "tournaments/round_entry_points.html", context)


@login_required
@require_http_methods(["GET", "POST"])
@event_staff_required
def repair(request, event: Event, viewer: Viewer, number: int):
    """Pair the latest round again: its pairings (and printed slips) are thrown away, so GET asks first."""
    round_ = load_round(event, number)
    if request.method == "GET":
        return render(request, "tournaments/round_repair_confirm.html", {"event": event, "round": round_})
    run_service(
        request,
        services.round_repair,
        _("%(round)s is paired again.") % {"round": round_.name},
        round_=round_,
        by=request.user,
    )
    return redirect("tournaments:round", event.pk, number)


@login_required
@require_POST
@event_staff_required
def reopen(request, event: Event, viewer: Viewer, number: int):
    """Reopen the latest round's results for correction; the form's tick box is the confirmation.
    Who may is :func:`tournaments.access.may_reopen`."""
    round_ = load_round(event, number)
    if not may_reopen(viewer, event):
        raise PermissionDenied("Only the event's organizer may reopen a finished event.")
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm that the round's results should be reopened."))
    else:
        run_service(
            request,
            services.round_reopen,
            _("%(round)s is open for corrections: confirm or enter its results again.") % {"round": round_.name},
            round_=round_,
            by=request.user,
        )
    return redirect("tournaments:round", event.pk, number)


@login_required
@require_http_methods(["GET", "POST"])
@event_staff_required
def swap(request, event: Event, viewer: Viewer, number: int):
    """Swap two players by hand; a swap that makes a rematch asks again before it is done."""
    round_ = load_round(event, number)
    registrations = (
        event.registrations.filter(sides__round=round_).select_related("player").order_by("player__username")
    )
    form = SwapForm(request.POST or None, registrations=registrations)
    rematch = None
    if request.method == "POST" and form.is_valid():
        try:
            services.round_swap_players(
                round_=round_,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                allow_rematch=form.cleaned_data["allow_rematch"],
            )
        except RematchWarning as warning:
            rematch = warning
        except TournamentError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The players are swapped."))
            return redirect("tournaments:round", event.pk, number)
    return render(
        request, "tournaments/round_swap.html", {"event": event, "round": round_, "form": form, "rematch": rematch}
    )


@require_safe
def live(request, pk: int, number: int):
    """Public: the round's pairings for phones, the viewer's own table on top.

    The page polls itself (htmx) and gets its body alone. The list of tables is the same for
    everyone, so it is kept in the cache a few seconds (:func:`selectors.live_pairings`), and a
    signed-in player's poll costs their seat and the clock, whatever the size of the round.

    A poll from someone not signed in shows no seat, so its answer is the same for every such
    phone: it is kept whole for as long as the tables are (every event's live page is public,
    so keeping it skips no permission check) and answered from the cache without reading the
    database, which is what lets a room — or a whole Saturday of stores — of phones poll. Without
    the cache (:mod:`accounts.shared_cache`) every poll is answered uncached.
    """
    if not request.htmx or request.user.is_authenticated:
        return live_page(request, pk, number)
    key = f"live-public:{pk}:{number}:{get_language()}"  # one copy per language the phones read
    response = shared_cache.get(key)
    if response is None:
        response = live_page(request, pk, number)
        if response.status_code == 200 and not response.cookies:
            shared_cache.set(key, response, selectors.LIVE_CACHE_SECONDS)
    return response


@event_page
def live_page(request, event: Event, viewer: Viewer, number: int):
    """The live page as ``viewer`` sees it (:func:`live`)."""
    round_ = load_round(event, number)
    context = {
        "event": event,
        "round": round_,
        "tables": selectors.live_pairings(round_),
        "seat": selectors.round_seat(round_, viewer.registration),
        "me": viewer.registration.name if viewer.registration else "",
        "clock": selectors.round_clock(event, round_),
    }
    template = "tournaments/includes/live_body.html" if request.htmx else "tournaments/round_live.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
@event_page
def projector(request, event: Event, viewer: Viewer, number: int):
    """Public: the live pairings for the venue's projector, one line per player sorted by name so each
    finds themselves from the back of the room; the same cached pairings as the live page, and it
    scrolls through a long list by itself (static/js/projector.js)."""
    round_ = load_round(event, number)
    context = {
        "event": event,
        "round": round_,
        "seats": selectors.pairings_by_name(selectors.live_pairings(round_)),
        "clock": selectors.round_clock(event, round_),
    }
    return render(request, "tournaments/round_projector.html", context)


@require_safe
@event_page
def timer(request, event: Event, viewer: Viewer, number: int):
    """Public: a big countdown for the venue's screen (the script is static/js/round-timer.js)."""
    round_ = load_round(event, number)
    context = {"event": event, "round": round_, "clock": selectors.round_clock(event, round_)}
    return render(request, "tournaments/round_timer.html", context)


@require_safe
@event_page
def timer_state(request, event: Event, viewer: Viewer, number: int):
    """Public: the clock as JSON, polled by the timer page so the screen follows the staff's controls."""
    round_ = load_round(event, number)
    started = round_.clock_started_at.isoformat() if round_.clock_started_at else None
    finished = selectors.round_clock(event, round_).finished
    return JsonResponse(
        {"started": started, "minutes": event.round_minutes, "now": timezone.now().isoformat(), "finished": finished}
    )


@login_required
@require_POST
@event_staff_required
def clock(request, event: Event, viewer: Viewer, number: int):
    """Start (or restart) and stop the round's clock."""
    round_ = load_round(event, number)
    service = services.round_clock_reset if request.POST.get("action") == "reset" else services.round_clock_start
    run_service(request, service, round_=round_)
    return redirect("tournaments:round", event.pk, number)
