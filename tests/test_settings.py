"""Settings read from the environment: the shared cache that rate limits need across workers."""

import importlib
import os
from unittest import mock


def load_base_settings(**environ):
    with mock.patch.dict(os.environ, environ, clear=False):
        import config.settings.base as base

        return importlib.reload(base)


def test_redis_url_makes_the_cache_shared():
    base = load_base_settings(REDIS_URL="redis://127.0.0.1:6379/3")
    assert base.CACHES["default"] == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/3",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }


def test_without_redis_each_process_keeps_its_own_cache():
    with mock.patch.dict(os.environ):
        os.environ.pop("REDIS_URL", None)
        base = load_base_settings()
    assert base.CACHES["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
