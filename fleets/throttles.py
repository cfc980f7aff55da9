"""Rate limits of the public pages: the fleet check (the validate API and the list checker page share
it) and the form where a judge types a sheet's verification code."""

from __future__ import annotations

from django.core.cache.backends.locmem import LocMemCache
from ninja.throttling import SimpleRateThrottle

from accounts import shared_cache
from accounts.client_address import client_address

VALIDATE_RATE = "30/min"  # per client address: the check is public and costs a full engine run
VERIFY_CODE_RATE = "30/min"  # per client address: a sheet a round for a venue's judges, no code guessing

# When the shared cache cannot be reached, each server process counts on its own, allowing this share
# of the limit: stricter than the shared count (a few processes together still stay within the limit),
# never open.
LOCAL_SHARE = 3
LOCAL_COUNTS = LocMemCache("throttle-local-counts", {"MAX_ENTRIES": 10_000})


class ClientAddressThrottle(SimpleRateThrottle):
    """Counts requests per client address in Django's cache.

    The address is :func:`accounts.client_address.client_address`'s, as the log-in lockout
    counts it: ``X-Forwarded-For`` is believed only as far as ``TRUSTED_PROXY_COUNT`` trusted
    proxies wrote it, so a client cannot escape its limit by sending a value there. The public
    check API and the ``/check/`` page count in the same scope, so an address has one budget for both.
    When the shared cache cannot be reached, the count goes on in the process (``LOCAL_SHARE``).
    """

    scope = "staw-validate"

    def allow_request(self, request) -> bool:
        if shared_cache.usable():
            try:
                return super().allow_request(request)
            except shared_cache.ERRORS as error:
                shared_cache.note_fault(error)
        return self.allow_locally(request)

    def allow_locally(self, request) -> bool:
        """The same count in this process's memory, at ``1/LOCAL_SHARE`` of the limit."""
        shared_limit = self.num_requests
        self.cache, self.num_requests = LOCAL_COUNTS, max(1, shared_limit // LOCAL_SHARE)
        try:
            return super().allow_request(request)
        finally:
            del self.cache  # back to the class's: the shared cache
            self.num_requests = shared_limit

    def get_cache_key(self, request) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request) or "unknown"}


class VerifyCodeThrottle(ClientAddressThrottle):
    """Verification codes, typed on the form or in a verify address (``/fleets/verify/<id>/<code>/``, a
    sheet's QR code), in one budget counted apart from the check: a judge's typing does not eat the
    budget of the list checker, and guessing codes (8 characters, 40 bits) stays hopeless by either door."""

    scope = "fleet-verify-code"


def over_the_limit(request) -> bool:
    """For a plain view: does this request go over the public check's limit? (It counts it.)"""
    return not ClientAddressThrottle(VALIDATE_RATE).allow_request(request)


def over_the_code_limit(request) -> bool:
    """Does this typed code go over the verification form's limit? (It counts it.)"""
    return not VerifyCodeThrottle(VERIFY_CODE_RATE).allow_request(request)
