"""A time budget per test: 2 s, 10 s for a browser test; the run lists the tests over it at the end.

Only a test's own run (pytest's ``call`` phase) counts against the budget: its set-up also pays for what
the whole module or process shares (the test database, the real catalog, the browser), which lands on
whichever test comes first. Set-ups over the budget are listed too, for information.

With ``TIME_BUDGET_ENFORCE=1`` a test over its budget fails the run unless it carries
``@pytest.mark.slow(reason=...)`` saying why it may take longer. A loaded machine stretches every test, so it
fails only past the budget times ``TIME_BUDGET_SLACK`` (3 by default: under ``make test`` two workers, a
browser share two cores); the list shows every test past the budget itself. It is off by default; CI turns it
on for its PostgreSQL pass (``.ci/run``), which runs without coverage: under coverage's tracing (CI's SQLite
pass) unmarked tests took up to nine times their budget.
"""

from __future__ import annotations

import os

import pytest

BUDGET_SECONDS = 2.0
BROWSER_BUDGET_SECONDS = 10.0
SLACK = float(os.environ.get("TIME_BUDGET_SLACK", "3"))
ENFORCED = bool(os.environ.get("TIME_BUDGET_ENFORCE"))

_over: list[tuple[str, str, float, float, str]] = []  # (phase, node id, seconds, budget, reason it is slow)


def pytest_collection_modifyitems(items):
    for item in items:
        marker = item.get_closest_marker("slow")
        if marker is not None and not marker.kwargs.get("reason"):
            raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.slow needs reason=... saying why")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Runs where the test runs (an xdist worker too): the budget and the reason travel with the report."""
    outcome = yield
    report = outcome.get_result()
    slow = item.get_closest_marker("slow")
    budget = BROWSER_BUDGET_SECONDS if item.get_closest_marker("browser") else BUDGET_SECONDS
    report.user_properties.append(("time_budget", budget))
    report.user_properties.append(("slow_reason", slow.kwargs["reason"] if slow else ""))


def pytest_runtest_logreport(report):
    """Runs where the reports are gathered (the xdist controller too)."""
    if report.when not in ("setup", "call") or report.skipped:
        return
    properties = dict(report.user_properties)
    budget = properties.get("time_budget", BUDGET_SECONDS)
    if report.duration > budget * min(1.0, SLACK):
        _over.append((report.when, report.nodeid, report.duration, budget, properties.get("slow_reason", "")))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _over:
        return
    write = terminalreporter.write_line
    terminalreporter.section("time budget (2 s a test, 10 s in a browser)")
    for phase, nodeid, seconds, budget, reason in sorted(_over, key=lambda over: -over[2]):
        why = f" (slow: {reason})" if reason else ""
        label = "test" if phase == "call" else "set-up"
        write(f"{seconds:6.1f}s of {budget:.0f}s  {label:6} {nodeid}{why}")
    failing = unexcused()
    if failing and ENFORCED:
        write(f"{len(failing)} test(s) took over {SLACK} times their budget without @pytest.mark.slow(reason=...)")


def unexcused() -> list[str]:
    return [
        nodeid
        for phase, nodeid, seconds, budget, reason in _over
        if phase == "call" and not reason and seconds > budget * SLACK
    ]


def pytest_sessionfinish(session, exitstatus):
    worker = hasattr(session.config, "workerinput")  # an xdist worker: the controller decides
    if ENFORCED and not worker and unexcused() and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
