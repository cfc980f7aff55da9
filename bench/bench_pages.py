"""Event pages of a 512-player event after 9 rounds: server time and SQL queries.

A throw-away database (:mod:`bench.django_db`) gets the Utopia catalog and two
running events built by :func:`bench.generated_event.generated_event`: 512
players with legal fleets from the real catalog and 9 Swiss rounds paired by
the site's own pairing service, and a small one of 16 players after 2 rounds.
The standings, the pairings of the last round and the fleet list are requested
through the Django test client as the event's organizer, who sees the most (every
fleet, the round's controls): the time is the server's (routing, middleware,
view, queries, template), without a network. Each page must take the same number
of queries on both events, and under 150 ms on the large one.
"""

from __future__ import annotations

import statistics

from bench.django_db import throwaway_database
from bench.framework import Result, hot_spots, time_runs, within
from bench.real_fleets import legal_fleet_contents, utopia_file

PLAYERS = 512
ROUNDS = 9
SMALL_PLAYERS = 16
SMALL_ROUNDS = 2
REPEAT = 10
LIMIT_MS = 150


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_pages: no Utopia file; set CARD_DATA to measure the event pages")
        return []
    with throwaway_database("bench_pages"):
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from bench.generated_event import generated_event
        from fleets.catalog_import import import_catalog
        from fleets.selectors import load_catalog

        import_catalog(data=path.read_bytes())
        contents = legal_fleet_contents(load_catalog(), PLAYERS)
        small = generated_event(players=SMALL_PLAYERS, rounds=SMALL_ROUNDS, contents=contents, prefix="small")
        large = generated_event(players=PLAYERS, rounds=ROUNDS, contents=contents)
        pages = {
            "Standings": lambda event: reverse("tournaments:standings", args=[event.pk]),
            "Pairings of the last round": lambda event: reverse(
                "tournaments:round", args=[event.pk, event.rounds.count()]
            ),
            "Fleet list": lambda event: reverse("tournaments:fleets", args=[event.pk]),
        }

        def queries(event, address: str) -> int:
            client = Client(SERVER_NAME="localhost")
            client.force_login(event.organizer)
            client.get(address)  # the first request of a page loads templates and the catalog
            with CaptureQueriesContext(connection) as captured:
                assert client.get(address).status_code == 200
            return len(captured)

        results = []
        counts = {}
        for page, address_of in pages.items():
            counts[page] = (queries(small, address_of(small)), queries(large, address_of(large)))
            client = Client(SERVER_NAME="localhost")
            client.force_login(large.organizer)
            notes = f"{counts[page][1]} SQL queries; {connection.vendor}; {REPEAT} requests"
            results.append(
                page_time(f"{page} page, {PLAYERS} players after {ROUNDS} rounds", client, address_of(large), notes)
            )
        same = all(small_count == large_count for small_count, large_count in counts.values())
        results.append(
            Result(
                f"SQL queries per page: {SMALL_PLAYERS} players × {SMALL_ROUNDS} rounds vs {PLAYERS} × {ROUNDS}",
                "the same",
                tuple(float(large_count) for _, large_count in counts.values()),
                "queries",
                same,
                "; ".join(f"{page}: {a} and {b}" for page, (a, b) in counts.items()),
            )
        )
    return results


def page_time(name: str, client, address: str, notes: str) -> Result:
    """Server time of ``address`` after one warm-up request; a page over the limit gets its profile in the notes."""
    client.get(address)  # the first request of a page loads templates and the catalog
    times = [seconds * 1000 for seconds in time_runs(lambda: client.get(address), REPEAT)]
    if statistics.median(times) >= LIMIT_MS:
        notes = f"{notes}; {hot_spots(lambda: client.get(address))}"
    return within(name, times, LIMIT_MS, "ms", notes)
