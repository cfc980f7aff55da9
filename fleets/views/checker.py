"""The public list checker: any fleet, no account, nothing stored.

A fleet in any format Muster reads (a Utopia link, a Space Dock file, ...) gets the import's
card-by-card report and the engine's full check, and a printable sheet marked "not
submitted". The checker's posts count against the public check's rate limit
(:mod:`fleets.throttles`, shared with ``POST /api/staw/validate``).
"""

from __future__ import annotations

from datetime import date

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from rules.attack_wing import FORMATS
from rules.attack_wing.interchange import InterchangeError

from .. import selectors
from ..forms import CheckForm, CheckSheetForm, PickForm
from ..list_builders import form_error_text
from ..sheets import render_check_sheet
from ..throttles import over_the_limit

TOO_MANY = gettext_lazy("Too many checks from your address; wait a minute and try again.")


def _too_many(request, template: str, context: dict) -> HttpResponse:
    return render(request, template, {**context, "error": TOO_MANY}, status=429)


@require_http_methods(["GET", "POST"])
def public_check(request):
    """Anyone: check a list and see every card's cost and every violation, without an account; a doubtful card
    is answered with one click (:class:`~fleets.forms.PickForm`), the list posted again with the answers."""
    form = CheckForm(request.POST or None, request.FILES or None)
    context = {"form": form}
    if request.method == "POST":
        if over_the_limit(request):
            return _too_many(request, "fleets/check.html", context)
        pick = PickForm(request.POST)
        if not pick.is_valid():
            form.add_error(None, form_error_text(pick))
        if form.is_valid():
            data = form.cleaned_data["data"]
            fmt, squad = form.cleaned_data["source_format"], form.cleaned_data["squad_index"]
            on = form.cleaned_data["on"] or timezone.localdate()
            format_key = form.cleaned_data["format_key"]
            try:
                preview = selectors.read_import(
                    data,
                    fmt=fmt or None,
                    squad=squad,
                    format_key=format_key,
                    on=on,
                    choices=pick.cleaned_data["picked"],
                )
            except InterchangeError as error:
                form.add_error(None, error.message)
            else:
                context.update(
                    preview=preview,
                    pick_form="check-form",
                    choices=pick.cleaned_data["text"],
                    on=on,
                    format_name=_(FORMATS[format_key].name),
                    sheet_form=CheckSheetForm(
                        initial={
                            "source": CheckSheetForm.sign(
                                data=data, fmt=fmt, squad=squad, format_key=format_key, on=on.isoformat()
                            )
                        }
                    ),
                )
    return render(request, "fleets/check.html", context)


@require_POST
def public_check_sheet(request):
    """The checked list as a printable PDF marked "NOT SUBMITTED"; the list comes back signed from the check."""
    form = CheckSheetForm(request.POST)
    if over_the_limit(request):
        return HttpResponse(str(TOO_MANY), status=429, content_type="text/plain; charset=utf-8")
    if not form.is_valid():
        return HttpResponse(form_error_text(form), status=400, content_type="text/plain; charset=utf-8")
    source = form.cleaned_data["source"]
    on = date.fromisoformat(source["on"])
    try:
        preview = selectors.read_import(
            form.source_data(), fmt=source["fmt"] or None, squad=source["squad"], format_key=source["format_key"], on=on
        )
    except InterchangeError as error:
        return HttpResponse(error.message, status=400, content_type="text/plain; charset=utf-8")
    pdf = render_check_sheet(
        check=preview.check,
        title=preview.result.name or _("Checked fleet"),
        checked_on=on,
        format_name=_(FORMATS[preview.format_key].name),
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = 'attachment; filename="fleet-not-submitted.pdf"'
    return response
