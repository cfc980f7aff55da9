"""How a view calls a service: a refusal becomes a message to the user instead of a crash."""

from __future__ import annotations

from django.contrib import messages

from ..errors import TournamentError


def run_service(request, service, success: str = "", **kwargs):
    """Call ``service``; its refusal becomes an error message instead of a crash. Returns its result or None."""
    try:
        result = service(**kwargs)
    except TournamentError as error:
        messages.error(request, error.message)
        return None
    if success:
        messages.success(request, success)
    return result if result is not None else True
