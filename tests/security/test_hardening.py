"""Hardening: CSRF on every write, security headers and the Content-Security-Policy, the
production settings' deployment checks, and no secret in the repository.

Login throttling is ``tests/accounts/test_accounts_views.py::test_login_is_throttled_after_five_failures``;
the public check's rate limit is ``tests/fleets/test_api.py::test_validate_is_rate_limited_per_client_address``.
"""

from __future__ import annotations

import re
import runpy
import secrets
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client, override_settings
from django.urls import reverse

from fleets.api import VALIDATE_RATE
from tests.permissions.harness import (
    BAD,
    E403,
    OK,
    allowed_role,
    ask,
    database_state,
    outcome,
)
from tests.permissions.matrix import MATRIX
from tests.security.world import World, world_in_transaction

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


# --- CSRF -----------------------------------------------------------------------------------------

# Writes that need no CSRF token, and why.
CSRF_EXEMPT = {
    "api:staw_validate": "public: no session is read and nothing is written",
}
WRITES = [row for row in MATRIX if row.unsafe and row.name not in CSRF_EXEMPT]


def session_client(world: World, role: str, csrf_token: str | None = None) -> Client:
    """A browser signed in as ``role`` that holds (and sends back) ``csrf_token``, or none at all."""
    headers = {"HTTP_X_CSRFTOKEN": csrf_token} if csrf_token else {}
    client = Client(enforce_csrf_checks=True, **headers)
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    if csrf_token:
        client.cookies[settings.CSRF_COOKIE_NAME] = csrf_token
    return client


@pytest.mark.parametrize("row", WRITES, ids=[f"{row.name} {row.method}" for row in WRITES])
def test_every_write_needs_the_csrf_token(world, row):
    """A signed-in user allowed to make the request is refused without the token (and nothing
    changes), and gets the matrix's answer with it: the refusal is the CSRF check's."""
    role = allowed_role(row)
    response, unchanged = ask(world, role, row, before=database_state(), client=session_client(world, role))
    assert outcome(response) == E403 and unchanged
    token = secrets.token_hex(16)
    response, _ = ask(world, role, row, client=session_client(world, role, csrf_token=token))
    assert outcome(response) == row.expected()[role]


def test_every_write_of_the_matrix_is_checked_or_exempt_with_a_reason():
    writes = {row.name for row in MATRIX if row.unsafe}
    assert writes == {row.name for row in WRITES} | set(CSRF_EXEMPT)
    assert all(row.expected()[allowed_role(row)] in (OK, BAD) for row in WRITES)


# --- Headers and the Content-Security-Policy --------------------------------------------------------

PAGES = {
    "home": lambda world: reverse("home"),
    "event": lambda world: reverse("tournaments:event", args=[world.event.pk]),
    "round": lambda world: reverse("tournaments:round", args=[world.event.pk, 1]),
    "match": lambda world: reverse("tournaments:match", args=[world.event.pk, world.match.pk]),
    "history": lambda world: reverse("tournaments:history", args=[world.event.pk]),
    "fleet builder": lambda world: reverse("fleets:detail", args=[world.fleet.pk]),
    "fleet list": lambda world: reverse("fleets:list"),
    "deck builder": lambda world: reverse("fleets:decks:builder", args=[world.deck.pk]),
    "API docs": lambda world: reverse("api:openapi-view"),
    "API schema": lambda world: reverse("api:openapi-json"),
    "fleet sheet": lambda world: reverse("fleets:sheet", args=[world.fleet.pk]),
    "refused": lambda world: reverse("tournaments:export_json", args=[world.other_event.pk]),
    "missing": lambda world: "/no/such/page/",
}
CSP = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "object-src": {"'none'"},
    "frame-ancestors": {"'none'"},
    "base-uri": {"'self'"},
    "form-action": {"'self'"},
}
HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def csp_directives(header: str) -> dict[str, set[str]]:
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: set(values) for name, *values in directives}


@pytest.mark.parametrize("page", PAGES)
def test_every_answer_carries_the_security_headers_and_a_strict_policy(world, page):
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions["player"]
    response = client.get(PAGES[page](world))
    assert response.status_code in (200, 403, 404)
    assert {name: response.get(name) for name in HEADERS} == HEADERS
    directives = csp_directives(response["Content-Security-Policy"])
    assert {name: directives.get(name) for name in CSP} == CSP


class InlineCode(HTMLParser):
    """What a strict policy would block: inline scripts, ``style=``, ``on...=`` and ``javascript:``."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script" and not attributes.get("src"):
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        for name, value in attributes.items():
            if name == "style" or name.startswith("on"):
                self.found.append(f"{name}= on <{tag}>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"a javascript: URL on <{tag}>")


@pytest.mark.parametrize("role", ["player", "organizer"])
def test_pages_hold_no_inline_code_the_policy_would_block(world, role):
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    found = {}
    for page, url in PAGES.items():
        response = client.get(url(world))
        html = response.get("Content-Type", "").startswith("text/html")
        if html and (inline := InlineCode(response.content.decode()).found):
            found[page] = inline
    assert found == {}


def test_the_inline_code_finder_finds_inline_code():
    html = '<script>x()</script><p style="color:red" onclick="x()"><a href="javascript:x()">a</a><style>p{}</style>'
    assert len(InlineCode(html).found) == 5


# --- Production settings -----------------------------------------------------------------------------


def production_settings(monkeypatch) -> dict:
    """The values ``config.settings.production`` computes from a real-looking environment (without
    the variable the browser tests set for Playwright, which a deployment must not have)."""
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)
    monkeypatch.setenv("SECRET_KEY", secrets.token_urlsafe(64))
    monkeypatch.setenv("ALLOWED_HOSTS", "muster.example.org")
    values = runpy.run_module("config.settings.production")
    return {name: value for name, value in values.items() if name.isupper() and name != "DATABASES"}


def differing(values: dict) -> dict:
    """The settings among ``values`` that differ from the tests' (only those need overriding)."""
    return {name: value for name, value in values.items() if getattr(settings, name, None) != value}


