"""The public check's rate limit counts per client address, as the log-in lockout does (``accounts.client_address``)."""

from django.test import RequestFactory, override_settings

from fleets.throttles import VALIDATE_RATE, ClientAddressThrottle


def key(**meta) -> str:
    return ClientAddressThrottle(VALIDATE_RATE).get_cache_key(RequestFactory().get("/", **meta))


def test_without_a_trusted_proxy_a_forwarded_header_changes_nothing():
    assert key(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="198.51.100.1") == key(REMOTE_ADDR="203.0.113.9")


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_each_visitor_has_their_own_count():
    proxy = "10.0.0.2"
    first = key(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.1")
    second = key(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.2")
    forged = key(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.1")
    assert first != second and forged == first  # only the entry the proxy wrote is believed
