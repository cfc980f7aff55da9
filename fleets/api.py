"""The fleets part of the JSON API: catalog search, the owner's fleets, fleet sheets, and the
public STAW fleet check.

Scripts authenticate with a personal token (``Authorization: Bearer <token>``,
see :class:`~fleets.models.ApiToken`); the site's own pages use the session,
with Django's CSRF check on every write. A fleet the caller may not see is
404, exactly as on the site. The endpoints call the same services and
selectors as the pages, so a fleet changed here is versioned, checked and
locked the same way.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from django.http import HttpResponse
from django.utils import timezone
from ninja import Field, Query, Router, Schema, Status
from ninja.errors import HttpError
from ninja.security import HttpBearer, SessionAuth
from pydantic import ConfigDict

from accounts.selectors import print_identity
from accounts.text_fields import CleanStr
from rules.attack_wing import (
    DEFAULT_FORMAT,
    FleetFileError,
    get_format,
    interchange,
    parse_fleet,
    report_to_dict,
    validate_fleet,
)
from rules.attack_wing.catalog import KINDS, UPGRADE_TYPES

from . import services
from .access import FleetAccess, fleet_access
from .models import ApiToken, Fleet, FleetVersion
from .models.api_token import token_digest
from .selectors import (
    MAX_SEARCH_RESULTS,
    card_search,
    content_fleet,
    fleet_history,
    load_catalog,
    read_import,
    user_fleets,
)
from .sheets import render_fleet_sheet
from .throttles import VALIDATE_RATE, ClientAddressThrottle


class BearerToken(HttpBearer):
    """``Authorization: Bearer <token>``: the token's owner, if the token exists and they are active."""

    def authenticate(self, request, token: str):
        record = (
            ApiToken.objects.select_related("user").filter(digest=token_digest(token), user__is_active=True).first()
        )
        if record is None:
            return None
        ApiToken.objects.filter(pk=record.pk).update(last_used_at=timezone.now())
        return record.user


AUTH = [BearerToken(), SessionAuth()]

router = Router(tags=["fleets"], auth=AUTH)


# --- Schemas --------------------------------------------------------------------------------------


class FleetFileShip(Schema):
    model_config = ConfigDict(extra="forbid")

    ship: str = Field(description="Ship card id, e.g. S273.")
    captain: str | None = Field(None, description="Captain card id; an admiral id here is played face down.")
    admiral: str | None = Field(None, description="Face-up admiral card id.")
    upgrades: list[str] = Field(default_factory=list, description="Upgrade, officer, construction card ids.")
    blind_booster: bool = False


class FleetFile(Schema):
    """The fleet file: the same JSON as manage.py check_fleet reads and the site exports."""

    model_config = ConfigDict(extra="forbid")

    format: str | None = Field(None, description="Format key, e.g. wizkids-2016.")
    date: str | None = Field(None, description="Event date YYYY-MM-DD (resource retirement).")
    resources: list[str] = Field(default_factory=list, description="Resource card ids (at most one is legal).")
    ships: list[FleetFileShip]


def _fleet_file_schema() -> dict:
    """FleetFile's JSON schema with the ship schema inlined (a local ``$ref`` would point at the API document)."""
    schema = FleetFile.model_json_schema()
    schema.pop("$defs")
    schema["properties"]["ships"]["items"] = FleetFileShip.model_json_schema()
    return schema


FLEET_FILE_BODY = {"requestBody": {"required": True, "content": {"application/json": {"schema": _fleet_file_schema()}}}}


class Problem(Schema):
    detail: str


class CardOut(Schema):
    id: str = Field(alias="source_id")
    kind: str
    name: str
    cost: int
    factions: list[str]
    unique: bool
    ship_class: str
    upgrade_type: str


class CardQuery(Schema):
    q: CleanStr = Field("", max_length=100, description="Part of the card's name, or its exact id.")
    kind: CleanStr | None = Field(None, description=f"One of: {', '.join(KINDS)}.")
    faction: CleanStr | None = Field(None, description="Faction key, e.g. federation.")
    upgrade_type: CleanStr | None = Field(None, description=f"One of: {', '.join(UPGRADE_TYPES)}.")
    limit: int = Field(20, ge=1, le=MAX_SEARCH_RESULTS)


class VersionOut(Schema):
    number: int
    code: str
    total: int
    legal: bool
    created_at: datetime


class FleetOut(Schema):
    id: int
    name: str
    faction: str
    format: str
    locked: bool
    created_at: datetime
    updated_at: datetime
    version: VersionOut | None


class FleetDetailOut(FleetOut):
    content: dict[str, Any] | None = Field(description="The current version's fleet file.")
    report: dict[str, Any] | None = Field(description="The engine's report on it, for the fleet's format.")


class FleetIn(Schema):
    name: CleanStr = Field(max_length=100)
    faction: CleanStr = Field("", max_length=40)
    format: CleanStr | None = Field(None, description="Format key; default: the content's, else the default format.")
    content: dict[str, Any] | None = Field(None, description="A fleet file; omit for an empty fleet.")


