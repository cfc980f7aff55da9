"""Trust under faults: the shared cache (Redis) stops in the middle of the event night, and the site
degrades, never fails. The live page answers uncached, the rate limits count in the process (stricter,
never open), and /healthz says the cache is degraded while the database answers.

Each test starts its own redis-server on a free port and points the cache at it, as production does
(``REDIS_URL``), so stopping it touches no other Redis on the machine."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
import redis
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from accounts import shared_cache
from fleets import throttles
from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]

HTMX = {"HTTP_HX_REQUEST": "true"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def own_redis():
    """A redis-server of this test's own; ``own_redis.stop()`` stops it. The cache points at it (with
    production's options) for the test."""
    port = free_port()
    server = subprocess.Popen(  # noqa: S603 - a fixed command line
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no", "--daemonize", "no"],  # noqa: S607
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    else:
        server.kill()
        pytest.fail("redis-server did not start")
    cache_settings = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": settings.REDIS_OPTIONS,
        }
    }

    def stop():
        server.terminate()
        server.wait(timeout=10)

    server.stop = stop
    throttles.LOCAL_COUNTS.clear()  # the process's own counts, from an earlier test
    with override_settings(CACHES=cache_settings):
        yield server
    if server.poll() is None:
        stop()


@pytest.fixture
def night(event_staff, enter):
    """A running round of four players, its first table's player and the code on their sheet."""
    event = event_staff["event"]
    registrations = [enter(event) for _ in range(4)]
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return {"event": event, "player": registrations[0].player, "code": registrations[0].fleet_version.code}


def walk_the_night(client, night) -> dict[str, int]:
    """Every page of the event night a phone or the desk opens, by name, with its status."""
    event = night["event"]
    live = reverse("tournaments:live", args=[event.pk, 1])
    return {
        "event": client.get(reverse("tournaments:event", args=[event.pk])).status_code,
        "standings": client.get(reverse("tournaments:standings", args=[event.pk])).status_code,
        "live": client.get(live).status_code,
        "live poll": client.get(live, **HTMX).status_code,
        "live poll again": client.get(live, **HTMX).status_code,
        "check": client.post(reverse("check"), {"text": "not a fleet"}).status_code,
        "verify": client.post(reverse("fleets:verify_code"), {"code": night["code"]}).status_code,
    }


def test_the_night_goes_on_when_the_cache_stops(own_redis, night, client):
    assert set(walk_the_night(client, night).values()) <= {200, 302}
    assert client.get("/healthz").json() == {"status": "ok"}
    own_redis.stop()
    for who in (None, night["player"]):
        if who:
            client.force_login(who)
        answers = walk_the_night(client, night)
        assert set(answers.values()) <= {200, 302}, answers
    live = client.get(reverse("tournaments:live", args=[night["event"].pk, 1]))
    assert f"{night['player'].username}: table" in live.content.decode() or "live-mine" in live.content.decode()
    health = client.get("/healthz")
    assert health.status_code == 200 and health.json() == {"status": "degraded"}


def test_staff_see_which_service_is_degraded_and_how(own_redis, night, client):
    staff = PlayerFactory(is_staff=True)
    client.force_login(staff)
    healthy = client.get("/healthz").json()
    assert healthy == {"status": "ok", "degraded": [], "services": {"database": "ok", "cache": "ok"}}
    own_redis.stop()
    answer = client.get("/healthz").json()
    assert answer["status"] == "degraded" and answer["degraded"] == ["cache"]
    assert answer["services"]["database"] == "ok" and "ConnectionError" in answer["services"]["cache"]


def test_the_live_page_is_read_afresh_without_the_cache(own_redis, night, client):
    """A kept answer would hide a result entered since; without the cache nothing is kept, so nothing is stale."""
    url = reverse("tournaments:live", args=[night["event"].pk, 1])
    own_redis.stop()
    assert client.get(url, **HTMX).content.decode().count("result in") == 0
    match = night["event"].rounds.get(number=1).matches.filter(table=1).get()
    result_enter(match=match, by=night["event"].organizer, result=MatchResult(1))
    assert client.get(url, **HTMX).content.decode().count("result in") == 1


@pytest.mark.parametrize("path", ["check", "fleets:verify_code"])
def test_rate_limits_count_in_the_process_stricter_never_open(own_redis, path, client, db):
    """Without the shared count each process allows a third of the limit: a few processes together stay within it."""
    own_redis.stop()
    limit = 30 // throttles.LOCAL_SHARE
    field = {"check": {"text": "not a fleet"}, "fleets:verify_code": {"code": "AAAAAAAA"}}[path]
    statuses = [client.post(reverse(path), field).status_code for _ in range(limit + 1)]
    assert statuses[:limit] == [200] * limit and statuses[-1] == 429
    # Another address has its own count.
    assert client.post(reverse(path), field, REMOTE_ADDR="10.0.0.9").status_code == 200


def test_the_api_check_is_limited_in_the_process_too(own_redis, client, db):
    own_redis.stop()
    url = "/api/staw/validate"
    statuses = [
        client.post(url, b"not a fleet", content_type="application/json").status_code
        for _ in range(30 // throttles.LOCAL_SHARE + 1)
    ]
    assert 500 not in statuses and statuses[-1] == 429


def test_the_cache_is_asked_again_once_it_answers(own_redis, db):
    """After a failure the cache is left alone for a while; an answer from /healthz's probe ends the wait."""
    own_redis.stop()
    assert shared_cache.get("anything", "missing") == "missing"
    assert not shared_cache.usable()
    assert shared_cache.probe() is not None
