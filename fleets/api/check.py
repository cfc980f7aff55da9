"""The public STAW fleet check: no login, rate-limited per client address."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext
from ninja import Router
from ninja.errors import HttpError

from accounts.api_schemas import Problem
from rules.attack_wing import DEFAULT_FORMAT, FleetFileError, get_format, parse_fleet, report_to_dict, validate_fleet

from ..selectors import load_catalog
from ..throttles import VALIDATE_RATE, ClientAddressThrottle
from .schemas import FLEET_FILE_BODY

router = Router()


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
        raise HttpError(400, gettext("the body is not a fleet file")) from None

    try:
        fmt = get_format(file_format or format or DEFAULT_FORMAT)
    except KeyError as error:
        raise HttpError(400, str(error.args[0])) from None
    return report_to_dict(validate_fleet(fleet, catalog, fmt, file_date or on))
