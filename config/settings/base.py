"""Settings shared by every environment, all read from the environment in this one place.

Variables: ``DATABASE_URL`` (default: SQLite file ``db.sqlite3`` in the project
folder), ``SECRET_KEY``, ``DEBUG``, ``ALLOWED_HOSTS`` (comma-separated),
``CSRF_TRUSTED_ORIGINS`` (comma-separated), ``REDIS_URL`` (shared cache; without
it each process keeps its own), ``STAW_UTOPIA_URL`` and ``STAW_SPACEDOCK_URL`` (where
``update_cards`` fetches the newest card databases; the public repositories by default),
``MUSTER_PAPER_SIZE`` (``A4``, the default, or ``Letter``: the paper of printouts outside an event
and of a new event), ``TASKS_BACKEND`` (``immediate``, the default: background jobs run in the request
once its transaction commits; ``database``: they wait in the database for ``manage.py run_worker``),
``EVENT_SNAPSHOTS`` (a folder: every event's export is written there after each result and pairing,
:mod:`tournaments.services.snapshots`; unset: none are written, except by the development settings).
``SITE_URL`` (the site's address as mails link to it, default ``http://localhost:8000``).
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = env_bool("DEBUG")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_htmx",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "accounts",
    "stores",
    "fleets",
    "tournaments",
    "seasons",
    # The games, one app each, declared by a games.config.GameConfig (docs/architecture.md).
    "games.attack_wing",
    "games.wing_commander",
    "games.starship_command",
    "games.spearpoint",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.languages.PersonLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks, so it sees the outcome of authentication.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.roles",
                "games.context_processors.game_links",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers carry on while a writer (a result, a card import) commits;
    # IMMEDIATE transactions take the write lock up front instead of failing mid-way.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;",
        "transaction_mode": "IMMEDIATE",
    }
DATABASES["default"]["ATOMIC_REQUESTS"] = False  # services own their transactions

# Rate limits (the public validate API) count in the cache: with several worker
# processes only a shared cache makes the limit hold for the whole site. The site goes on
# without it (accounts.shared_cache), so a cache host that stops answering is given a second.
REDIS_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 1}
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "OPTIONS": REDIS_OPTIONS,
        }
        if os.environ.get("REDIS_URL")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background jobs (mail, the all-sheets PDF) through django-tasks, the backport of Django 6's tasks
# framework. ``database`` keeps them in the site's own database (django-tasks-db) until a worker
# (``manage.py run_worker``) takes them; ``immediate`` runs them at once, for development.
TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
TASKS_BACKEND = os.environ.get("TASKS_BACKEND", "immediate")
if TASKS_BACKEND not in TASK_BACKENDS:
    raise ImproperlyConfigured(f"TASKS_BACKEND must be one of {', '.join(TASK_BACKENDS)}, not {TASKS_BACKEND!r}.")
TASKS = {"default": {"BACKEND": TASK_BACKENDS[TASKS_BACKEND]}}

# The folder of the events' snapshots (tournaments.services.snapshots); None: no snapshots.
EVENT_SNAPSHOTS = os.environ.get("EVENT_SNAPSHOTS") or None

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The site's words in English and German (locale/, `make messages`); a person's language is their account's
# choice, else the language menu's cookie, else the browser's Accept-Language (accounts.middleware).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Where `manage.py update_cards` fetches the newest card databases (fleets/card_data/README.md).
STAW_CARD_URLS = {
    "utopia": os.environ.get(
        "STAW_UTOPIA_URL",
        "https://raw.githubusercontent.com/AngryTribble/Star-Trek-Attack-Wing-Utopia/site/data/data.json",
    ),
    "spacedock": os.environ.get(
        "STAW_SPACEDOCK_URL", "https://raw.githubusercontent.com/spacedockapp/spacedock/master/src/Data.xml"
    ),
}

# The paper printouts are laid out for where an event has not chosen one (accounts.paper): A4 or Letter.
MUSTER_PAPER_SIZE = os.environ.get("MUSTER_PAPER_SIZE", "A4").strip()
if MUSTER_PAPER_SIZE not in {"A4", "Letter"}:
    raise ImproperlyConfigured(f"MUSTER_PAPER_SIZE must be A4 or Letter, not {MUSTER_PAPER_SIZE!r}.")

# Uploads (fleet and deck files, catalogs) are small; anything larger is refused.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Login throttling: five failures lock the username from that address for an hour.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False  # no start-up banner on every management command
# TRUSTED_PROXY_COUNT (environment): how many reverse proxies in front add to X-Forwarded-For
# (default 0: the site is reached directly and the connecting address is the client's). The
# log-in lockout takes the client address from accounts.client_address, which trusts no more.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "accounts.client_address.client_address"
# The tried username is recorded at most as long as axes' column holds (a longer one failed on PostgreSQL).
AXES_USERNAME_CALLABLE = "accounts.tried_username.tried_username"

# Content-Security-Policy: nothing inline, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "muster@localhost")
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")  # notices link back to the site
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH")  # the folder of EMAIL_BACKEND=...filebased.EmailBackend

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
