"""Event pages: the list, creating and editing, the overview, starting and finishing."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.permissions import organizer_required

from .. import selectors, services
from ..access import (
    Viewer,
    check_in_open,
    event_organizer_required,
    event_page,
    may_change_list,
    may_check_in_self,
    may_drop_self,
    may_vote_sportsmanship,
    may_withdraw,
)
from ..formats import format_name
from ..forms import AddPlayerForm, AppointJudgeForm, EventForm
from ..games import event_game
from ..models import Event, EventStatus
from ..services.event_rules import EventInvalid
from .service_calls import run_service


@require_safe
def event_list(request):
    """Public: running, upcoming and recent events."""
    return render(request, "tournaments/event_list.html", selectors.event_list())


@organizer_required
@require_http_methods(["GET", "POST"])
def event_create(request):
    """Organizers only: the creator becomes the event's organizer."""
    form = EventForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(
                organizer=request.user, judges=form.cleaned_data["judges"], **form.service_fields()
            )
        except EventInvalid as invalid:  # the form asks the same rules: only a change meanwhile gets here
            for field, problem in invalid.problems.items():
                form.add_error(field, problem)
        else:
            return redirect("tournaments:event", event.pk)
    return render(request, "tournaments/event_form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
@event_organizer_required
def event_edit(request, event: Event, viewer: Viewer):
    """The event's organizer only."""
    # The form gets its own copy: validating writes the input onto it, and the page keeps showing the saved event.
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk), user=request.user)
    if request.method == "POST" and form.is_valid():
        done = run_service(
            request,
            services.event_update,
            "Event saved.",
            event=event,
            judges=form.cleaned_data["judges"],
            by=request.user,
            site_url=request.build_absolute_uri("/"),
            **form.service_fields(),
        )
        if done:
            return redirect("tournaments:event", event.pk)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


@require_safe
@event_page
def event_detail(request, event: Event, viewer: Viewer):
    """Public: the event's settings and players; staff also get the desk (check-in, byes, drops)."""
    registrations = selectors.event_registrations(event)
    waitlist = selectors.event_waitlist(event)
    game = event_game(event.game)
    game.load_lists([*registrations, *([viewer.registration] if viewer.registration else [])])
    context = {
        "event": event,
        "game": game,
        "tab": "overview",
        "format_name": format_name(event.game, event.format),
        "scoring_summary": game.scoring_summary(event),
        "tiebreak_description": game.tiebreak_description(event),
        "game_settings": game.settings_lines(event),
        "viewer": viewer,
        "registrations": registrations,
        "rounds": selectors.event_rounds(event),
        "checked_in": sum(1 for r in registrations if r.checked_in and not r.dropped),
        "may_change_list": viewer.registration is not None and may_change_list(viewer.registration),
        "may_withdraw": viewer.registration is not None and may_withdraw(viewer.registration),
        "may_drop": viewer.registration is not None and may_drop_self(viewer.registration),
        "may_check_in_self": viewer.registration is not None and may_check_in_self(viewer.registration),
        "check_in_open": check_in_open(event),
        "awards": selectors.event_awards(event),
        "may_vote": viewer.registration is not None and may_vote_sportsmanship(viewer.registration),
        "sportsmanship_counts": (
            selectors.sportsmanship_counts(event)
            if viewer.is_organizer and event.status == EventStatus.FINISHED
            else ()
        ),
        "my_seat": selectors.latest_seat(viewer.registration) if event.is_running else None,
        "fleet_changed": selectors.fleet_changed_since_submission(viewer.registration),
        "add_form": AddPlayerForm() if viewer.is_staff else None,
        "night": selectors.event_night(event) if viewer.is_staff else None,
        "judge_form": AppointJudgeForm() if viewer.is_organizer and event.status != "finished" else None,
        "places": selectors.event_places(event, registrations, waitlist),
        "waitlist": waitlist,
        "my_waitlist_place": selectors.waitlist_place(waitlist, request.user),
    }
    return render(request, "tournaments/event_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
@event_organizer_required
def event_start(request, event: Event, viewer: Viewer):
    """The event's organizer only. Starting locks every list and cannot be undone, so GET asks first."""
    if request.method == "GET":
        context = {"event": event, "summary": selectors.start_summary(event)}
        return render(request, "tournaments/event_start_confirm.html", context)
    run_service(request, services.event_start, "The event has started: fleets are locked.", event=event)
    return redirect("tournaments:event", event.pk)


@login_required
@require_http_methods(["GET", "POST"])
@event_organizer_required
def event_finish(request, event: Event, viewer: Viewer):
    """The event's organizer only. Finishing publishes the final standings, so GET asks first."""
    if request.method == "GET":
        context = {"event": event, "summary": selectors.finish_summary(event), "night": selectors.event_night(event)}
        return render(request, "tournaments/event_finish_confirm.html", context)
    run_service(request, services.event_finish, "The event is finished.", event=event)
    return redirect("tournaments:standings", event.pk)


@login_required
@require_POST
@event_organizer_required
def appoint_judge(request, event: Event, viewer: Viewer):
    """The event's organizer appoints a judge by username; the event's history records who did it."""
    form = AppointJudgeForm(request.POST)
    if form.is_valid():
        run_service(
            request,
            services.event_appoint_judge,
            f"{form.judge.get_username()} is a judge of this event.",
            event=event,
            judge=form.judge,
            by=request.user,
        )
    else:
        messages.error(request, " ".join(message for errors in form.errors.values() for message in errors))
    return redirect("tournaments:event", event.pk)


@login_required
@require_POST
@event_organizer_required
def remove_judge(request, event: Event, viewer: Viewer, user_pk: int):
    judge = get_object_or_404(event.judges.all(), pk=user_pk)
    run_service(
        request,
        services.event_remove_judge,
        f"{judge.get_username()} is no longer a judge of this event.",
        event=event,
        judge=judge,
        by=request.user,
    )
    return redirect("tournaments:event", event.pk)
