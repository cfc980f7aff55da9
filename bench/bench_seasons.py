"""Seasons over five years of data: the season table, a player record and the meta, and the ratings from scratch.

A throw-away database (:mod:`bench.django_db`) gets the Utopia catalog and the league nights of
:func:`bench.seasons_world.seasons_world`: by default 10,000 finished STAW events at 50 stores over
five years, 10 players and 3 rounds each (150,000 matches, 100,000 submitted fleets holding some
350,000 ships), and a season per store and year. ``BENCH_SEASONS_EVENTS`` sets another number of
events (the rest scales with it) where the machine cannot write that much in a few minutes.

Measured through the Django test client, as the public, each with the cache cleared before every
request: a store's season table (the busiest of its years), a region's season (ten stores, a year),
the record of the player with most events, and the meta page of the game over all five years.
Each page must take the same number of queries as the same page of a world of 20 events, and
under 300 ms; recomputing every rating of the game from scratch must take under 60 s.
"""

from __future__ import annotations

import os
import statistics
from datetime import date

from bench.django_db import throwaway_database
from bench.framework import Result, hot_spots, time_runs, timed, within
from bench.real_fleets import legal_fleet_contents, utopia_file

EVENTS = int(os.environ.get("BENCH_SEASONS_EVENTS", "10000"))
STORES = 50
SMALL_EVENTS = 20
SMALL_STORES = 2
FLEETS = 300
REPEAT = 5
PAGE_MS = 300
RECOMPUTE_S = 60


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_seasons: no Utopia file; set CARD_DATA to measure the seasons pages")
        return []
    with throwaway_database("bench_seasons"):
        from django.db import connection

        from bench.seasons_world import seasons_world
        from fleets.catalog_import import import_catalog
        from fleets.selectors import load_catalog
        from seasons.services import ratings_recompute

        import_catalog(data=path.read_bytes())
        catalog = load_catalog()
        contents = legal_fleet_contents(catalog, FLEETS)
        factions = [catalog.cards[content["ships"][0]["ship"]].factions[0] for content in contents]
        seasons_world(events=SMALL_EVENTS, stores=SMALL_STORES, contents=contents, factions=factions, prefix="small")
        small = pages("small")
        small_counts = {page: queries(address) for page, (address, _) in small.items()}
        seconds, world = timed(
            lambda: seasons_world(events=EVENTS, stores=STORES, contents=contents, factions=factions, prefix="big")
        )
        size = (
            f"{world.events:,} events, {world.matches:,} matches, {world.registrations:,} fleets of "
            f"{world.list_entries:,} ships, {world.players:,} players"
        )
        print(f"bench_seasons: wrote {size} in {seconds:.0f} s", flush=True)
        recompute = timed(lambda: ratings_recompute(game="attack-wing"))
        results = [
            within(
                f"Ratings recomputed from scratch, {world.matches:,} matches",
                [recompute[0]],
                RECOMPUTE_S,
                "s",
                f"{recompute[1]:,} rating points written; the data written in {seconds:.0f} s; {connection.vendor}",
            )
        ]
        large = pages("big")
        counts = {}
        for page, (address, detail) in large.items():
            counts[page] = (small_counts[page], queries(address))
            notes = f"{detail + '; ' if detail else ''}{counts[page][1]} SQL queries; {size}; {connection.vendor}"
            results.append(cold_page_time(f"{page}, {world.events:,} events over five years", address, notes))
        results.append(
            Result(
                f"SQL queries per seasons page: {SMALL_EVENTS} events vs {world.events:,}",
                "the same",
                tuple(float(large_count) for _, large_count in counts.values()),
                "queries",
                all(a == b for a, b in counts.values()),
                "; ".join(f"{page}: {a} and {b}" for page, (a, b) in counts.items()),
            )
        )
    return results


def pages(prefix: str) -> dict[str, tuple[str, str]]:
    """The pages measured in the world of ``prefix``, each as (address, what it holds): its busiest season,
    a region's season (made here from up to ten of its stores), the record of its most active player
    and the game's meta."""
    from django.db.models import Count
    from django.urls import reverse

    from seasons.models import Season
    from stores.models import Store
    from tournaments.models import Event, Registration

    store_year = (
        Event.objects.filter(store__name__startswith=f"{prefix} ")
        .values("store__name", "date__year")
        .annotate(held=Count("pk"))
        .order_by("-held", "store__name")
        .first()
    )
    busiest = Season.objects.get(name=f"{store_year['store__name']} {store_year['date__year']}")
    region = Season.objects.create(
        name=f"{prefix} region",
        region="Bench",
        game="attack-wing",
        starts_on=date(2023, 1, 1),
        ends_on=date(2023, 12, 31),
        created_by=busiest.created_by,
    )
    region.stores.set(Store.objects.filter(name__startswith=f"{prefix} ")[:10])
    player = (
        Registration.objects.filter(player__username__startswith=f"{prefix}-")
        .values("player_id")
        .annotate(events=Count("pk"))
        .order_by("-events", "player_id")
        .first()
    )
    return {
        "Season table of a store's year": (
            reverse("seasons:detail", args=[busiest.pk]),
            f"{store_year['held']} events",
        ),
        "Season table of a region's year (10 stores)": (reverse("seasons:detail", args=[region.pk]), ""),
        "Record of the most active player": (
            reverse("seasons:player", args=[player["player_id"]]),
            f"{player['events']} events played",
        ),
        "Meta page of the game, all five years": (reverse("seasons:meta") + "?game=attack-wing", ""),
    }


def queries(address: str) -> int:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(SERVER_NAME="localhost")
    client.get(address)  # the first request of a page loads its templates
    with CaptureQueriesContext(connection) as captured:
        assert cold_get(client, address).status_code == 200
    return len(captured)


def cold_get(client, address: str):
    """``address`` with the cache emptied first: every figure is a first visit's."""
    from django.core.cache import cache

    cache.clear()
    return client.get(address)


def cold_page_time(name: str, address: str, notes: str) -> Result:
    """Server time of ``address`` with a cold cache; a page over the limit gets its profile in the notes."""
    from django.test import Client

    client = Client(SERVER_NAME="localhost")
    client.get(address)
    times = [seconds * 1000 for seconds in time_runs(lambda: cold_get(client, address), REPEAT)]
    if statistics.median(times) >= PAGE_MS:
        notes = f"{notes}; {hot_spots(lambda: cold_get(client, address))}"
    return within(name, times, PAGE_MS, "ms", notes)