def test_check_deploy_is_clean_with_the_production_settings(monkeypatch):
    """In process, what CI runs as ``manage.py check --deploy --fail-level WARNING
    --settings=config.settings.production``."""
    production = differing(production_settings(monkeypatch))
    assert {"SECRET_KEY", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "SECURE_HSTS_SECONDS"} <= set(production)
    with override_settings(**production):
        call_command("check", "--deploy", "--fail-level", "WARNING", verbosity=0)


def test_the_deploy_check_fails_on_an_insecure_setting(monkeypatch):
    """The check above can fail: production without secure session cookies is refused."""
    production = differing({**production_settings(monkeypatch), "SESSION_COOKIE_SECURE": False})
    with override_settings(**production), pytest.raises(SystemCheckError, match="SESSION_COOKIE_SECURE"):
        call_command("check", "--deploy", "--fail-level", "WARNING", verbosity=0)


@pytest.mark.parametrize("secret", ["", "short-and-guessable"])
def test_production_refuses_to_start_without_a_real_secret(monkeypatch, secret):
    monkeypatch.setenv("SECRET_KEY", secret)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        runpy.run_module("config.settings.production")


def test_production_cookies_and_transport_are_secure(monkeypatch):
    production = production_settings(monkeypatch)
    assert production["DEBUG"] is False
    assert production["SESSION_COOKIE_SECURE"] and production["CSRF_COOKIE_SECURE"]
    assert production["SESSION_COOKIE_HTTPONLY"]
    assert production["SECURE_HSTS_SECONDS"] >= 31_536_000 and production["SECURE_SSL_REDIRECT"]


# --- No secret in the repository -------------------------------------------------------------------

# Built from pieces, so this file does not match its own patterns.
SECRET_PATTERNS = {
    "a private key": re.compile("-----BEGIN ([A-Z]+ )?" + "PRIVATE KEY-----"),
    "an AWS access key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "a GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "a Slack token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"),
    "a Stripe live key": re.compile(r"\b[sr]k_" + r"live_[0-9A-Za-z]{20,}"),
    "a Google API key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    "a literal Django secret": re.compile(r"SECRET_KEY\s*=\s*['\"][^'\"]{30,}['\"]"),
    "a password in a URL": re.compile(r"://[^/\s:@'\"]+:(?!password@|PASSWORD@|\.\.\.@|\$)[^@\s/'\"]+@"),
}
SECRET_FILES = re.compile(r"(^|/)(\.secret_key|\.env|[^/]*\.(pem|key|p12|pfx)|id_(rsa|ecdsa|ed25519)|db\.sqlite3)$")


def secrets_in(text: str) -> list[str]:
    return [name for name, pattern in SECRET_PATTERNS.items() if pattern.search(text)]


def repository_files() -> list[str]:
    """Every file git tracks or would add (ignored files excluded), relative to the project."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: nothing to scan")
    return [name for name in listed.stdout.splitlines() if (ROOT / name).is_file()]


def test_no_secret_is_in_the_repository():
    found = {}
    for name in repository_files():
        if SECRET_FILES.search(name):
            found[name] = ["a file that holds secrets"]
            continue
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files: images, fonts, PDFs
        if hits := secrets_in(text):
            found[name] = hits
    assert found == {}


def test_the_secret_scanner_finds_secrets():
    """The scan above can fail: each pattern finds what it is named after, and placeholders pass."""
    samples = [
        "-----BEGIN RSA " + "PRIVATE KEY-----",
        "AKIA" + "ABCDEFGHIJKLMNOP",
        "ghp_" + "a" * 36,
        "xoxb-" + "1234567890-abc",
        "sk_" + "live_" + "a" * 24,
        "AIza" + "b" * 35,
        "SECRET_KEY = '" + "x" * 50 + "'",
        "postgres://muster:" + "hunter2@db.example.org/muster",
    ]
    assert [secrets_in(sample) for sample in samples] == [[name] for name in SECRET_PATTERNS]
    assert secrets_in("postgres://muster:password@db.example.org:5432/muster") == []
    assert SECRET_FILES.search("deploy/.secret_key") and not SECRET_FILES.search("docs/keys.md")


def test_the_public_check_counts_per_address_not_per_forwarded_header():
    """A rotating X-Forwarded-For buys a caller no more checks (the fixed-header case is
    ``tests/fleets/test_api.py::test_validate_is_rate_limited_per_client_address``)."""
    cache.clear()
    limit = int(VALIDATE_RATE.split("/")[0])
    statuses = [
        Client()
        .post("/api/staw/validate", "{}", content_type="application/json", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
        .status_code
        for n in range(limit + 1)
    ]
    cache.clear()
    assert statuses.count(429) == 1 and statuses[-1] == 429
