"""Two requests at once, made to overlap for certain rather than by luck.

:class:`Hold` stops the first call of a function the service makes inside its
transaction (after it has locked and written what it locks and writes), so the
first thread sits in the middle of its transaction. :func:`race` then starts
the second thread and lets the first go only once the second waits for a row
lock, or has finished without waiting. On PostgreSQL the wait is seen in
``pg_stat_activity``; a service that takes no lock lets the second thread run
straight through the first one's half-done work, which the tests then catch in
the end state.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import connection, connections

DEADLINE = 10.0  # seconds any one step may take before the test gives up (never reached when all is well)
POLL = 0.01


class Hold:
    """Replaces ``owner.name`` (with pytest's ``monkeypatch``) by a version whose first call waits.

    ``reached`` is set when the first call arrives; it returns once ``release()``
    is called. Every later call, from any thread, goes straight through.
    """

    def __init__(self, monkeypatch, owner, name: str) -> None:
        self.reached = threading.Event()
        self._released = threading.Event()
        self._first = threading.Lock()
        original = getattr(owner, name)

        def held(*args, **kwargs):
            if self._first.acquire(blocking=False):
                self.reached.set()
                self._released.wait(DEADLINE)
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, held)

    def release(self) -> None:
        self._released.set()


@dataclass
class Run:
    """One thread's call: its result or the exception it raised."""

    call: Callable[[], object]
    result: object = None
    error: Exception | None = None
    done: threading.Event = field(default_factory=threading.Event)

    def __call__(self) -> None:
        try:
            self.result = self.call()
        except Exception as error:  # handed to the test, which asserts on it
            self.error = error
        finally:
            connections.close_all()
            self.done.set()

    def value(self):
        if self.error is not None:
            raise self.error
        return self.result


@dataclass(frozen=True)
class Race:
    first: Run
    second: Run
    second_waited: bool  # the second call waited for a lock the first one held


def someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid())"
        )
        return cursor.fetchone()[0]


def race(first: Callable[[], object], second: Callable[[], object], hold: Hold) -> Race:
    """``first`` runs until ``hold`` stops it mid-transaction; then ``second`` starts; ``first`` goes on
    once ``second`` waits for a lock (or has finished). Both threads are joined before this returns."""
    runs = Run(first), Run(second)
    threads = [threading.Thread(target=run) for run in runs]
    threads[0].start()
    if not hold.reached.wait(DEADLINE):
        hold.release()
        threads[0].join(DEADLINE)
        raise AssertionError(f"the first call never reached the hold: {runs[0].error!r}")
    threads[1].start()
    waited = False
    give_up = time.monotonic() + DEADLINE
    while not runs[1].done.wait(POLL) and time.monotonic() < give_up:
        if someone_waits_for_a_lock():
            waited = True
            break
    hold.release()
    for thread in threads:
        thread.join(DEADLINE)
    assert all(run.done.is_set() for run in runs), "a call did not finish: a deadlock?"
    return Race(first=runs[0], second=runs[1], second_waited=waited)
