"""Event pages: the list, creating and editing, the overview, starting and finishing."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.permissions import organizer_required

from .. import selectors, services
from ..access import Viewer, event_organizer_required, event_page
from ..forms import AddPlayerForm, AppointJudgeForm, EventForm
from ..models import Event
from ..services.event_rules import EventInvalid
from .pages import page_facts
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
            _("Event saved."),
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
    """Public: the event's settings and players; staff also get the desk (check-in, byes, drops). What the
    page shows and offers is one read, :func:`tournaments.selectors.event_page`."""
    page = selectors.event_page(event, viewer)
    context = {
        "event": event,
        "tab": "overview",
        "viewer": viewer,
        **page_facts(page),
        "add_form": AddPlayerForm() if page.desk_open else None,
        "judge_form": AppointJudgeForm(auto_id="judge-%s") if page.may_edit else None,
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
    run_service(request, services.event_start, _("The event has started: fleets are locked."), event=event)
    return redirect("tournaments:event", event.pk)


@login_required
@require_http_methods(["GET", "POST"])
@event_organizer_required
def event_finish(request, event: Event, viewer: Viewer):
    """The event's organizer only. Finishing publishes the final standings, so GET asks first."""
    if request.method == "GET":
        context = {"event": event, "summary": selectors.finish_summary(event), "night": selectors.event_night(event)}
        return render(request, "tournaments/event_finish_confirm.html", context)
    run_service(request, services.event_finish, _("The event is finished."), event=event)
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
            _("%(name)s is a judge of this event.") % {"name": form.judge.get_username()},
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
        _("%(name)s is no longer a judge of this event.") % {"name": judge.get_username()},
        event=event,
        judge=judge,
        by=request.user,
    )
    return redirect("tournaments:event", event.pk)
