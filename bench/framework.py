"""The small machinery every benchmark shares: timing, memory, results and the report.

A benchmark module is ``bench/bench_<name>.py`` with a ``run() -> list[Result]``
function; it measures with :func:`time_runs` and :func:`peak_memory_mb` and
states each target with :func:`within` or :func:`at_least`. Running every
module rewrites ``BENCHMARKS.md``; running only some prints their table and
leaves the file alone, so it always shows one complete run.
"""

from __future__ import annotations

import cProfile
import importlib
import os
import pkgutil
import platform
import pstats
import statistics
import time
import traceback
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TypeVar

REPORT = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"
TEMPLATE_RENDER = ("django/template/backends/django.py", "render")  # the whole of a template's rendering
PACKAGE = Path(__file__).resolve().parent
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Result:
    """One measured figure against its target: ``values`` holds every run (none when it crashed)."""

    name: str
    target: str
    values: tuple[float, ...]
    unit: str
    passed: bool
    notes: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.values)


def timed(action: Callable[[], T]) -> tuple[float, T]:
    """Wall-clock seconds of one call of ``action``, and what it returned."""
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def time_runs(action: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of ``repeat`` calls of ``action``."""
    return [timed(action)[0] for _ in range(repeat)]


def peak_memory_mb(action: Callable[[], object]) -> float:
    """Peak Python heap allocated while ``action`` runs, in MB (tracemalloc; slows the run)."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def hot_spots(action: Callable[[], object], top: int = 4) -> str:
    """Where one call of ``action`` spends its time, for the note of a missed target (cProfile).

    The project's functions (and Django's template rendering, as one figure) with
    the most cumulative time, leaving out the wrappers that hold nearly all of it
    (the view itself) and a callee holding nearly all of the time of the function
    listed before it (the same cost again, one call deeper).
    """
    profiler = cProfile.Profile()
    profiler.runcall(action)
    stats = pstats.Stats(profiler).stats
    total = max(entry[3] for entry in stats.values())
    named = []
    for (filename, _, function), entry in stats.items():
        path = Path(filename)
        if filename.endswith(TEMPLATE_RENDER[0]) and function == TEMPLATE_RENDER[1]:
            named.append((entry[3], "template rendering"))
        elif path.is_relative_to(PACKAGE.parent) and ".venv" not in path.parts:
            named.append((entry[3], f"{path.relative_to(PACKAGE.parent)}:{function}"))
    spots: list[tuple[float, str]] = []
    for cumulative, name in sorted(named, reverse=True):
        if cumulative < 0.9 * total and not (spots and cumulative > 0.97 * spots[-1][0]):
            spots.append((cumulative, f"{name} {cumulative * 1000:.0f} ms"))
    return f"profile of one call ({total * 1000:.0f} ms): " + ", ".join(text for _, text in spots[:top])


def within(name: str, values: Sequence[float], limit: float, unit: str, notes: str = "") -> Result:
    """A result that passes when its median is below ``limit``."""
    passed = statistics.median(values) < limit
    return Result(name, f"< {_number(limit)} {unit}", tuple(values), unit, passed, notes)


def at_least(name: str, values: Sequence[float], floor: float, unit: str, notes: str = "") -> Result:
    """A result that passes when its median is ``floor`` or more."""
    passed = statistics.median(values) >= floor
    return Result(name, f"≥ {_number(floor)} {unit}", tuple(values), unit, passed, notes)


def machine() -> dict[str, str]:
    """What the figures were measured on."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "CPU": model,
        "Cores": str(os.cpu_count()),
        "Python": platform.python_version(),
        "Measured": date.today().isoformat(),
    }


def discover() -> list[str]:
    """Names of every benchmark module, ``pairing`` for ``bench/bench_pairing.py``."""
    return sorted(
        info.name.removeprefix("bench_")
        for info in pkgutil.iter_modules([str(PACKAGE)])
        if info.name.startswith("bench_")
    )


def render(results: Sequence[Result], host: dict[str, str]) -> str:
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m bench`); every figure comes from the run described below.",
        "Targets are checked here, never as timed assertions in the test suite.",
        "",
        *(f"- **{key}:** {value}" for key, value in host.items()),
        "",
        "| Benchmark | Target | Median | Min–max | Result | Notes |",
        "|---|---|---|---|---|---|",
    ]
    for result in results:
        verdict = "pass" if result.passed else "**FAIL**"
        if result.values:
            spread = f"{_number(min(result.values))}–{_number(max(result.values))} {result.unit}"
            median = f"{_number(result.median)} {result.unit}"
        else:
            spread = median = "—"
        lines.append(f"| {result.name} | {result.target} | {median} | {spread} | {verdict} | {result.notes} |")
    return "\n".join(lines) + "\n"


def main(names: Sequence[str]) -> int:
    """Run the named benchmarks (all when none are named); exit status 1 when a target is missed."""
    available = discover()
    unknown = sorted(set(names) - set(available))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available)}")
        return 2
    results: list[Result] = []
    busy_before = os.getloadavg()[0]
    start = time.perf_counter()
    for name in names or available:
        print(f"running bench_{name} ...", flush=True)
        try:
            results.extend(importlib.import_module(f"bench.bench_{name}").run())
        except Exception as error:  # one broken benchmark must not hide the others' figures
            traceback.print_exc()
            results.append(Result(f"bench_{name}", "runs", (), "", False, f"crashed: {error!r}"))
    host = machine()
    # Timings stretch when other work shares the cores; the load average says how much there was.
    host["Run"] = (
        f"{time.perf_counter() - start:.0f} s; 1-minute load average {busy_before:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end"
    )
    report = render(results, host)
    print(report)
    if not names:
        REPORT.write_text(report)
        print(f"wrote {REPORT}")
    return 0 if all(result.passed for result in results) else 1


def _number(value: float) -> str:
    """Three significant figures, without exponent notation for everyday sizes."""
    if value == 0:
        return "0"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"
