"""Load: a Saturday of a national community. 50 stores each run a 16-player event at once (800 players)
on two application servers, one PostgreSQL, one Redis and one background worker, while 2,000 phones
poll the stores' live pages; meanwhile the all-sheets PDF of a 256-player event is asked for.

The site runs as the README's hosted shape: two gunicorn servers (``gunicorn.conf.py``:
each process warmed up before its first request; 2 processes each) with the production settings,
one fresh PostgreSQL database (migrated, the Utopia cards imported, static files collected), Redis
as the shared cache (``$BENCH_REDIS_URL``, default database 6 on 127.0.0.1) and ``manage.py
run_worker`` (at the servers' CPU priority). Each store has its own organizer and a running event with
round 1 paired (8 tables); a 257th store, a convention hall, holds the 256-player event with
submitted fleets.

1. Every store's organizer logs in through the login form, on one server or the other, and opens
   the round page of their event, as the organizer has it open at the desk before the round's
   first slip comes back; they arrive a few at a time (a log-in is a deliberately slow password
   hash, and organizers come in over the morning, not in the same second).
2. The measured two minutes: 2,000 phones (40 per store, not signed in) open their store's live page
   and poll it as htmx does, at the page's interval (every 20 s) from a random moment of the first,
   half of them through each server; each organizer types in one paper slip after another at the
   round page's desk they opened, a result every 15 s through their server, until their 8 tables are in: all 50
   stores' rounds end within the same two minutes (3.3 results a second; a real round's results
   come in over a quarter of an hour or more). 10 s in, the hall's organizer asks for every Fleet
   Build Sheet of the 256-player event (the answer must come at once) and follows the job's
   progress until the PDF is ready, then fetches it.
3. After the live cache's lifetime the database is read back: every result a desk post was
   answered for must be confirmed.

Targets: p95 of the phones' polls under 200 ms, no failed request, every result stored, the PDF's
request answered at once (< 1 s) and the PDF ready within 15 s.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from urllib.parse import urlencode

import redis

from bench.bench_live_page import enter_results
from bench.bench_load import percentile
from bench.framework import Result, within
from bench.load_driver import POLL, THREADS_LEAD_SECONDS, Browser, Hit, log_in, pollers_of, polling, run_threads
from bench.load_server import (
    ROOT,
    analyze,
    fresh_database,
    gunicorn,
    manage,
    postgres_reachable,
    shell_json,
    site_environment,
)
from bench.real_fleets import utopia_file

STORES = 50
PLAYERS = 16
BIG_EVENT = 256
PHONES = 2000
WORKERS = 2  # processes per server, each warmed up by gunicorn.conf.py
DESK_SECONDS = 15.0  # a desk types in one paper slip after another: every store's 8 results in 2 minutes
WINDOW_SECONDS = 125.0
CACHE_SECONDS = 11.0
PDF_AFTER = 10.0
LATENCY_MS = 200
PDF_ANSWER_MS = 1000
PDF_READY_S = 15.0
SEED = 2027
ARRIVING_TOGETHER = 4  # organizers logging in at the same moment: they come in over the morning, not at once
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6")


def run() -> list[Result]:
    return saturday()


def saturday(*, label: str = "Stores", neighbour=contextlib.nullcontext, worker_options: tuple = ()) -> list[Result]:
    """The day, with ``neighbour`` (a context manager) running beside the measured two minutes, the
    worker started with ``worker_options``, each row's name starting with ``label``."""
    cards = utopia_file()
    if cards is None or not postgres_reachable() or not redis_reachable():
        print("bench_stores: needs the Utopia file (CARD_DATA), PostgreSQL and Redis (BENCH_REDIS_URL)")
        return []
    password = secrets.token_urlsafe(16)
    busy = os.getloadavg()[0]
    with fresh_database() as database, site_environment(database) as (environment, folder):
        environment |= {"REDIS_URL": REDIS_URL, "TASKS_BACKEND": "database"}
        subprocess.run(["redis-cli", "-u", REDIS_URL, "FLUSHDB"], capture_output=True, check=False)
        manage(environment, "migrate", "--noinput")
        manage(environment, "import_cards", str(cards))
        manage(environment, "collectstatic", "--noinput")
        call = f"set_up_stores(stores={STORES}, players={PLAYERS}, big={BIG_EVENT}, password={password!r})"
        plan = shell_json(environment, call)
        analyze(database)
        logs = [folder / "gunicorn-a.log", folder / "gunicorn-b.log"]
        with (
            gunicorn(environment, workers=WORKERS, log=logs[0]) as a,
            gunicorn(environment, workers=WORKERS, log=logs[1]) as b,
            worker(environment, folder / "worker.log", worker_options),
            neighbour(),
        ):
            day = drive((a, b), plan, password)
        events = [entry["event"] for entry in plan["events"]]
        stored = shell_json(environment, f"confirmed_results(events={events!r})")
        server_errors = sum(log.read_text().count("Traceback") for log in [*logs, folder / "worker.log"])
        kept = keep_logs([*logs, folder / "worker.log"]) if server_errors else None
    return results(day, sum(stored.values()), server_errors, busy, label, kept)


