"""The production settings, as the load benchmark serves the site with gunicorn.

Only one thing differs: ``collectstatic`` writes to ``$BENCH_STATIC_ROOT`` (a
temporary folder) instead of the checkout's ``staticfiles/``. Everything else,
HTTPS-only cookies and the redirect to HTTPS included, is production's: the load
driver speaks to gunicorn as the TLS-terminating proxy the README describes does,
sending ``X-Forwarded-Proto: https``.
"""

import os

from config.settings.production import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
