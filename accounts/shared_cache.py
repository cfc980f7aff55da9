"""The shared cache (Redis in production) as the site's pages use it: a lost connection is a miss,
never a server error.

The cache only ever saves work (the live pairings) or counts requests (the rate limits), so a page
can always go on without it: a read that fails is a miss, a write that fails is skipped, and the rate
limits count in the process instead (:mod:`fleets.throttles`). After a failure the cache is left alone
for ``RETRY_SECONDS`` in this process, so a cache host that no longer answers costs one timeout now
and then, not one per request; ``/healthz`` asks it for real and says it is degraded.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import cache
from django.core.signals import setting_changed
from django.dispatch import receiver
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# What a cache that cannot be reached raises: Redis's own errors, and the socket's.
ERRORS = (RedisError, OSError)
RETRY_SECONDS = 5
PROBE_KEY = "healthz-probe"

_left_alone_until = 0.0  # time.monotonic() before which this process does not ask the cache


def usable() -> bool:
    """Whether to ask the cache now (False for a while after it failed)."""
    return time.monotonic() >= _left_alone_until


def note_fault(error: Exception) -> None:
    """The cache failed: say so in the log and leave it alone for ``RETRY_SECONDS``."""
    global _left_alone_until
    if usable():
        logger.warning("The shared cache failed (%s: %s); going on without it.", type(error).__name__, error)
    _left_alone_until = time.monotonic() + RETRY_SECONDS


def get(key: str, default=None):
    """The cached value, or ``default`` when it is not there or the cache cannot be reached."""
    if not usable():
        return default
    try:
        return cache.get(key, default)
    except ERRORS as error:
        note_fault(error)
        return default


def set(key: str, value, timeout: int) -> None:
    """Keep ``value`` for ``timeout`` seconds, if the cache can be reached (else it is not kept)."""
    if not usable():
        return
    try:
        cache.set(key, value, timeout)
    except ERRORS as error:
        note_fault(error)


def probe() -> str | None:
    """Ask the cache for real (whether or not it is being left alone): None when it answers, else what
    went wrong. An answer ends the wait after an earlier failure."""
    global _left_alone_until
    try:
        cache.get(PROBE_KEY)
    except ERRORS as error:
        note_fault(error)
        return f"{type(error).__name__}: {error}"
    _left_alone_until = 0.0
    return None


@receiver(setting_changed)
def _forget_faults(*, setting, **kwargs) -> None:
    """Another cache configured: its predecessor's failures say nothing about it."""
    global _left_alone_until
    if setting == "CACHES":
        _left_alone_until = 0.0
