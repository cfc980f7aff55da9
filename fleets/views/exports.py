"""A fleet version as a Fleet Build Sheet (PDF), a fleet file (JSON), a forum post (text), Utopia's
link and text,
and the public page a printed sheet's QR code leads to."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from accounts.selectors import print_identity

from ..access import fleet_access, fleet_submissions
from ..models import Fleet, FleetVersion
from ..selectors import utopia_export
from ..sheets import render_fleet_sheet, render_fleet_text
from ._fleet_access import chosen_version, with_fleet


def _filename(version: FleetVersion, extension: str) -> str:
    return f"{slugify(version.fleet.name) or 'fleet'}-v{version.number}.{extension}"


def _attachment(body: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
@with_fleet()
def fleet_sheet(request, fleet: Fleet):
    """The Fleet Build Sheet of the current version (or ``?version=N``).

    The owner's e-mail is printed only if they chose it (their Printouts settings), and
    only on their own download: others who may see the fleet (judges, opponents) get the
    sheet without it. Printed outside an event, the sheet is on the site's paper.
    """
    version = chosen_version(request, fleet)
    owner = print_identity(fleet.owner)
    own = request.user.pk == fleet.owner_id or request.user.is_superuser
    pdf = render_fleet_sheet(
        version=version,
        player_name=owner.name,
        email=owner.email if own else "",
        site_url=request.build_absolute_uri("/"),
    )
    return _attachment(pdf, "application/pdf", _filename(version, "pdf"))


def export_json(version: FleetVersion) -> str:
    """The fleet file of ``version``: the check_fleet format, keys sorted, so an export is always the same text."""
    return json.dumps(version.content, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


@require_safe
@with_fleet()
def fleet_export_json(request, fleet: Fleet):
    version = chosen_version(request, fleet)
    return _attachment(export_json(version), "application/json", _filename(version, "json"))


@require_safe
@with_fleet()
def fleet_export_text(request, fleet: Fleet):
    """The plain list players paste in forums, shown as text to copy."""
    text = render_fleet_text(version=chosen_version(request, fleet))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


def _export_text(export) -> str:
    """An export, and after it the cards the format could not hold (never dropped silently)."""
    if not export.left_out:
        return export.text if export.text.endswith("\n") else export.text + "\n"
    left_out = "\n".join(f"- {card}" for card in export.left_out)
    return f"{export.text.rstrip()}\n\nLeft out (Utopia has no place for these cards):\n{left_out}\n"


@require_safe
@with_fleet()
def fleet_export_utopia_link(request, fleet: Fleet):
    """A Utopia share link of the version the user may see, as text to copy."""
    export = utopia_export(chosen_version(request, fleet), "link")
    return HttpResponse(_export_text(export), content_type="text/plain; charset=utf-8")


@require_safe
@with_fleet()
def fleet_export_utopia_text(request, fleet: Fleet):
    """The list as Utopia's text export lays it out, priced by Muster."""
    export = utopia_export(chosen_version(request, fleet), "text")
    return HttpResponse(_export_text(export), content_type="text/plain; charset=utf-8")


@require_safe
def fleet_verify(request, version_id: int, code: str):
    """Public: does a printed sheet's code match, and is that version the one submitted to an event?

    Shows the owner's name and event names only when the code matches the
    version, never the list itself; a wrong code or version learns nothing.

    A list submitted to an event that has not started is sealed: the code is a
    hash of the list, so confirming a guessed code would confirm a guessed list.
    Until the event starts only those who may see that version (its owner, the
    event's staff) learn that a code matches; everyone else gets the answer a
    wrong code gets. Nor does the page name an event whose submission is still
    sealed to someone who may not see the version submitted there.
    """
    version = FleetVersion.objects.select_related("fleet__owner").filter(pk=version_id).first()
    printed = code.strip().upper().replace("-", "")
    every = fleet_submissions(version.fleet) if version is not None else []
    access = fleet_access(request.user, version.fleet) if version is not None else None
    submissions = [s for s in every if not s.sealed or access.may_see(s.version_id)]
    sealed = any(s.sealed and s.version_id == version.pk for s in every) and not access.may_see(version.pk)
    matches = version is not None and printed == version.code and not sealed
    context = {"code": printed, "matches": matches}
    if matches:
        owner = version.fleet.owner
        context.update(
            version=version,
            owner_name=owner.get_full_name() or owner.get_username(),
            submissions=[
                {"event_name": s.event_name, "is_this_version": s.version_id == version.pk} for s in submissions
            ],
        )
    return render(request, "fleets/verify.html", context)
