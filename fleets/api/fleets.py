"""The caller's fleets: list, create, import (or preview an import), read, change, delete, history, sheet."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from ninja import Query, Router, Status
from ninja.errors import HttpError

from accounts.api_schemas import Problem
from accounts.selectors import print_identity
from rules.attack_wing import DEFAULT_FORMAT, interchange, report_to_dict

from .. import services
from ..access import FleetAccess, fleet_access
from ..models import Fleet, FleetVersion
from ..selectors import fleet_history, read_import, user_fleets, version_price
from ..sheets import render_fleet_sheet
from .auth import AUTH
from .schemas import (
    IMPORT_BODY,
    FleetDetailOut,
    FleetImportedOut,
    FleetIn,
    FleetOut,
    FleetPatch,
    ImportOut,
    ImportQuery,
    VersionOut,
)

router = Router(auth=AUTH)


def _fleet_out(fleet: Fleet, version: FleetVersion | None) -> dict:
    return {
        "id": fleet.pk,
        "name": fleet.name,
        "faction": fleet.faction,
        "format": fleet.format_key,
        "locked": fleet.is_locked,
        "created_at": fleet.created_at,
        "updated_at": fleet.updated_at,
        "version": version,
    }


def _fleet_detail(fleet: Fleet, version: FleetVersion | None = None) -> dict:
    """The fleet with ``version`` (by default its current one: what its owner sees) and that version's check."""
    version = version or fleet.current_version
    price = version_price(version) if version is not None else None
    return {
        **_fleet_out(fleet, version),
        "content": version.content if version else None,
        "report": report_to_dict(price.report) if price else None,
        "priced_with": price.edition if price else None,
    }


def _visible_fleet(request, fleet_id: int) -> tuple[Fleet, FleetAccess]:
    """The fleet and what the caller may see of it; a hidden fleet gets the very answer a missing one gets."""
    fleet = Fleet.objects.select_related("owner").filter(pk=fleet_id).first()
    access = fleet_access(request.auth, fleet) if fleet is not None else None
    if access is None or not access.visible:
        raise HttpError(404, _("No such fleet."))
    return fleet, access


def _own_fleet(request, fleet_id: int) -> Fleet:
    fleet, _access = _visible_fleet(request, fleet_id)
    if fleet.owner_id != request.auth.pk:
        raise HttpError(403, _("Only the fleet's owner can change it."))
    return fleet


def _with_format(content: dict | None, format_key: str | None) -> dict | None:
    """The content with an explicitly given format in it (the fleet file carries its format)."""
    if content is None or format_key is None:
        return content
    return {**content, "format": format_key}


def _refusal(error: services.FleetError) -> HttpError:
    """Refusals about the fleet's state are conflicts (409); bad content is a bad request (400)."""
    status = 409 if isinstance(error, services.FleetLocked | services.FleetInUse | services.FleetStale) else 400
    return HttpError(status, error.message)


@router.get("/fleets", response=list[FleetOut], summary="Your fleets")
def fleet_list(request):
    return [_fleet_out(fleet, fleet.current_version) for fleet in user_fleets(request.auth)]


@router.post("/fleets", response={201: FleetDetailOut, 400: Problem}, summary="Create a fleet")
def fleet_create(request, payload: FleetIn):
    """An explicit format wins over the one in the content, as in PATCH."""
    try:
        fleet = services.fleet_create(
            owner=request.auth,
            name=payload.name,
            faction=payload.faction,
            format_key=payload.format or DEFAULT_FORMAT,
            content=_with_format(payload.content, payload.format),
        )
    except services.FleetError as refused:
        raise _refusal(refused) from None
    return Status(201, _fleet_detail(fleet))


def _import_out(preview) -> dict:
    return interchange.result_to_dict(preview.result, preview.check.report)


@router.post(
    "/fleets/import",
    response={200: ImportOut, 201: FleetImportedOut, 400: Problem},
    openapi_extra=IMPORT_BODY,
    summary="Import a fleet (Utopia, Space Dock or Muster) as a new fleet, or preview the import",
)
def fleet_import(request, query: Query[ImportQuery]):
    """The format is detected from the body unless ``source_format`` names it. Cards the source names
    that Muster does not recognise are left out of the fleet and listed in ``imported.cards`` and
    ``imported.problems``; a body that cannot be read, or in which no card is recognised, is a 400."""
    try:
        read = read_import(request.body, fmt=query.source_format, squad=query.squad)
    except interchange.InterchangeError as error:
        raise HttpError(400, error.message) from None
    if query.preview:
        return Status(200, _import_out(read))
    try:
        fleet = services.fleet_import_read(owner=request.auth, preview=read, name=query.name or None)
    except services.FleetError as refused:
        raise _refusal(refused) from None
    return Status(201, {**_fleet_detail(fleet), "imported": _import_out(read)})


@router.get("/fleets/{fleet_id}", response={200: FleetDetailOut, 404: Problem}, summary="A fleet and its check")
def fleet_detail(request, fleet_id: int):
    """Its owner gets the current version; others the newest version an event shows them."""
    fleet, access = _visible_fleet(request, fleet_id)
    return _fleet_detail(fleet, access.latest(fleet))


@router.patch(
    "/fleets/{fleet_id}",
    response={200: FleetDetailOut, 400: Problem, 403: Problem, 404: Problem, 409: Problem},
    summary="Change a fleet's details or save a new version of its list",
)
def fleet_change(request, fleet_id: int, payload: FleetPatch):
    fleet = _own_fleet(request, fleet_id)
    try:
        fleet = services.fleet_change(
            fleet=fleet,
            by=request.auth,
            content=_with_format(payload.content, payload.format),
            base=payload.base,
            name=payload.name,
            faction=payload.faction,
            format_key=payload.format,
        )
    except services.FleetError as refused:
        raise _refusal(refused) from None
    return _fleet_detail(fleet)


@router.delete(
    "/fleets/{fleet_id}", response={204: None, 403: Problem, 404: Problem, 409: Problem}, summary="Delete a fleet"
)
def fleet_delete(request, fleet_id: int):
    try:
        services.fleet_delete(fleet=_own_fleet(request, fleet_id))
    except services.FleetError as refused:
        raise _refusal(refused) from None
    return Status(204, None)


@router.get("/fleets/{fleet_id}/versions", response={200: list[VersionOut], 404: Problem}, summary="Fleet history")
def fleet_versions(request, fleet_id: int):
    fleet, access = _visible_fleet(request, fleet_id)
    return fleet_history(fleet, access)


@router.get(
    "/fleets/{fleet_id}/sheet.pdf",
    response={200: None, 404: Problem},
    openapi_extra={"responses": {200: {"description": "The Fleet Build Sheet", "content": {"application/pdf": {}}}}},
    summary="The Fleet Build Sheet (PDF)",
)
def fleet_sheet(request, fleet_id: int, version: int | None = None):
    fleet, access = _visible_fleet(request, fleet_id)
    chosen = access.versions(fleet).filter(number=version).first() if version else access.latest(fleet)
    if chosen is None:
        raise HttpError(404, _("No such version."))

    owner = print_identity(fleet.owner)
    pdf = render_fleet_sheet(
        version=chosen,
        player_name=owner.name,
        email=owner.email if request.auth.pk == fleet.owner_id else "",
        site_url=request.build_absolute_uri("/"),
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="fleet-{fleet.pk}-v{chosen.number}.pdf"'
    return response
