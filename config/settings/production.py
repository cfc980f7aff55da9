"""Production: a secret and hosts must be given; HTTPS everywhere.

``SECURE_SSL_REDIRECT`` can be turned off with ``SECURE_SSL_REDIRECT=0`` when a
proxy in front already redirects (it must then send ``X-Forwarded-Proto``).
"""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env_bool

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be set to a random value of at least 50 characters.")

DEBUG = False
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True

# Mail and the all-sheets PDF wait in the database for the worker (manage.py run_worker), never in a request.
TASKS_BACKEND = os.environ.get("TASKS_BACKEND", "database")
TASKS = {"default": {"BACKEND": TASK_BACKENDS[TASKS_BACKEND]}}  # noqa: F405

# Each server process keeps its database connection for a minute (checked before reuse) instead of
# opening one per request: a new PostgreSQL connection costs the database a process start.
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "60"))  # noqa: F405
