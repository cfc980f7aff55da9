"""The site runs on ``requirements.txt`` alone: nothing it imports comes from ``requirements-dev.txt``.

A fresh virtualenv per run would be slow and need the package index, so the check runs the production settings
in a new interpreter that refuses to import any package only the development requirements install (and the
tests themselves): it builds the WSGI application gunicorn serves, answers one request through it (the API's
schema: every URL, view and API module is imported to answer it, and no database or collected static file is
needed) and loads every template tag library.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The import names of what requirements-dev.txt adds (and their own test-only dependencies), and the tests.
DEV_ONLY = (
    "pytest",
    "_pytest",
    "pytest_django",
    "xdist",
    "pytest_cov",
    "coverage",
    "factory",
    "faker",
    "hypothesis",
    "schemathesis",
    "playwright",
    "axe_playwright_python",
    "pypdf",
    "openapi_spec_validator",
    "importlinter",
    "djhtml",
    "tests",
)

SERVE_ONE_REQUEST = """
import sys
from importlib.abc import MetaPathFinder

DEV_ONLY = set(sys.argv[1].split(","))

class RefuseDevPackages(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in DEV_ONLY:
            raise ImportError(f"{name} is a development package: production must not import it")
        return None

sys.meta_path.insert(0, RefuseDevPackages())

from wsgiref.util import setup_testing_defaults

from config.wsgi import application
from django.template import engines

environ = {"PATH_INFO": "/api/openapi.json", "HTTP_HOST": "muster.example.org", "HTTP_X_FORWARDED_PROTO": "https"}
setup_testing_defaults(environ)
answer = {}
body = b"".join(application(environ, lambda status, headers, exc_info=None: answer.setdefault("status", status)))
print(answer["status"], b'"openapi"' in body, bool(engines["django"].engine.template_libraries))
print(sorted({name.partition(".")[0] for name in sys.modules} & DEV_ONLY))
"""


@pytest.mark.slow(reason="a new interpreter imports the whole site, every view and API module, to answer")
def test_the_production_settings_serve_a_page_without_any_development_package(tmp_path):
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "production-like-secret-" + "x" * 40,
        "ALLOWED_HOSTS": "muster.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    run = subprocess.run(
        [sys.executable, "-c", SERVE_ONE_REQUEST, ",".join(DEV_ONLY)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["200 OK True True", "[]"], run.stdout + run.stderr


def test_the_guard_refuses_a_development_package():
    """The check above could not fail if its guard let a development package through."""
    run = subprocess.run(
        [sys.executable, "-c", SERVE_ONE_REQUEST.split("from wsgiref")[0] + "import pypdf", ",".join(DEV_ONLY)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode != 0
    assert "pypdf is a development package" in run.stderr


@pytest.mark.parametrize("requirements", ["requirements.txt", "requirements-dev.txt"])
def test_every_requirement_is_pinned(requirements):
    lines = [line.split("#")[0].strip() for line in (ROOT / requirements).read_text().splitlines()]
    pins = [line for line in lines if line and not line.startswith("-r ")]
    assert pins and all("==" in line for line in pins), pins


def test_the_production_requirements_name_no_development_package():
    names = {
        line.split("==")[0].lower() for line in (ROOT / "requirements.txt").read_text().splitlines() if "==" in line
    }
    dev = {
        line.split("==")[0].lower() for line in (ROOT / "requirements-dev.txt").read_text().splitlines() if "==" in line
    }
    assert names and dev and not names & dev
    assert "-r requirements.txt" in (ROOT / "requirements-dev.txt").read_text().splitlines()
