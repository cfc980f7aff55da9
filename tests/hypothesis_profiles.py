"""Hypothesis profiles, the one place that says how hard property tests look: ``dev``, ``ci`` and ``fuzz``.

``HYPOTHESIS_PROFILE`` picks one; without it ``CI=1`` runs ``ci`` and anything else ``dev``. ``make fuzz``
runs ``fuzz`` (the event state machine also reads it to run evenings until its time is up).

* ``dev``: quick feedback while working; random, failures replayed from ``.hypothesis/``.
* ``ci``: more examples, the same ones every run (``derandomize``), so a red CI run is reproducible
  and a green one is not luck; a failure prints the blob that replays it.
* ``fuzz``: many examples, random, for the hours ``make fuzz`` is given.

No deadline anywhere: the machines the tests run on are shared and slow at times; the property is what counts.
Tests that state their own ``max_examples`` say why (each example is costly).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz", max_examples=5_000, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
FUZZING = PROFILE == "fuzz"
settings.load_profile(PROFILE)
