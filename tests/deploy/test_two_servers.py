"""The hosted shape on this machine: two gunicorn servers on one PostgreSQL database and one Redis,
behind a proxy (``TRUSTED_PROXY_COUNT=1``), and one background worker (``manage.py run_worker``).

A visitor signs up on one server and follows the mailed link on the other; the organizer logs in on
one and works on both; a result entered through one shows on the live page of both; the all-sheets PDF
asked of one is followed and fetched on the other while the worker makes it; the worker killed in the
middle of a PDF makes it when started again; the log-in lockout and the public API's rate limit count
the attempts made on both servers together.

Needs PostgreSQL at 127.0.0.1:5432 (user ``postgres``) and Redis at 127.0.0.1:6379 (database 5);
skipped without them, except under CI.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from http.client import HTTPConnection
from pathlib import Path

import pytest

from tournaments.management.commands.run_worker import NICENESS

ROOT = Path(__file__).resolve().parents[2]
HOST = "muster.test"  # the name the proxy passes on, the same for both servers
CLIENT_ADDRESS = "203.0.113.7"  # the visitor's address as the proxy reports it
PG = "postgres://postgres@127.0.0.1:5432"
REDIS_URL = "redis://127.0.0.1:6379/5"

pytestmark = [
    pytest.mark.servers,
    pytest.mark.slow(reason="each test drives two gunicorn servers and a worker, each a process of its own"),
]


def reachable(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def manage(env: dict, *args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True, **kwargs
    )


def wait_for(what: str, check, seconds: float = 30, every: float = 0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if result := check():
            return result
        time.sleep(every)
    raise AssertionError(f"waited {seconds} s for {what}")


class Browser:
    """A visitor's browser seen through the proxy: its cookies, sent to whichever server it is given."""

    def __init__(self):
        self.cookies: dict[str, str] = {}

    def request(self, port: int, method: str, path: str, form: dict | None = None, **headers):
        body = None
        headers = {
            "Host": HOST,
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": CLIENT_ADDRESS,
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            **headers,
        }
        if form is not None:
            form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **form}
            body = urllib.parse.urlencode(form, doseq=True)
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Origin": f"https://{HOST}"}
            headers["Referer"] = f"https://{HOST}{path}"
        connection = HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.text = response.read().decode(errors="replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            value = rest.split(";")[0]
            if value and "max-age=0" not in header.lower():
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)
        connection.close()
        return response

    def get(self, port: int, path: str, **headers):
        return self.request(port, "GET", path, **headers)

    def post(self, port: int, path: str, form: dict | None = None, **headers):
        if "csrftoken" not in self.cookies:
            self.get(port, "/accounts/login/")
        return self.request(port, "POST", path, form or {}, **headers)

    def log_in(self, port: int, username: str, password: str):
        return self.post(port, "/accounts/login/", {"username": username, "password": password})


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not (reachable(5432) and reachable(6379)):
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL and Redis must run for the two-server test in CI")
        pytest.skip("PostgreSQL (5432) and Redis (6379) are needed on 127.0.0.1")
    database = f"muster_servers_{os.getpid()}"
    tmp = tmp_path_factory.mktemp("site")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DATABASE_URL": f"{PG}/{database}",
        "REDIS_URL": REDIS_URL,
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": HOST,
        "CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
        "TRUSTED_PROXY_COUNT": "1",
        "SECURE_SSL_REDIRECT": "0",
        "TASKS_BACKEND": "database",
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(tmp / "mail"),
        "STATIC_ROOT": str(tmp / "static"),
        "LOG_LEVEL": "WARNING",
    }
    subprocess.run(["psql", PG, "-qc", f"DROP DATABASE IF EXISTS {database}"], check=True, capture_output=True)
    subprocess.run(["psql", PG, "-qc", f"CREATE DATABASE {database}"], check=True, capture_output=True)
    subprocess.run(["redis-cli", "-n", "5", "FLUSHDB"], check=True, capture_output=True)
    processes = []
    try:
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")
        setup = manage(env, "shell", "-c", (Path(__file__).parent / "site_setup.py").read_text())
        world = json.loads(setup.stdout.strip().splitlines()[-1])
        ports = [free_port(), free_port()]
        for port in ports:
            command = [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2"]
            processes.append(subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL))
        for port in ports:
            wait_for(f"the server on {port}", lambda port=port: reachable(port))
        worker = Worker(env, tmp / "worker.log")
        processes.append(worker)
        yield {"env": env, "ports": ports, "world": world, "mail": tmp / "mail", "worker": worker}
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
        subprocess.run(["redis-cli", "-n", "5", "FLUSHDB"], capture_output=True)
        subprocess.run(["psql", PG, "-qc", f"DROP DATABASE IF EXISTS {database}"], capture_output=True)


class Worker:
    """The background worker as ``make worker`` runs it, which the test may kill and start again."""

    def __init__(self, env: dict, log: Path):
        self.env, self.log = env, log
        self.start()

    def start(self):
        command = [sys.executable, "manage.py", "run_worker", "--interval", "0.2", "--no-startup-delay"]
        command += ["--worker-id", "test-worker"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=self.log.open("a"), stderr=subprocess.STDOUT
        )

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def terminate(self):
        self.process.terminate()

    def wait(self, timeout: float):
        self.process.wait(timeout=timeout)


