"""Load: the Saturday of :mod:`bench.bench_stores` with a busy neighbour, another program computing flat
out on one of the machine's cores through the measured two minutes (a second site, a backup, a build
on the same server). The promises are the same: the all-sheets PDF ready within 15 s above all.

``BENCH_WORKER_NICENESS=10`` starts the worker lowered, as it used to run, to measure the difference.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator

from bench.bench_stores import saturday
from bench.framework import Result

SPIN = "import os, sys\nos.sched_setaffinity(0, {int(sys.argv[1])})\nwhile True:\n    pass\n"


@contextlib.contextmanager
def busy_neighbour() -> Iterator[None]:
    """A process at the servers' own priority that keeps the machine's last core busy until the block ends."""
    core = max(os.sched_getaffinity(0))
    spinner = subprocess.Popen([sys.executable, "-c", SPIN, str(core)])
    time.sleep(1)
    if spinner.poll() is not None:
        raise RuntimeError(f"the busy neighbour stopped at once (exit status {spinner.returncode})")
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


def run() -> list[Result]:
    niceness = os.environ.get("BENCH_WORKER_NICENESS")
    return saturday(
        label="Stores, busy neighbour" + (f", worker at niceness {niceness}" if niceness else ""),
        neighbour=busy_neighbour,
        worker_options=("--niceness", niceness) if niceness else (),
    )
