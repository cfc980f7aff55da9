"""Load: 500 phones poll the live pairings while the desk enters one result every few seconds.

The site runs as :mod:`bench.bench_load` serves it: gunicorn with 4 processes (``gunicorn.conf.py``),
the production settings and a fresh PostgreSQL database (migrated, the Utopia
cards imported, static files collected), holding a running event of 500 players
with legal fleets and round 1 paired: 250 tables. Each phone is a player's,
signed in (sessions stored as ``login`` stores them, see
:func:`bench.load_event.set_up_night`), so every request reads its session and
finds the player's own table, as on the night.

1. Each phone opens the live pairings page, reads the element that polls (its
   ``hx-get``, target and interval) from the page as served, and from then on
   requests that address at that interval (every 20 s) with the headers htmx sends
   (``HX-Request``, ``HX-Current-URL``, ``HX-Target``, ``HX-Trigger``), from a random
   moment of the first interval: 500 phones make 25 requests a second. The schedule is fixed
   (a slow answer does not delay the next poll), so the load does not ease off
   when the site slows down. Before that, to read the window's figures against,
   one phone polls 20 times in a row (what a poll costs with the site to itself)
   and then one phone per worker polls back to back for 10 s (how many polls a
   second the site can answer on this machine).
2. Meanwhile the organizer, logged in through the login form, enters one result
   every 4 s at the round page's desk: the next waiting table's form as served,
   posted as htmx posts it (the answer is that table's rows, swapped in place). The
   organizer opened the round page before the window, as a desk has it open before the
   slips come back (the page of 250 tables' forms takes seconds to serve).
3. After the window and the live cache's lifetime, one more poll must show every
   result the database holds as confirmed: the phones see the results.

Target: p95 of the phones' polls under 200 ms, and no failed request.
"""

from __future__ import annotations

import os
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

from bench.bench_load import percentile
from bench.framework import Result, within
from bench.load_driver import (
    POLL,
    THREADS_LEAD_SECONDS,
    Browser,
    Hit,
    Poller,
    forms_of,
    log_in,
    pollers_of,
    polling,
    run_threads,
)
from bench.load_server import (
    analyze,
    fresh_database,
    gunicorn,
    manage,
    postgres_reachable,
    shell_json,
    site_environment,
)
from bench.real_fleets import utopia_file

PLAYERS = 500
PHONES = 500
WORKERS = 4
OPEN_THREADS = 8  # phones opening the page before the window
WINDOW_SECONDS = 90.0
ENTRY_SECONDS = 4.0  # one result at the desk this often
CACHE_SECONDS = 11.0  # a little over the live pairings' cache lifetime (tournaments.selectors.rounds)
LATENCY_MS = 200
SEED = 1864
ALONE_POLL = "live poll alone"
ALONE = 20  # polls one after the other before the window
CAPACITY_POLL = "live poll back to back"
CAPACITY_SECONDS = 10.0
POST = "result post"
DONE_BADGE = "result in"


@dataclass(frozen=True, slots=True)
class Night:
    opened: list[Hit]  # the phones opening the page and the organizer logging in, before the window
    window: list[Hit]
    entered: int  # results the desk's posts were answered for
    capacity: float  # polls a second the site answered back to back, before the window
    driver_cpu: float  # CPU seconds the phones and the desk (this process) took during the window
    shown: int  # results the last poll shows, after the cache's lifetime
    interval: float  # seconds between a phone's polls, as the page's hx-trigger says


def run() -> list[Result]:
    cards = utopia_file()
    if cards is None:
        print("bench_live_page: no Utopia file; set CARD_DATA to run the live page benchmark")
        return []
    if not postgres_reachable():
        print("bench_live_page: PostgreSQL is not reachable; set BENCH_POSTGRES_URL to run it")
        return []
    password = secrets.token_urlsafe(16)
    busy = os.getloadavg()[0]
    with fresh_database() as database, site_environment(database) as (environment, folder):
        manage(environment, "migrate", "--noinput")
        manage(environment, "import_cards", str(cards))
        manage(environment, "collectstatic", "--noinput")
        plan = shell_json(environment, f"set_up_night(players={PLAYERS}, phones={PHONES}, password={password!r})")
        analyze(database)
        log = folder / "gunicorn.log"
        with gunicorn(environment, workers=WORKERS, log=log) as port:
            night = drive(port, plan, password)
        stored = shell_json(environment, f"stored_results(event={plan['event']})")
        server_errors = log.read_text().count("Traceback")
    confirmed = sum(match["status"] == "confirmed" for match in stored.values())
    return results(night, confirmed, server_errors, busy)


