"""Staff: every submitted Fleet Build Sheet of an event in one PDF, to print at the venue.

Hundreds of sheets take seconds, so no request makes them: the fleets page's button asks for a
job (:func:`sheets_job_start`), the background worker makes the PDF (``tournaments.tasks``), the
page shows its progress (``static/js/fleet-sheets.js`` asks :func:`sheets_job` for it as JSON;
without the script the job's page reloads itself) and offers the PDF once it is ready
(:func:`sheets_job_pdf`). Everything lives in the database, so any application server answers
any of these requests. ``fleet_sheets`` (a plain link) still makes a deck game's registration
sheets, and a fleet event's sheets, in the request.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from fleets.decks.sheets import deck_sheet_story, render_deck_sheets
from fleets.sheets import render_fleet_sheets

from .. import selectors, services
from ..access import Viewer, event_staff_required
from ..games import DeckGame, event_game
from ..models import Event, SheetsJob
from ..selectors import submitted_deck_view
from ..tasks import fleet_stories, submitted_fleets
from .printed import in_the_stores_language
from .reports import pdf_response
from .service_calls import run_service


@require_safe
@login_required
@event_staff_required
@in_the_stores_language
def fleet_sheets(request, event: Event, viewer: Viewer):
    """The event's staff: one PDF with a page per submitted fleet, players in name order
    (a deck game's event: a registration sheet per submitted deck, :func:`deck_sheets`)."""
    if isinstance(event_game(event.game), DeckGame):
        return deck_sheets(event)
    registrations = submitted_fleets(event)
    if not registrations:
        raise Http404("No fleet has been submitted to this event.")
    stories = fleet_stories(event, registrations, request.build_absolute_uri("/"))
    pdf = render_fleet_sheets(
        stories, title=_("Fleet Build Sheets — %(event)s") % {"event": event.name}, paper=event.paper_size
    )
    return pdf_response(pdf, f"event-{event.pk}-fleet-sheets.pdf")


def wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def job_state(job: SheetsJob) -> dict:
    """What the page shows of a job: its step in words and numbers, and the PDF's address once ready."""
    state = {"step": job.step, "label": job.get_step_display(), "done": job.done, "total": job.total}
    if job.step == "done":
        state["pdf_url"] = reverse("tournaments:sheets_job_pdf", args=[job.event_id, job.pk])
        state["filename"] = job.filename
    return state


@require_POST
@login_required
@event_staff_required
def sheets_job_start(request, event: Event, viewer: Viewer):
    """The event's staff: have the worker make every fleet's sheet in one PDF; answers at once."""
    job = run_service(
        request, services.sheets_job_request, event=event, by=request.user, site_url=request.build_absolute_uri("/")
    )
    if not job:
        if wants_json(request):
            return JsonResponse({"error": _("No fleet has been submitted to this event.")}, status=409)
        return redirect("tournaments:fleets", event.pk)
    status_url = reverse("tournaments:sheets_job", args=[event.pk, job.pk])
    if wants_json(request):
        return JsonResponse({**job_state(job), "status_url": status_url}, status=202)
    return redirect(status_url)


def _job(event: Event, job_pk: int) -> SheetsJob:
    return get_object_or_404(event.sheets_jobs.defer("pdf"), pk=job_pk)


@require_safe
@login_required
@event_staff_required
def sheets_job(request, event: Event, viewer: Viewer, job_pk: int):
    """The event's staff: how far the job is (JSON for the page's script; a page reloading itself without it)."""
    job = _job(event, job_pk)
    if wants_json(request):
        response = JsonResponse(job_state(job))
        response["Cache-Control"] = "no-store"
        return response
    context = {"event": event, "viewer": viewer, "tab": "fleets", "job": job, "state": job_state(job)}
    return render(request, "tournaments/sheets_job.html", context)


@require_safe
@login_required
@event_staff_required
def sheets_job_pdf(request, event: Event, viewer: Viewer, job_pk: int):
    """The event's staff: the PDF the job made; 409 while it is still being made."""
    job = get_object_or_404(event.sheets_jobs, pk=job_pk)
    if job.step != "done":
        return HttpResponse(_("The sheets are not ready yet."), status=409, content_type="text/plain")
    return pdf_response(bytes(job.pdf), job.filename)


def deck_sheets(event: Event):
    """Every submitted list of a deck game's event, each on its registration sheet, players in name order."""
    registrations = selectors.event_registrations(event)
    game = event_game(event.game)
    game.load_lists(registrations)
    players = selectors.printed_players(event)
    stories = [
        deck_sheet_story(
            view=submitted_deck_view(deck, event.game),
            player_name=players[registration.pk].name,
            email=players[registration.pk].email,
            event_name=event.name,
            on_date=event.date,
        )
        for registration in registrations
        for deck in registration.decks.all()
    ]
    if not stories:
        raise Http404("No list has been submitted to this event.")
    title = _("Registration sheets — %(event)s") % {"event": event.name}
    pdf = render_deck_sheets(stories, title=title, paper=event.paper_size)
    return pdf_response(pdf, f"event-{event.pk}-registration-sheets.pdf")
