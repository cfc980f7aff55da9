"""Load: 200 players report their results within a minute while 100 people refresh the standings.

The site runs as in production: gunicorn (4 processes, warmed up as gunicorn.conf.py says), the production
settings (:mod:`bench.load_settings`) and a fresh PostgreSQL database on
``$BENCH_POSTGRES_URL``'s server (default ``postgres://postgres@127.0.0.1:5432``),
set up with ``manage.py`` (migrate, import the Utopia cards, collectstatic, then a
running event of 200 players with legal fleets and round 1 paired: 100 matches).
The driver (:mod:`bench.load_driver`) runs on the same two cores, sending
traffic to 127.0.0.1 only, and everything is torn down afterwards, also on failure.

1. Every player logs in through the real login form (8 at a time). Django hashes
   passwords with PBKDF2 at 1,000,000 iterations, about 0.35 s of CPU per login
   by design, so players log in before the measured minute, as they would have
   to see their pairing.
2. The measured minute: each player opens their match page at a random moment
   of the first 40 seconds, takes 2–10 s over the result form, sends it and
   follows the redirect; both players of a table send the same result, so the
   second report confirms the match. Meanwhile the first 100 players' phones
   refresh the standings every 5–15 s (another tab of the same session), each from
   a moment of its own in the first 5 s: about 10 standings pages a second.
3. The database is read back (``manage.py shell``): every report the site
   accepted must be stored, and every table both players reported must be confirmed
   with the result they sent.
"""

from __future__ import annotations

import os
import random
import secrets
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

from bench.framework import Result, at_least, within
from bench.load_driver import THREADS_LEAD_SECONDS, Browser, Hit, log_in, report_result, run_threads, spread, watch
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

PLAYERS = 200
WATCHERS = 100
WORKERS = 4
LOGIN_THREADS = 8
WINDOW_SECONDS = 60.0
LATEST_OPEN = 40.0  # a player opens the match page before this second of the window
THINK = (2.0, 10.0)  # seconds over the result form
REFRESH = (5.0, 15.0)  # seconds between two refreshes of the standings
LATENCY_MS = 300
SEED = 1701


@dataclass(frozen=True, slots=True)
class Report:
    username: str
    match: int
    seat: int
    winner: int
    accepted: bool  # the site answered the form with its redirect


@dataclass(frozen=True, slots=True)
class Run:
    logins: list[Hit]
    window: list[Hit]  # every request of the measured minute
    reports: list[Report]
    opened: float  # the window's start, on the monotonic clock


def run() -> list[Result]:
    cards = utopia_file()
    if cards is None:
        print("bench_load: no Utopia file; set CARD_DATA to run the load benchmark")
        return []
    if not postgres_reachable():
        print("bench_load: PostgreSQL is not reachable; set BENCH_POSTGRES_URL to run the load benchmark")
        return []
    password = secrets.token_urlsafe(16)
    busy = os.getloadavg()[0]  # other work on the machine shares its two cores with the server
    with fresh_database() as database, site_environment(database) as (environment, folder):
        manage(environment, "migrate", "--noinput")
        manage(environment, "import_cards", str(cards))
        manage(environment, "collectstatic", "--noinput")
        plan = shell_json(environment, f"set_up(players={PLAYERS}, password={password!r})")
        analyze(database)
        log = folder / "gunicorn.log"
        with gunicorn(environment, workers=WORKERS, log=log) as port:
            outcome = drive(port, plan, password)
        stored = shell_json(environment, f"stored_results(event={plan['event']})")
        server_errors = log.read_text().count("Traceback")
    return results(outcome, stored, server_errors, busy)


