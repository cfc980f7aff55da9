"""Tests: fast hashing, no debug (tests see what users see), mail kept in memory, commits not waiting for the disk."""

from .base import *  # noqa: F403

SECRET_KEY = "test-only-not-secret"  # noqa: S105
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
EVENT_SNAPSHOTS = None  # a test that checks them sets a folder of its own
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from the source folders: tests never run collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Games that exist only in the tests: each proves a game is one folder and this one line
# (docs/adding-a-game.md): tests/games/coin_toss (decks), tests/games/last_ship (fleets) and
# tests/games/coin_flip (coin_toss copied, its key and label changed).
INSTALLED_APPS = [*INSTALLED_APPS, "tests.games.coin_toss", "tests.games.last_ship", "tests.games.coin_flip"]  # noqa: F405

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    # A test database is thrown away: its commits need not wait for the disk (every browser test commits).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"  # noqa: F405
