"""Speed and memory benchmarks: ``python -m bench`` runs them and rewrites BENCHMARKS.md.

Each ``bench/bench_*.py`` module exposes ``run() -> list[Result]``; the runner in
:mod:`bench.framework` finds the modules, runs them and writes the report.
Timing targets live here, never as assertions in the test suite.
"""