def drive(port: int, plan: dict, password: str) -> Run:
    hits: list[Hit] = []
    players = {seat["username"]: Browser(port, hits) for seat in plan["seats"]}
    with ThreadPoolExecutor(LOGIN_THREADS) as pool:
        list(pool.map(lambda name: log_in(players[name], name, password), players))
    logins = list(hits)
    hits.clear()
    rng = random.Random(SEED)
    opened = time.monotonic() + THREADS_LEAD_SECONDS
    closes = opened + WINDOW_SECONDS
    match_path = f"/events/{plan['event']}/matches/{{}}/"

    def reporter(seat: dict, at: float, think: float):
        winner = 1 if seat["match"] % 2 else 2
        time.sleep(max(0.0, opened + at - time.monotonic()))
        accepted = report_result(players[seat["username"]], match_path.format(seat["match"]), winner, think=think)
        return Report(seat["username"], seat["match"], seat["seat"], winner, accepted)

    def watcher(player: Browser, first: float):
        tab = Browser(port, hits)
        tab.cookies = dict(player.cookies)
        time.sleep(max(0.0, opened + first - time.monotonic()))
        watch(tab, f"/events/{plan['event']}/standings/", until=closes, pause=spread(rng, *REFRESH))

    jobs = [partial(reporter, seat, rng.uniform(0, LATEST_OPEN), rng.uniform(*THINK)) for seat in plan["seats"]]
    jobs += [partial(watcher, player, rng.uniform(0, REFRESH[0])) for player in list(players.values())[:WATCHERS]]
    reports = [outcome for outcome in run_threads(jobs) if isinstance(outcome, Report)]
    return Run(logins=logins, window=list(hits), reports=reports, opened=opened)


def results(outcome: Run, stored: dict, server_errors: int, busy: float) -> list[Result]:
    window = outcome.window
    failed = [hit for hit in outcome.logins + window if not hit.ok]
    lost, confirmed = lost_results(outcome.reports, stored)
    accepted = sum(report.accepted for report in outcome.reports)
    sent = [hit.at - outcome.opened for hit in window if hit.kind == "report" and hit.ok]
    logged_in = [hit for hit in outcome.logins if hit.kind == "login" and hit.ok]
    reasons = sorted({f"{hit.kind}: {hit.detail}" for hit in failed})[:3]
    reasons += [f"{server_errors} tracebacks in the server log"] if server_errors else []
    p50, p95, p99 = (percentile([hit.seconds * 1000 for hit in window], p) for p in (50, 95, 99))
    by_kind = ", ".join(
        f"{kind} p95 {percentile([h.seconds * 1000 for h in window if h.kind == kind], 95):.0f} ms"
        for kind in sorted({hit.kind for hit in window})
    )
    setting = (
        f"gunicorn {WORKERS} processes, PostgreSQL, production settings; the driver on the same 2 cores; "
        f"load average {busy:.1f} before the run"
    )
    return [
        at_least(
            f"Load: {PLAYERS} players log in through the login form",
            [len(logged_in)],
            PLAYERS,
            "logins",
            f"before the measured minute, {LOGIN_THREADS} at a time: p50 "
            f"{percentile([h.seconds * 1000 for h in logged_in], 50):.0f} ms (PBKDF2, 1,000,000 iterations)",
        ),
        within(
            f"Load: {PLAYERS} players report, last result accepted after",
            [max(sent, default=float("inf"))],
            WINDOW_SECONDS,
            "s",
            f"{accepted} of {len(outcome.reports)} reports accepted while {WATCHERS} players refresh the standings",
        ),
        Result(
            "Load: reported results missing from the database",
            "0",
            (float(lost),),
            "results",
            lost == 0,
            f"{confirmed} of {len(stored)} matches confirmed with the result both players sent",
        ),
        Result(
            "Load: failed requests (logins and the minute)",
            "0",
            (float(len(failed)),),
            "requests",
            not failed and not server_errors,
            "; ".join(reasons) or "none",
        ),
        within(
            "Load: p95 latency during the minute",
            [p95],
            LATENCY_MS,
            "ms",
            f"p50 {p50:.0f} ms, p99 {p99:.0f} ms; {len(window)} requests, "
            f"{len(window) / WINDOW_SECONDS:.1f} requests/s; {by_kind}; {setting}",
        ),
    ]


def lost_results(reports: list[Report], stored: dict) -> tuple[int, int]:
    """(accepted reports the database lacks or got wrong, matches confirmed as reported)."""
    lost = 0
    confirmed = 0
    by_match: dict[int, list[Report]] = {}
    for report in reports:
        by_match.setdefault(report.match, []).append(report)
    for match, sides in by_match.items():
        held = stored[str(match)]
        accepted = [report for report in sides if report.accepted]
        lost += sum(held["reported"].get(str(report.seat)) != report.username for report in accepted)
        if len(accepted) == 2:
            winner = accepted[0].winner
            expected = {str(winner): "win", str(3 - winner): "loss"}
            good = held["status"] == "confirmed" and held["outcomes"] == expected
            confirmed += good
            lost += not good
    return lost, confirmed


def percentile(values: list[float], p: int) -> float:
    """The ``p``-th percentile (inclusive method); NaN with no values."""
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]
