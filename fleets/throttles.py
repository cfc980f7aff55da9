"""The rate limit of the public fleet check: the validate API and the list checker page share it."""

from __future__ import annotations

from ninja.throttling import SimpleRateThrottle

VALIDATE_RATE = "30/min"  # per client address: the check is public and costs a full engine run


class ClientAddressThrottle(SimpleRateThrottle):
    """Counts requests per connecting address (``REMOTE_ADDR``) in Django's cache.

    ``X-Forwarded-For`` is ignored: a client could send any value there and
    escape its limit. Behind a proxy, the proxy must set ``REMOTE_ADDR``.
    The public check API and the ``/check/`` page count in the same scope, so an
    address has one budget for both.
    """

    scope = "staw-validate"

    def get_cache_key(self, request) -> str:
        return self.cache_format % {"scope": self.scope, "ident": request.META.get("REMOTE_ADDR", "unknown")}


def over_the_limit(request) -> bool:
    """For a plain view: does this request go over the public check's limit? (It counts it.)"""
    return not ClientAddressThrottle(VALIDATE_RATE).allow_request(request)