def keep_logs(logs: list[Path]) -> Path:
    """The run's logs copied out of its temporary folder, so the tracebacks the row counts can be read."""
    kept = Path(tempfile.mkdtemp(prefix="muster-bench-logs-"))
    for log in logs:
        shutil.copy(log, kept / log.name)
    return kept


def redis_reachable() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping())
    except redis.RedisError:
        return False


class worker:
    """``manage.py run_worker`` for the run, stopped afterwards."""

    def __init__(self, environment: dict, log, options: tuple = ()):
        self.environment, self.log, self.options = environment, log, options

    def __enter__(self):
        command = [sys.executable, "manage.py", "run_worker", "--interval", "0.2", "--no-startup-delay", *self.options]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.environment, stdout=self.log.open("w"), stderr=subprocess.STDOUT
        )
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def drive(ports: tuple[int, int], plan: dict, password: str) -> dict:
    hits: list[Hit] = []
    stores = plan["events"]
    organizers = [Browser(ports[i % 2], hits) for i in range(len(stores))]
    arrivals = [partial(arrive, o, s, password) for o, s in zip(organizers, stores, strict=True)]
    desks = run_in_lanes(arrivals, ARRIVING_TOGETHER)
    hall = Browser(ports[0], hits)
    log_in(hall, plan["big"]["organizer"], password)
    pollers = {}
    for index, store in enumerate(stores):
        page = Browser(ports[index % 2], hits).get(store["live"], "live page") or ""
        pollers[store["event"]] = pollers_of(page)[:1]
    phones = [(Browser(ports[i % 2], hits), stores[i % len(stores)]) for i in range(PHONES)]
    opened = list(hits)
    hits.clear()
    rng = random.Random(SEED)
    start = time.monotonic() + THREADS_LEAD_SECONDS
    closes = start + WINDOW_SECONDS
    jobs = [
        polling(phone, pollers[store["event"]], store["live"], rng=rng, start=start, until=closes)
        for phone, store in phones
    ]
    # Each store's desk keeps its own pace: 50 organizers do not type in their slips at the same second.
    jobs += [
        partial(
            enter_results,
            organizer,
            store["round"],
            start=start,
            until=closes,
            every=DESK_SECONDS,
            opened=desk,
            first=start + rng.uniform(0, DESK_SECONDS),
        )
        for organizer, store, desk in zip(organizers, stores, desks, strict=True)
    ]
    jobs.append(partial(all_sheets, hall, plan["big"]["event"], at=start + PDF_AFTER))
    outcomes = run_threads(jobs)
    window = list(hits)
    entered = sum(outcome for outcome in outcomes if isinstance(outcome, int) and not isinstance(outcome, bool))
    pdf = next(outcome for outcome in outcomes if isinstance(outcome, dict))
    time.sleep(CACHE_SECONDS)
    return {"opened": opened, "window": window, "entered": entered, "pdf": pdf}


def arrive(organizer: Browser, store: dict, password: str) -> str | None:
    """An organizer logs in and opens their round page at the desk: the page's text, None if it failed."""
    return organizer.get(store["round"], "round page") if log_in(organizer, store["organizer"], password) else None


def run_in_lanes(jobs: list, lanes: int) -> list:
    """Run ``jobs`` ``lanes`` at a time (each lane a thread taking its share one after another); their
    results in ``jobs``' order."""
    results = [None] * len(jobs)

    def lane(first: int) -> None:
        for index in range(first, len(jobs), lanes):
            results[index] = jobs[index]()

    run_threads([partial(lane, first) for first in range(lanes)])
    return results


