"""The public pages where a printed Fleet Build Sheet is checked: by its QR code or by a typed code.

A judge compares paper and screen: when the code matches and the viewer may see
that version (its owner, the event's staff, the opponents at that event once it
has started -- :func:`fleets.access.fleet_access`, the one visibility rule), the
page shows the list itself with its costs, total and verdict. Everyone else
learns what a matching code has always told them (the owner's name, the events),
never the list. The list shows the price it was judged at when submitted, naming the cards that
priced it; the staff of an event it is submitted to also see what today's cards would charge, if
that differs.

A list submitted to an event that has not started is sealed: until the event
starts only those who may see that version learn that a code matches; everyone
else gets the answer a wrong code gets. Nor does the page name an event whose
submission is still sealed to someone who may not see the version submitted there.
Codes are keyed hashes (:func:`fleets.codes.version_code`), so nobody can work
out the code of a guessed list either.
"""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ..access import fleet_access, fleet_submissions, judges_version
from ..codes import clean_code
from ..forms import VerifyCodeForm
from ..models import FleetVersion
from ..selectors import price_today, version_price
from ..throttles import over_the_code_limit

TOO_MANY = gettext_lazy("Too many codes checked from your address; wait a minute and try again.")
NO_MATCH = gettext_lazy(
    "No Fleet Build Sheet of this site has this code. Check the code on the sheet, or scan its QR code."
)
AMBIGUOUS = gettext_lazy(
    "This code is on more than one sheet (codes printed before each version got a code of its own "
    "name a list, not a sheet). Scan the sheet's QR code, or open the address printed next to the code."
)


def _verification(user, version: FleetVersion | None, code: str) -> dict:
    """What the verify page shows of ``version`` to ``user`` for the typed or printed ``code``."""
    if version is None:
        return {"code": code, "matches": False}
    every = fleet_submissions(version.fleet)
    access = fleet_access(user, version.fleet)
    submissions = [s for s in every if not s.sealed or access.may_see(s.version_id)]
    sealed = any(s.sealed and s.version_id == version.pk for s in every) and not access.may_see(version.pk)
    matches = code == version.code and not sealed
    context = {"code": code, "matches": matches}
    if matches:
        owner = version.fleet.owner
        context.update(
            version=version,
            owner_name=owner.get_full_name() or owner.get_username(),
            submissions=[
                {"event_name": s.event_name, "is_this_version": s.version_id == version.pk} for s in submissions
            ],
        )
        if access.may_see(version.pk):
            # Its price as judged when submitted (the sheet's); the event's staff also learn what today's cards say.
            price = version_price(version)
            context.update(check=price.check(), price=price)
            if judges_version(user, version):
                context["price_today"] = price_today(price)
    return context


def too_many(request, form: VerifyCodeForm | None = None):
    """The typed-code form again, saying the address has checked too many codes for now (429)."""
    context = {"form": form or VerifyCodeForm(), "error": TOO_MANY}
    return render(request, "fleets/verify_code.html", context, status=429)


@require_safe
def fleet_verify(request, version_id: int, code: str):
    """Public: does a printed sheet's code match, and is that version the one submitted to an event?
    Those who may see the version also see the list (see the module docstring). Rate-limited in the
    typed-code form's budget: the address is another door for guessing codes, not a way around the limit."""
    if over_the_code_limit(request):
        return too_many(request)
    version = FleetVersion.objects.select_related("fleet__owner").filter(pk=version_id).first()
    return render(request, "fleets/verify.html", _verification(request.user, version, clean_code(code)))


@require_http_methods(["GET", "POST"])
def fleet_verify_code(request):
    """Public: a judge types the code printed on a sheet; a match opens that sheet's verify page.

    Rate-limited per client address. A code nobody may be told about (a wrong one, a sealed
    list's) gets one answer. Codes made since each version got its own name one sheet; an older
    code shared by identical lists is resolved only when the viewer may see exactly one of them.
    """
    form = VerifyCodeForm(request.POST or None)
    context = {"form": form}
    if request.method == "POST":
        if over_the_code_limit(request):
            return too_many(request, form)
        if form.is_valid():
            code = form.cleaned_data["code"]
            candidates = FleetVersion.objects.select_related("fleet__owner").filter(code=code).order_by("pk")
            answers = [
                (version, answer)
                for version in candidates
                if (answer := _verification(request.user, version, code))["matches"]
            ]
            if len(answers) > 1:
                answers = [(version, answer) for version, answer in answers if "check" in answer] or answers
            if len(answers) == 1:
                return redirect("fleets:verify", version_id=answers[0][0].pk, code=code)
            context["error"] = AMBIGUOUS if answers else NO_MATCH
    return render(request, "fleets/verify_code.html", context)
