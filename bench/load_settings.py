"""The production settings, as the load benchmark serves the site with gunicorn.

Two things differ: ``collectstatic`` writes to ``$BENCH_STATIC_ROOT`` (a
temporary folder) instead of the checkout's ``staticfiles/``, and mail (the players' pairing
notices the worker sends) is written to files in ``$BENCH_MAIL_ROOT`` beside it, since the
benchmark's machine has no mail server: the worker does the same work, and a failed delivery
would count as a server error. Everything else,
HTTPS-only cookies and the redirect to HTTPS included, is production's: the load
driver speaks to gunicorn as the TLS-terminating proxy the README describes does,
sending ``X-Forwarded-Proto: https``.
"""

import os

from config.settings.production import *  # noqa: F403

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
EMAIL_FILE_PATH = os.environ["BENCH_MAIL_ROOT"]
