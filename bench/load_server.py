"""The site served for the load benchmark: a fresh PostgreSQL database and gunicorn in front of it.

Both are context managers that always clean up, whatever happens inside: the
database is dropped (``WITH (FORCE)``, so a connection left open cannot keep it
alive) and gunicorn is stopped (SIGTERM, then SIGKILL if it lingers). The server
listens on 127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
START_SECONDS = 30
STOP_SECONDS = 10
MANAGE_SECONDS = 300


def postgres_reachable() -> bool:
    try:
        with psycopg.connect(ADMIN_URL, connect_timeout=3):
            return True
    except psycopg.OperationalError:
        return False


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new, empty database on the server ``$BENCH_POSTGRES_URL`` names; yields its URL."""
    name = f"muster_bench_load_{os.getpid()}"
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _admin(f'CREATE DATABASE "{name}"')
    try:
        yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def analyze(database_url: str) -> None:
    """Gather the planner's statistics of the freshly filled database, as after any bulk load.

    A site's tables have statistics: PostgreSQL's autovacuum gathers them as rows come in. A
    benchmark fills its tables seconds before it measures, and whether autovacuum has been by yet
    is chance: without statistics the planner guesses at tables of thousands of rows, and the same
    run measured a p95 of 251 ms once and 5,257 ms another time."""
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute("ANALYZE")


def _admin(statement: str) -> None:
    with psycopg.connect(ADMIN_URL, autocommit=True) as connection:
        connection.execute(statement)


@contextmanager
def site_environment(database_url: str) -> Iterator[tuple[dict[str, str], Path]]:
    """The environment of every ``manage.py`` call and of gunicorn: production settings (see
    :mod:`bench.load_settings`), a generated secret and this database; and a temporary folder
    (removed afterwards) for the collected static files, the mail sent and the server's log."""
    with tempfile.TemporaryDirectory(prefix="muster-bench-load-") as folder:
        environment = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.load_settings",
            "DATABASE_URL": database_url,
            "SECRET_KEY": secrets.token_urlsafe(64),
            "ALLOWED_HOSTS": "127.0.0.1",
            "BENCH_STATIC_ROOT": str(Path(folder) / "static"),
            "BENCH_MAIL_ROOT": str(Path(folder) / "mail"),
            "LOG_LEVEL": "WARNING",
        }
        yield environment, Path(folder)


def manage(environment: dict[str, str], *arguments: str) -> str:
    """Run ``manage.py`` with the site's environment; returns what it printed, raises if it failed."""
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=MANAGE_SECONDS,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {arguments[0]} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def shell_json(environment: dict[str, str], call: str) -> dict:
    """Call a function of :mod:`bench.load_event` in ``manage.py shell``; returns the JSON it printed."""
    output = manage(environment, "shell", "--command", f"from bench import load_event; load_event.{call}")
    return json.loads(output.strip().splitlines()[-1])


@contextmanager
def gunicorn(environment: dict[str, str], *, workers: int, log: Path) -> Iterator[int]:
    """gunicorn serving the site on a free port of 127.0.0.1, started in the project folder as the README
    says (so with ``gunicorn.conf.py``); yields the port once the site answers."""
    port = _free_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", str(workers), "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_until_up(server, port, log)
            yield port
        finally:
            server.terminate()
            try:
                server.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_up(server: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped at start-up:\n{log.read_text()[-3000:]}")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", "/accounts/login/", headers={"X-Forwarded-Proto": "https"})
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass  # not listening yet
        finally:
            connection.close()
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer within {START_SECONDS} s:\n{log.read_text()[-3000:]}")
