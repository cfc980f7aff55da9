"""The time budget (tests/time_budget.py): with TIME_BUDGET_ENFORCE=1 a test over it fails the run unless marked
slow with a reason.

The runs below start pytest on a folder of two tests with the budget's hooks; ``TIME_BUDGET_SLACK`` shrinks the
threshold (2 s times the slack) so that a test of a fifth of a second is over it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.time_budget import pytest_collection_modifyitems

ROOT = Path(__file__).resolve().parent.parent
HOOKS = (
    "from tests.time_budget import (pytest_collection_modifyitems, pytest_runtest_logreport,\n"
    "    pytest_runtest_makereport, pytest_sessionfinish, pytest_terminal_summary)\n"
)
PROBES = """import time
import pytest


def test_unexcused():
    time.sleep(0.2)


@pytest.mark.slow(reason="it waits on purpose")
def test_excused():
    time.sleep(0.2)
"""


def run(tmp_path, *, ci: bool) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(HOOKS)
    (tmp_path / "test_probe.py").write_text(PROBES)
    environment = {key: value for key, value in os.environ.items() if key not in ("CI", "TIME_BUDGET_ENFORCE")}
    enforced = {"TIME_BUDGET_ENFORCE": "1"} if ci else {}
    environment |= {"PYTHONPATH": str(ROOT), "TIME_BUDGET_SLACK": "0.05", **enforced}
    environment["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # pytest alone: the hooks need no plugin
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", os.devnull, "--rootdir", str(tmp_path)],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.slow(reason="starts pytest in a new interpreter")
def test_under_ci_only_the_test_without_a_slow_marker_fails_the_run(tmp_path):
    result = run(tmp_path, ci=True)
    assert result.returncode == 1, result.stdout
    assert "1 test(s) took over 0.05 times their budget" in result.stdout
    assert "(slow: it waits on purpose)" in result.stdout


@pytest.mark.slow(reason="starts pytest in a new interpreter")
def test_outside_ci_the_run_only_lists_them(tmp_path):
    result = run(tmp_path, ci=False)
    assert result.returncode == 0, result.stdout
    assert "test_probe.py::test_unexcused" in result.stdout


def test_a_slow_marker_without_a_reason_is_refused():
    item = SimpleNamespace(nodeid="test_x", get_closest_marker=lambda name: pytest.mark.slow.mark)
    with pytest.raises(pytest.UsageError, match="needs reason="):
        pytest_collection_modifyitems([item])
