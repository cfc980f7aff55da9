"""Mutation testing of the rules, each module against its own tests only (``make mutants``, weekly).

mutmut 3 reads [tool.mutmut] from the ``pyproject.toml`` of the folder it runs in and copies the tree into
``mutants/`` there. So that a module's mutants meet only its own tests ([tool.mutants] in pyproject.toml), each
module runs in a folder of its own, ``.mutmut/<name>/``: links to every top-level entry of the tree, and a
``pyproject.toml`` whose [tool.mutmut] mutates that one module and selects its tests. mutmut keeps its results
there and reruns only the mutants whose code or tests changed.

For each module the report gives the score (mutants killed, a timeout counting as killed, over all mutants less
the equivalent ones) and lists every survivor not judged equivalent in ``tests/mutants/equivalent.toml``. For a
module whose [tool.mutants] table says ``observe = true`` (the Attack Wing rules), each survivor is followed by
what it changes on random fleets (``tests/mutants/observed.py``): ``cost`` or ``violation`` marks a rule no test
pins.

    python tests/mutants/run.py [pairing standings ...] [--max-children N] [--only GLOB ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / ".mutmut"
EQUIVALENT = Path(__file__).resolve().parent / "equivalent.toml"
NOT_LINKED = {".git", ".mutmut", "mutants", "pyproject.toml"}
CAUGHT = {"killed", "timeout"}


def module_pyproject(text: str, settings: dict, module: str, tests: list[str]) -> str:
    """The tree's pyproject.toml with its [tool.mutmut] table replaced by one for ``module`` and ``tests``."""
    start = text.index("\n[tool.mutmut]\n")
    end = text.find("\n[", start + 1)
    own = {**settings, "only_mutate": [module], "pytest_add_cli_args_test_selection": tests}
    table = "".join(f"{key} = {json.dumps(value)}\n" for key, value in own.items())
    return text[:start] + text[end:] + "\n[tool.mutmut]\n" + table


def prepare(name: str, module: str, tests: list[str]) -> Path:
    folder = WORK / name
    folder.mkdir(parents=True, exist_ok=True)
    for entry in ROOT.iterdir():
        link = folder / entry.name
        if entry.name not in NOT_LINKED and not link.is_symlink():
            link.symlink_to(entry)
    text = (ROOT / "pyproject.toml").read_text()
    settings = tomllib.loads(text)["tool"]["mutmut"]
    (folder / "pyproject.toml").write_text(module_pyproject(text, settings, module, tests))
    return folder


def statuses(folder: Path, mutmut: str) -> dict[str, str]:
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=folder, capture_output=True, text=True, check=True)
    found = {}
    for line in out.stdout.splitlines():
        key, _, status = line.strip().rpartition(": ")
        if key:
            found[key] = status
    return found


def observed(folder: Path, names: list[str]) -> dict[str, str]:
    """What each mutant of ``names`` changes on random fleets, read in the mutated tree of ``folder``."""
    if not names:
        return {}
    tree = folder / "mutants"
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("observed.py")), *names],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(line.rsplit(": ", 1) for line in out.stdout.splitlines())


def report(name: str, found: dict[str, str], equivalent: dict[str, str], changes: dict[str, str]) -> list[str]:
    counted = {key: status for key, status in found.items() if key not in equivalent}
    caught = sum(status in CAUGHT for status in counted.values())
    score = 100 * caught / len(counted) if counted else 100.0
    lines = [
        f"{name}: {len(found)} mutants, {len(found) - len(counted)} equivalent, {caught} of {len(counted)} "
        f"killed ({score:.1f} %)"
    ]
    for key, status in sorted(counted.items()):
        if status not in CAUGHT:
            change = f", on random fleets: {changes[key]}" if key in changes else ""
            lines.append(f"    {key}: {status}{change}")
    return lines


def main(argv: list[str]) -> int:
    modules = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutants"]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"modules to run (default all: {', '.join(modules)})")
    parser.add_argument("--max-children", type=int, default=1, help="mutants tested at once (default 1)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help="a mutant-name glob, e.g. 'rules.tournament.pairing.x__bye_ranks*' (repeatable)",
    )
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - modules.keys())
    if unknown:
        parser.error(f"unknown module(s) {', '.join(unknown)}; [tool.mutants] lists {', '.join(modules)}")
    mutmut = str(Path(sys.executable).with_name("mutmut"))
    equivalent = tomllib.loads(EQUIVALENT.read_text())
    lines = []
    for name in args.names or modules:
        entry = modules[name]
        folder = prepare(name, entry["module"], entry["tests"])
        command = [mutmut, "run", "--max-children", str(args.max_children), *args.only]
        subprocess.run(command, cwd=folder, check=True)
        found = statuses(folder, mutmut)
        judged = equivalent.get(name, {})
        survivors = [key for key, status in found.items() if status not in CAUGHT and key not in judged]
        changes = observed(folder, survivors) if entry.get("observe") else {}
        lines += report(name, found, judged, changes)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