class FleetPatch(Schema):
    name: CleanStr | None = Field(None, max_length=100)
    faction: CleanStr | None = Field(None, max_length=40)
    format: CleanStr | None = None
    content: dict[str, Any] | None = Field(None, description="A fleet file: saved as the next version.")
    base: int | None = Field(None, description="The version number the change was made on; a newer one refuses it.")


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
    report = None
    if version is not None:
        catalog = load_catalog()
        report = report_to_dict(validate_fleet(content_fleet(version.content, catalog), catalog, fleet.format_key))
    return {**_fleet_out(fleet, version), "content": version.content if version else None, "report": report}


def _visible_fleet(request, fleet_id: int) -> tuple[Fleet, FleetAccess]:
    """The fleet and what the caller may see of it; a hidden fleet gets the very answer a missing one gets."""
    fleet = Fleet.objects.select_related("owner").filter(pk=fleet_id).first()
    access = fleet_access(request.auth, fleet) if fleet is not None else None
    if access is None or not access.visible:
        raise HttpError(404, "No such fleet.")
    return fleet, access


def _own_fleet(request, fleet_id: int) -> Fleet:
    fleet, _access = _visible_fleet(request, fleet_id)
    if fleet.owner_id != request.auth.pk:
        raise HttpError(403, "Only the fleet's owner can change it.")
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


# --- Catalog --------------------------------------------------------------------------------------


@router.get("/cards", response=list[CardOut], auth=None, summary="Search the STAW card catalog")
def cards(request, query: Query[CardQuery]):
    return card_search(
        query=query.q, kind=query.kind, faction=query.faction, upgrade_type=query.upgrade_type, limit=query.limit
    )


# --- Fleets ---------------------------------------------------------------------------------------


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


IMPORT_BODY = {
    "requestBody": {
        "required": True,
        "description": (
            "A fleet in any format Muster reads: a Muster fleet file (JSON, below), a Space Dock squad file "
            "(JSON), a Utopia share link, Utopia's text or Tabletop Simulator export, Space Dock's text, "
            "or Muster's text export (as text/plain)."
        ),
        "content": {
            "application/json": {"schema": _fleet_file_schema()},
            "text/plain": {"schema": {"type": "string", "maxLength": interchange.MAX_INPUT_BYTES}},
        },
    }
}


class ImportOut(Schema):
    """What an import recognised: ``rules.attack_wing.interchange.result_to_dict``."""

    format: str = Field(description=f"The format read: one of {', '.join(interchange.FORMATS)}.")
    name: str | None
    fleet: dict[str, Any] = Field(description="The fleet file the import makes.")
    complete: bool = Field(description="Every card of the source was recognised and placed.")
    source_total: int | None = Field(description="The fleet total the source printed, if it printed one.")
    source_ship_totals: list[int | None]
    total: int | None = Field(description="Muster's total for the fleet.")
    ship_totals: list[int] | None
    cards: list[dict[str, Any]] = Field(
        description="Card by card: status (matched, ambiguous, not_found, unplaced), role, source (as written), "
        "id, name, ship, position, how, note, alternatives, source_cost (printed by the source), cost (Muster's)."
    )
    problems: list[str]
    notes: list[str]


SourceFormat = Literal[interchange.FORMATS]  # type: ignore[valid-type]


class ImportQuery(Schema):
    name: CleanStr = Field("", max_length=100, description="The new fleet's name; default: the source's.")
    source_format: SourceFormat | None = Field(None, description="The body's format; default: detected.")
    squad: int = Field(0, ge=0, le=1000, description="Which squad of a Space Dock file (0 = the first).")
    preview: bool = Field(False, description="Only read the fleet and report what was recognised: nothing is saved.")


class FleetImportedOut(FleetDetailOut):
    imported: ImportOut = Field(description="What the import recognised, card by card.")


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
        fleet = services.fleet_import(
            owner=request.auth, data=request.body, name=query.name or None, fmt=query.source_format, squad=query.squad
        )
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
        raise HttpError(404, "No such version.")
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


# --- The public fleet check -----------------------------------------------------------------------


@router.post(
    "/staw/validate",
    auth=None,
    throttle=[ClientAddressThrottle(VALIDATE_RATE)],
    response={200: dict[str, Any], 400: Problem, 429: Problem},
    openapi_extra=FLEET_FILE_BODY,
    summary="Check a STAW fleet file (no login; rate-limited per address)",
)
def staw_validate(request, format: str | None = None, on: date | None = None):
    """The engine's report: costs card by card, total, and every violation.

    The format and date come from the file, else from the format and on parameters, else
    the default format and no date (resource retirement is then not checked).
    """
    catalog = load_catalog()
    try:
        fleet, file_format, file_date = parse_fleet(request.body, catalog)
    except FleetFileError as error:
        raise HttpError(400, error.message) from None
    except (ValueError, RecursionError):
        raise HttpError(400, "the body is not a fleet file") from None
    try:
        fmt = get_format(file_format or format or DEFAULT_FORMAT)
    except KeyError as error:
        raise HttpError(400, str(error.args[0])) from None
    return report_to_dict(validate_fleet(fleet, catalog, fmt, file_date or on))
