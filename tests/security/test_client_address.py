"""The log-in lockout counts per client address, and the client cannot choose that address.

The lockout is per username *and* address, so five wrong passwords from one address do
not lock the account's owner out elsewhere. Behind a reverse proxy every request arrives
from the proxy: without ``TRUSTED_PROXY_COUNT`` anyone could lock every user out by
typing wrong passwords for their name. ``X-Forwarded-For`` is believed only as far as
the configured proxies wrote it; what the client wrote to its left is ignored.
"""

from __future__ import annotations

import runpy

import pytest
from django.conf import settings
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from accounts.client_address import client_address
from tests.accounts.factories import PASSWORD

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"
ATTACKER = "203.0.113.66"
VICTIM = "198.51.100.7"


def log_in(username: str, password: str, remote: str, forwarded: str | None = None) -> int:
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return Client().post(reverse("login"), {"username": username, "password": password}, **headers).status_code


def lock_out(username: str, remote: str, forwarded: str | None = None) -> None:
    for n in range(settings.AXES_FAILURE_LIMIT):
        log_in(username, f"wrong-{n}", remote, forwarded)


def request(remote: str, forwarded: str | None = None):
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **headers)


# --- Reached directly (no trusted proxy, the default) ---------------------------------------------


def test_without_a_proxy_the_forwarded_header_is_ignored():
    assert settings.TRUSTED_PROXY_COUNT == 0
    assert client_address(request(ATTACKER, VICTIM)) == ATTACKER
    assert client_address(request(ATTACKER)) == ATTACKER


def test_without_a_proxy_a_forged_header_neither_locks_the_victim_nor_rotates_the_attacker(player):
    # The attacker claims to be the victim's address: only the attacker's own address is locked.
    lock_out(player.username, ATTACKER, forwarded=VICTIM)
    assert log_in(player.username, PASSWORD, VICTIM) == 302
    # A new forged address on every try does not start a new count.
    assert log_in(player.username, PASSWORD, ATTACKER, forwarded="192.0.2.99") == 429


# --- Behind one trusted proxy ---------------------------------------------------------------------


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_proxy_one_client_cannot_lock_out_another(player):
    """Before, every request had the proxy's address: five wrong passwords from anyone
    locked the user out for everyone."""
    lock_out(player.username, PROXY, forwarded=ATTACKER)
    assert log_in(player.username, PASSWORD, PROXY, forwarded=ATTACKER) == 429
    assert log_in(player.username, PASSWORD, PROXY, forwarded=VICTIM) == 302


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_proxy_a_forged_header_does_not_choose_the_address(player):
    # The proxy appends the address it saw to what the client sent: "forged, real".
    lock_out(player.username, PROXY, forwarded=f"{VICTIM}, {ATTACKER}")
    assert log_in(player.username, PASSWORD, PROXY, forwarded=VICTIM) == 302
    assert log_in(player.username, PASSWORD, PROXY, forwarded=f"192.0.2.1, {ATTACKER}") == 429


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_the_address_is_the_one_the_proxy_saw():
    assert client_address(request(PROXY, ATTACKER)) == ATTACKER
    assert client_address(request(PROXY, f"{VICTIM}, {ATTACKER}")) == ATTACKER
    assert client_address(request(PROXY, f"{VICTIM},{ATTACKER} ")) == ATTACKER
    assert client_address(request(PROXY, "2001:db8::1")) == "2001:db8::1"
    # No header (a request that did not come through the proxy) or junk: the connecting address.
    assert client_address(request(PROXY)) == PROXY
    assert client_address(request(PROXY, "")) == PROXY
    assert client_address(request(PROXY, "not-an-address")) == PROXY


@override_settings(TRUSTED_PROXY_COUNT=2)
def test_behind_two_proxies_the_outer_ones_entry_counts():
    # client -> outer proxy (adds ATTACKER) -> inner proxy (adds the outer's address) -> site
    assert client_address(request(PROXY, f"{VICTIM}, {ATTACKER}, 10.0.0.2")) == ATTACKER
    assert client_address(request(PROXY, "10.0.0.2")) == PROXY


def test_the_setting_comes_from_the_environment(monkeypatch):
    base = str(settings.BASE_DIR / "config" / "settings" / "base.py")
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", "2")
    assert runpy.run_path(base)["TRUSTED_PROXY_COUNT"] == 2
    monkeypatch.delenv("TRUSTED_PROXY_COUNT")
    assert runpy.run_path(base)["TRUSTED_PROXY_COUNT"] == 0
    assert settings.AXES_CLIENT_IP_CALLABLE == "accounts.client_address.client_address"
