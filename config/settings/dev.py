"""Development: debug on unless told otherwise, a generated secret, e-mail to the console, and the
events' snapshots in ``snapshots/`` beside the database (``EVENT_SNAPSHOTS=`` turns them off)."""

import os

from django.core.management.utils import get_random_secret_key

from .base import *  # noqa: F403
from .base import BASE_DIR, env_bool


def _local_secret_key() -> str:
    """A secret generated once per checkout and kept in an ignored file, so sessions survive restarts."""
    path = BASE_DIR / ".secret_key"
    if not path.exists():
        path.write_text(get_random_secret_key())
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY") or _local_secret_key()
DEBUG = env_bool("DEBUG", True)
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
# `make run` is the laptop at the event: every result and pairing is kept on disk (README, "If the laptop dies").
EVENT_SNAPSHOTS = os.environ.get("EVENT_SNAPSHOTS", str(BASE_DIR / "snapshots")) or None