def mailed_link(folder: Path, address: str) -> str:
    def find():
        for message in sorted(folder.glob("*.log")) if folder.exists() else []:
            text = message.read_text()
            if f"To: {address}" in text and (link := re.search(r"sign-up/\?link=([\w-]+)", text)):
                return link.group(1)
        return None

    return wait_for(f"the mail to {address}", find)


def tables(page: str) -> str:
    """The live page without its per-request CSRF tokens (the page's and the language menu's): what the cache
    holds, as shown."""
    page = re.sub(r'(csrf[\w-]*=)"[^"]*"', r'\1""', page)
    return re.sub(r'(name="csrfmiddlewaretoken" value=)"[^"]*"', r'\1""', page)


def test_a_visitor_signs_up_on_one_server_and_finishes_on_the_other(site):
    a, b = site["ports"]
    visitor = Browser()
    answer = visitor.post(
        a,
        "/accounts/sign-up/",
        {
            "username": "ezri",
            "email": "ezri@trill.example",
            "password1": "symbiont-host-9",
            "password2": "symbiont-host-9",
        },
    )
    assert answer.status == 200 and "Check your e-mail" in answer.text
    token = mailed_link(site["mail"], "ezri@trill.example")
    assert visitor.post(b, "/accounts/sign-up/", {"link": token}).status == 302
    assert "ezri" in visitor.get(a, "/").text  # the session made on b is known to a
    assert "deliver_mail" in site["worker"].log.read_text()  # the worker sent it, not the request


def test_the_organizer_enters_a_result_on_one_server_and_the_live_page_of_both_shows_it(site):
    a, b = site["ports"]
    world = site["world"]
    event, match = world["event"], world["match"]
    live = f"/events/{event}/rounds/1/live/"
    before = [tables(Browser().get(port, live).text) for port in (a, b)]
    assert before[0] == before[1]  # one cached copy for both servers
    organizer = Browser()
    assert organizer.log_in(b, world["organizer"], world["password"]).status == 302
    api = HTTPConnection("127.0.0.1", b, timeout=30)
    api.request(
        "POST",
        f"/api/events/{event}/matches/{match}/result",
        body=json.dumps({"fields": {"winner": "1"}}),
        headers={
            "Host": HOST,
            "X-Forwarded-Proto": "https",
            "Authorization": f"Bearer {world['organizer_token']}",
            "Content-Type": "application/json",
        },
    )
    assert api.getresponse().status == 200
    standings = organizer.get(a, f"/events/{event}/standings/")
    assert standings.status == 200 and "3" in standings.text

    def both_show_it():
        pages = [tables(Browser().get(port, live).text) for port in (a, b)]
        return pages[0] != before[0] and pages[0] == pages[1]

    wait_for("the live page of both servers to show the result", both_show_it, seconds=20, every=0.5)


def test_the_all_sheets_pdf_is_made_by_the_worker_and_survives_the_worker_being_killed(site):
    a, b = site["ports"]
    world = site["world"]
    organizer = Browser()
    assert organizer.log_in(a, world["organizer"], world["password"]).status == 302
    event = world["big_event"]
    started = time.monotonic()
    asked = organizer.post(b, f"/events/{event}/fleets/sheets/", Accept="application/json")
    assert asked.status == 202 and time.monotonic() - started < 2, asked.text  # answers at once
    status_url = json.loads(asked.text)["status_url"]

    def state():
        return json.loads(organizer.get(a, status_url, Accept="application/json").text)

    wait_for("the worker to start on the sheets", lambda: state()["step"] in ("reading", "printing"), every=0.02)
    site["worker"].kill()
    cut_off = state()
    assert cut_off["step"] != "done", "the sheets were made before the worker could be stopped"
    site["worker"].start()
    done = wait_for("the sheets", lambda: (s := state())["step"] == "done" and s, seconds=60, every=0.3)
    assert done["total"] == 60
    pdf = organizer.get(b, done["pdf_url"])
    assert pdf.status == 200 and pdf.getheader("Content-Type") == "application/pdf"
    assert "Queued again 1 job" in (site["worker"].log).read_text()


def test_the_log_in_lockout_counts_failures_on_both_servers(site):
    a, b = site["ports"]
    world = site["world"]
    intruder = Browser()
    for attempt in range(5):  # AXES_FAILURE_LIMIT, half on each server
        intruder.log_in((a, b)[attempt % 2], world["organizer"], "wrong-password")
    locked = intruder.log_in(a, world["organizer"], world["password"])
    assert locked.status != 302 and "locked" in locked.text.lower()


def test_the_public_api_rate_limit_counts_requests_on_both_servers(site):
    a, b = site["ports"]
    statuses = []
    for attempt in range(31):  # VALIDATE_RATE: 30 a minute per address
        connection = HTTPConnection("127.0.0.1", (a, b)[attempt % 2], timeout=30)
        connection.request(
            "POST",
            "/api/staw/validate",
            body="{}",
            headers={
                "Host": HOST,
                "X-Forwarded-Proto": "https",
                "X-Forwarded-For": "198.51.100.9",
                "Content-Type": "application/json",
            },
        )
        statuses.append(connection.getresponse().status)
    assert 429 not in statuses[:30] and statuses[30] == 429, statuses


def test_the_worker_runs_at_the_servers_cpu_priority(site):
    """The servers keep the priority they were started with (this process's), and so does the worker:
    the PDF an organizer waits for does not wait behind everything else on the machine."""
    started_with = os.getpriority(os.PRIO_PROCESS, 0)
    worker = site["worker"].process.pid
    assert os.getpriority(os.PRIO_PROCESS, worker) == max(NICENESS, started_with) == started_with
