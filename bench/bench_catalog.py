"""The card catalog: importing the real Utopia file and loading the catalog for the engine.

Runs against a throw-away database made the way the test suite makes one: a
temporary SQLite file by default, or a ``bench_catalog`` database on the
server ``DATABASE_URL`` names (PostgreSQL), so the figures cover real SQL and
a real commit. The Utopia file is ``$CARD_DATA`` or the one Muster ships (``fleets/card_data/``).
"""

from __future__ import annotations

from bench.django_db import throwaway_database
from bench.framework import Result, time_runs, within
from bench.real_fleets import utopia_file

REPEAT = 3


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_catalog: CARD_DATA names no file")
        return []
    data = path.read_bytes()
    with throwaway_database("bench_catalog"):
        from fleets.catalog_import import import_catalog
        from fleets.models import Card, CardSet
        from fleets.selectors import catalog as catalog_reads

        empty = []
        for _ in range(REPEAT):
            Card.objects.all().delete()
            CardSet.objects.all().delete()
            empty += time_runs(lambda: import_catalog(data=data), 1)
        cards = Card.objects.count()
        again = time_runs(lambda: import_catalog(data=data), REPEAT)

        def load_cold():
            catalog_reads._loaded = None  # forget this process's copy: a fresh worker's first call
            catalog_reads.load_catalog()

        cold = time_runs(load_cold, REPEAT)
        warm = time_runs(catalog_reads.load_catalog, REPEAT)
    notes = f"{cards} cards"
    return [
        within("import Utopia into an empty catalog", empty, 10, "s", notes),
        within("re-import the unchanged Utopia file", again, 5, "s", notes),
        within("load_catalog, first call in a process", [s * 1000 for s in cold], 200, "ms", notes),
        within("load_catalog, later call (version check)", [s * 1000 for s in warm], 200, "ms", notes),
    ]
