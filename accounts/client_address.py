"""The address a request comes from, as far as the site can trust it.

``REMOTE_ADDR`` is the connecting address: behind a reverse proxy that is the proxy's,
the same for every visitor. The proxy adds the address it saw to ``X-Forwarded-For``;
everything to the left of what our own proxies added was written by the client and
proves nothing. With ``TRUSTED_PROXY_COUNT`` proxies in front (a setting, from the
environment; 0 when the site is reached directly), the client is the
``TRUSTED_PROXY_COUNT``-th entry from the right. django-axes (log-in lockout) asks
here (``AXES_CLIENT_IP_CALLABLE``).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_address(request) -> str | None:
    """The client's address: ``REMOTE_ADDR`` unless trusted proxies are configured, then the
    address the outermost of them saw. A header shorter than the proxy chain (a request that
    did not come through all of them) or an entry that is not an address is not believed:
    ``REMOTE_ADDR`` is used."""
    remote = request.META.get("REMOTE_ADDR")
    count = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if count <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if len(forwarded) < count:
        return remote
    candidate = forwarded[-count]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
