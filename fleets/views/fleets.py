"""My fleets: the list, and creating, importing, renaming, duplicating and deleting fleets."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from rules.attack_wing.interchange import InterchangeError

from .. import selectors, services
from ..forms import FleetDetailsForm, FleetImportForm, ImportConfirmForm, RenameForm
from ..list_builders import form_error_text
from ..models import Fleet
from ..services import FleetError
from ._fleet_access import with_fleet
from .builder import choice_query, judge_form


@require_safe
@login_required
def fleet_list(request):
    """The signed-in user's own fleets."""
    return render(request, "fleets/fleet_list.html", {"fleets": selectors.user_fleets(request.user)})


@require_http_methods(["GET", "POST"])
@login_required
def fleet_create(request):
    form = FleetDetailsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            fleet = services.fleet_create(
                owner=request.user,
                name=form.cleaned_data["name"],
                faction=form.cleaned_data["faction"],
                format_key=form.cleaned_data["format_key"],
            )
        except FleetError as refused:
            form.add_error(None, refused.message)
        else:
            return redirect("fleets:detail", fleet.pk)
    return render(request, "fleets/fleet_form.html", {"form": form, "heading": _("New fleet"), "submit": _("Create")})


@require_http_methods(["GET", "POST"])
@login_required
def fleet_import(request):
    """A fleet from Utopia, Space Dock or Muster becomes a new fleet, in two steps.

    The first post reads it and shows, card by card, what was recognised, with Muster's check;
    nothing is stored. The preview carries the source back signed (:class:`ImportConfirmForm`);
    the confirm post reads it again and saves it, with the answers given to its doubtful lines (each
    "Take …" button posts it back to be read again with one more). A source that cannot be read gets
    one sentence.
    """
    if request.method == "POST" and "source" in request.POST:
        return _confirm_or_answer(request, ImportConfirmForm(request.POST))
    form = FleetImportForm(request.POST or None, request.FILES or None)
    context = {"form": form}
    if request.method == "POST" and form.is_valid():
        data, fmt, squad = (
            form.cleaned_data["data"],
            form.cleaned_data["source_format"],
            form.cleaned_data["squad_index"],
        )
        try:
            preview = selectors.read_import(data, fmt=fmt or None, squad=squad)
        except InterchangeError as error:
            form.add_error(None, error.message)
        else:
            if preview.empty:
                form.add_error(None, _("No card of this fleet was recognised, so there is nothing to import."))
            else:
                sign = ImportConfirmForm.sign(data=data, fmt=fmt, squad=squad)
                context.update(_previewed(preview, sign, form.cleaned_data["name"], ""))
    return render(request, "fleets/fleet_import.html", context)


def _previewed(preview, sign: str, name: str, choices: str) -> dict:
    """What the import page shows of a list read: its report, whose "Take …" buttons post the confirm form
    (``import-confirm``) with one more answer, and that form, which imports it with the answers given."""
    confirm = ImportConfirmForm(initial={"source": sign, "name": name})
    return {"preview": preview, "confirm_form": confirm, "pick_form": "import-confirm", "choices": choices}


def _confirm_or_answer(request, confirm: ImportConfirmForm):
    """The signed list posted back: saved as a new fleet ("Import"), or read again with one more answer ("Take …")."""
    if not confirm.is_valid():
        messages.error(request, form_error_text(confirm))
        return redirect("fleets:import")
    source, picked = confirm.cleaned_data["source"], confirm.cleaned_data["picked"]
    fmt, squad = source["fmt"] or None, source["squad"]
    if "confirm" in request.POST:
        try:
            fleet = services.fleet_import(
                owner=request.user,
                data=confirm.source_data(),
                name=confirm.cleaned_data["name"] or None,
                fmt=fmt,
                squad=squad,
                choices=picked,
            )
        except FleetError as refused:
            messages.error(request, refused.message)
            return redirect("fleets:import")
        messages.success(request, _("Imported “%(name)s”.") % {"name": fleet.name})
        return redirect("fleets:detail", fleet.pk)
    try:
        preview = selectors.read_import(confirm.source_data(), fmt=fmt, squad=squad, choices=picked)
    except InterchangeError as error:  # the list was read once: only a changed catalog refuses it now
        messages.error(request, error.message)
        return redirect("fleets:import")
    signed = request.POST["source"]  # as it came back: its signature checked above
    context = _previewed(preview, signed, confirm.cleaned_data["name"], confirm.cleaned_data["text"])
    return render(request, "fleets/fleet_import.html", {"form": FleetImportForm(), **context})


@require_http_methods(["GET", "POST"])
@with_fleet(owner=True)
def fleet_rename(request, fleet: Fleet):
    form = RenameForm(request.POST or None, initial={"name": fleet.name})
    if request.method == "POST" and form.is_valid():
        try:
            services.fleet_rename(fleet=fleet, name=form.cleaned_data["name"])
        except FleetError as refused:
            form.add_error(None, refused.message)
        else:
            return redirect("fleets:list")
    heading = _("Rename “%(name)s”") % {"name": fleet.name}
    return render(request, "fleets/fleet_form.html", {"form": form, "heading": heading, "submit": _("Rename")})


@require_POST
@with_fleet()
def fleet_duplicate(request, fleet: Fleet):
    """Anyone who may see a fleet may copy it into their own fleets (the way to change a locked one)."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("fleets:detail", args=[fleet.pk]))
    copy = services.fleet_duplicate(fleet=fleet, owner=request.user, version=request.fleet_access.latest(fleet))
    messages.success(request, _("“%(name)s” is your copy; change it as you like.") % {"name": copy.name})
    return redirect("fleets:detail", copy.pk)


@require_http_methods(["GET", "POST"])
@with_fleet(owner=True)
def fleet_delete(request, fleet: Fleet):
    """GET asks for confirmation; POST deletes (refused while locked or submitted to an event)."""
    if request.method == "POST":
        try:
            services.fleet_delete(fleet=fleet)
        except FleetError as refused:
            messages.error(request, refused.message)
            return redirect("fleets:list")
        messages.success(request, _("Deleted “%(name)s”.") % {"name": fleet.name})

        return redirect("fleets:list")
    return render(request, "fleets/fleet_confirm_delete.html", {"fleet": fleet})


@require_safe
@with_fleet()
def fleet_history(request, fleet: Fleet):
    """Every saved version the user may see, newest first, each with its code, total and verdict
    (others than the owner see only the versions submitted to events they may look at), judged on the day the
    builder judges the list on (the same ``?event=`` or ``?on=`` choice), and saying which."""
    judge = judge_form(request, offer_events=fleet.owner_id == request.user.pk)
    judged = selectors.builder_date(
        fleet, today=timezone.localdate(), chosen=judge.chosen_day, event=judge.chosen_event
    )
    rows = selectors.history_rows(fleet, request.fleet_access, judged=judged)
    return render(
        request,
        "fleets/fleet_history.html",
        {"fleet": fleet, "rows": rows, "judged": judged, "judge_query": choice_query(judge)},
    )