def drive(port: int, plan: dict, password: str) -> Night:
    hits: list[Hit] = []
    phones = []
    for key in plan["sessions"]:
        phone = Browser(port, hits)
        phone.cookies[plan["cookie"]] = key
        phones.append(phone)
    organizer = Browser(port, hits)
    log_in(organizer, plan["organizer"], password)
    desk = organizer.get(plan["round"], "round page") or ""  # open before the slips come back
    with ThreadPoolExecutor(OPEN_THREADS) as pool:
        pages = list(pool.map(lambda phone: phone.get(plan["live"], "live page"), phones))
    first = pollers_of(pages[0] or "")[:1]
    for _ in range(ALONE if first else 0):  # what one poll costs when it has the site to itself
        phones[0].htmx(first[0].path, ALONE_POLL, page=plan["live"], target=first[0].target, trigger=first[0].trigger)
    rate = capacity(phones[:WORKERS], first, plan["live"])
    opened = list(hits)
    hits.clear()
    rng = random.Random(SEED)
    start = time.monotonic() + THREADS_LEAD_SECONDS
    closes = start + WINDOW_SECONDS
    jobs = [
        polling(phone, pollers_of(page or "")[:1], plan["live"], rng=rng, start=start, until=closes)
        for phone, page in zip(phones, pages, strict=True)
    ]
    jobs.append(partial(enter_results, organizer, plan["round"], start=start, until=closes, opened=desk))
    cpu = time.process_time()
    entered = sum(outcome for outcome in run_threads(jobs) if isinstance(outcome, int))
    cpu = time.process_time() - cpu
    window = list(hits)
    time.sleep(CACHE_SECONDS)
    last = pollers_of(phones[0].get(plan["live"], "live page") or "")
    text = None
    if last:
        text = phones[0].htmx(last[0].path, POLL, page=plan["live"], target=last[0].target, trigger=last[0].trigger)
    return Night(
        opened=opened + hits[len(window) :],
        window=window,
        entered=entered,
        capacity=rate,
        driver_cpu=cpu,
        shown=(text or "").count(DONE_BADGE),
        interval=first[0].seconds if first else 0.0,
    )


def capacity(phones: list[Browser], pollers: list[Poller], page: str) -> float:
    """Polls a second the site answers when one phone per worker polls back to back for a few seconds."""
    if not pollers:
        return 0.0
    poller = pollers[0]
    until = time.monotonic() + CAPACITY_SECONDS

    def hammer(phone: Browser) -> int:
        answered = 0
        while time.monotonic() < until:
            answer = phone.htmx(poller.path, CAPACITY_POLL, page=page, target=poller.target, trigger=poller.trigger)
            answered += answer is not None
        return answered

    return sum(run_threads([partial(hammer, phone) for phone in phones])) / CAPACITY_SECONDS


def enter_results(
    organizer: Browser,
    page: str,
    *,
    start: float,
    until: float,
    every: float = ENTRY_SECONDS,
    opened: str | None = None,
    first: float | None = None,
) -> int:
    """The desk: ``every`` so many seconds the next waiting table's result (seat 1 won, seat 2 lost its
    first ship) is posted from the round page as served, as htmx posts it; the answer is that table's
    rows, swapped in place, so the other tables' forms stay as the page showed them. The round page
    is opened first unless ``opened`` is its text as the organizer opened it earlier. The first post
    goes at ``first`` (``every`` seconds after ``start`` unless given). Returns how many posts were
    answered."""
    text = (organizer.get(page, "round page") or "") if opened is None else opened
    waiting = [form for form in forms_of(text) if any(name.endswith("-winner") for name in form.choices)]
    entered = 0
    at = start + every if first is None else first
    for form in waiting:
        if at >= until:
            break
        prefix = next(name for name in form.choices if name.endswith("-winner")).removesuffix("winner")
        fields = form.fill(**{f"{prefix}winner": "1", f"{prefix}lost_2": form.choices.get(f"{prefix}lost_2", [])[:1]})
        time.sleep(max(0.0, at - time.monotonic()))
        target = "match-" + form.action.rstrip("/").split("/")[-2]
        entered += organizer.htmx(form.action, POST, page=page, target=target, fields=fields) is not None
        at += every
    return entered


def results(night: Night, confirmed: int, server_errors: int, busy: float) -> list[Result]:
    window = night.window
    polls = [hit.seconds * 1000 for hit in window if hit.kind == POLL]
    failed = [hit for hit in night.opened + window if not hit.ok]
    reasons = sorted({f"{hit.kind}: {hit.detail}" for hit in failed})[:3]
    reasons += [f"{server_errors} tracebacks in the server log"] if server_errors else []
    p50, p95, p99 = (percentile(polls, p) for p in (50, 95, 99))
    alone = percentile([hit.seconds * 1000 for hit in night.opened if hit.kind == ALONE_POLL], 50)
    desk = {kind: [h.seconds * 1000 for h in window if h.kind == kind] for kind in (POST,)}
    desk_notes = "".join(
        f", {kind} p50 {percentile(times, 50):.0f} ms, p95 {percentile(times, 95):.0f} ms"
        for kind, times in desk.items()
        if times
    )
    setting = (
        f"gunicorn {WORKERS} processes, PostgreSQL, production settings; the driver on the same 2 cores; "
        f"load average {busy:.1f} before the run; the driver took {night.driver_cpu:.0f} s of CPU in the window"
    )
    return [
        within(
            f"Live page: p95 of {PHONES} phones polling every {night.interval:.0f} s while results are entered",
            [p95],
            LATENCY_MS,
            "ms",
            f"p50 {p50:.0f} ms, p99 {p99:.0f} ms "
            f"(before the window, one poll with the site to itself: p50 {alone:.0f} ms; "
            f"{WORKERS} phones polling back to back: {night.capacity:.0f} polls/s answered); "
            f"{len(polls)} polls in {WINDOW_SECONDS:.0f} s "
            f"({len(polls) / WINDOW_SECONDS:.1f}/s), {PLAYERS} players at {PLAYERS // 2} tables; "
            f"desk: {night.entered} results{desk_notes}; {setting}",
        ),
        Result(
            "Live page: failed requests (opening the page, polls, the desk)",
            "0",
            (float(len(failed)),),
            "requests",
            not failed and not server_errors,
            "; ".join(reasons) or "none",
        ),
        Result(
            f"Live page: results shown {CACHE_SECONDS:.0f} s after the last one was entered",
            "all confirmed",
            (float(night.shown),),
            "results",
            night.shown == confirmed and night.entered == confirmed,
            f"{confirmed} results confirmed in the database, {night.entered} posts answered, "
            f"{night.shown} shown as in on the live page",
        ),
    ]
