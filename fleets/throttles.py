"""Rate limits of the public pages: the fleet check (the validate API and the list checker page share
it) and the form where a judge types a sheet's verification code."""

from __future__ import annotations

from ninja.throttling import SimpleRateThrottle

from accounts.client_address import client_address

VALIDATE_RATE = "30/min"  # per client address: the check is public and costs a full engine run
VERIFY_CODE_RATE = "30/min"  # per client address: a sheet a round for a venue's judges, no code guessing


class ClientAddressThrottle(SimpleRateThrottle):
    """Counts requests per client address in Django's cache.

    The address is :func:`accounts.client_address.client_address`'s, as the log-in lockout
    counts it: ``X-Forwarded-For`` is believed only as far as ``TRUSTED_PROXY_COUNT`` trusted
    proxies wrote it, so a client cannot escape its limit by sending a value there. The public
    check API and the ``/check/`` page count in the same scope, so an address has one budget for both.
    """

    scope = "staw-validate"

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