def all_sheets(hall: Browser, event: int, *, at: float) -> dict:
    """Ask for the event's sheets as the fleets page's script does; follow the job until the PDF is ready."""
    time.sleep(max(0.0, at - time.monotonic()))
    hall.get(f"/events/{event}/fleets/", "fleets page")
    asked = time.monotonic()
    fields = urlencode([("csrfmiddlewaretoken", hall.cookies.get("csrftoken", ""))])
    json_please = {"Accept": "application/json"}
    answer = hall._request(
        "POST", f"/events/{event}/fleets/sheets/", "sheets asked", expect=(202,), body=fields, extra=json_please
    )
    answered = time.monotonic() - asked
    state = json.loads(answer[2]) if answer else {}
    status_url = state.get("status_url")
    while status_url and state.get("step") not in ("done", "failed") and time.monotonic() - asked < 120:
        time.sleep(0.5)
        answer = hall._request("GET", status_url, "sheets progress", expect=(200,), extra=json_please)
        state = json.loads(answer[2]) if answer else state
    ready = time.monotonic() - asked
    fetched = state.get("step") == "done" and fetch_pdf(hall, state["pdf_url"])
    return {
        "answered": answered,
        "ready": ready,
        "step": state.get("step"),
        "fetched": fetched,
        "total": state.get("total"),
    }


def fetch_pdf(browser: Browser, path: str) -> bool:
    """The PDF as the browser saves it (bytes, which the driver's text requests do not read); recorded as a hit."""
    start = time.monotonic()
    cookies = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
    connection = http.client.HTTPConnection("127.0.0.1", browser.port, timeout=60)
    try:
        connection.request("GET", path, headers={"X-Forwarded-Proto": "https", "Cookie": cookies})
        response = connection.getresponse()
        ok = response.status == 200 and response.read().startswith(b"%PDF")
    except (OSError, http.client.HTTPException):
        ok = False
    finally:
        connection.close()
    browser.hits.append(Hit("sheets pdf", time.monotonic(), time.monotonic() - start, ok, "" if ok else "no PDF"))
    return ok


def results(
    day: dict, confirmed: int, server_errors: int, busy: float, label: str, kept_logs: Path | None
) -> list[Result]:
    window = day["window"]
    polls = [hit.seconds * 1000 for hit in window if hit.kind == POLL]
    failed = [hit for hit in day["opened"] + window if not hit.ok]
    reasons = sorted({f"{hit.kind}: {hit.detail}" for hit in failed})[:3]
    reasons += [f"{server_errors} tracebacks in the servers' and worker's logs ({kept_logs})"] if server_errors else []
    p50, p95, p99 = (percentile(polls, p) for p in (50, 95, 99))
    posts = [hit.seconds * 1000 for hit in window if hit.kind == "result post"]
    pdf = day["pdf"]
    setting = (
        f"2 gunicorn servers × {WORKERS} processes (gunicorn.conf.py), PostgreSQL, Redis, 1 worker, "
        "production settings; "
        f"the driver on the same 2 cores; load average {busy:.1f} before the run"
    )
    return [
        within(
            f"{label}: p95 of {PHONES} phones polling {STORES} stores' live pages through two servers",
            [p95],
            LATENCY_MS,
            "ms",
            f"p50 {p50:.0f} ms, p99 {p99:.0f} ms; {len(polls)} polls in {WINDOW_SECONDS:.0f} s "
            f"({len(polls) / WINDOW_SECONDS:.0f}/s); desk posts p95 {percentile(posts, 95):.0f} ms; {setting}",
        ),
        Result(
            f"{label}: failed requests (log-ins, pages, polls, desks, the PDF)",
            "0",
            (float(len(failed)),),
            "requests",
            not failed and not server_errors,
            "; ".join(reasons) or "none",
        ),
        Result(
            f"{label}: results entered at {STORES} desks and confirmed in the database",
            "all",
            (float(confirmed),),
            "results",
            confirmed == day["entered"] == STORES * PLAYERS // 2,
            f"{day['entered']} desk posts answered, {confirmed} tables confirmed, "
            f"{STORES * PLAYERS // 2} tables in all",
        ),
        within(
            f"{label}: the all-sheets PDF of a {BIG_EVENT}-player event, asked during the load, answers in",
            [pdf["answered"] * 1000],
            PDF_ANSWER_MS,
            "ms",
            "the request queues the job for the worker and answers",
        ),
        Result(
            f"{label}: ... and is ready (made by the worker) after",
            f"< {PDF_READY_S:.0f} s",
            (pdf["ready"],),
            "s",
            pdf["ready"] < PDF_READY_S and pdf["step"] == "done" and pdf["fetched"],
            f"job {pdf['step']}, {pdf['total']} sheets, PDF fetched: {pdf['fetched']}",
        ),
    ]
