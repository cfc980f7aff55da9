"""A fleet version as a Fleet Build Sheet (PDF), a fleet file (JSON), a forum post (text), Utopia's
link and text."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from accounts.selectors import print_identity

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
    heading = _("Left out, so that Utopia opens the rest (it has no place for these cards):")

    return f"{export.text.rstrip()}\n\n{heading}\n{left_out}\n"


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
