"""The round desk: server time of entering one table's result from its slip, on a 500-player event.

A throw-away database (:mod:`bench.django_db`) gets the Utopia catalog and a
running event of 500 players with legal fleets and round 1 paired (250 tables,
:func:`bench.generated_event.generated_event`). Through the Django test client,
signed in as the organizer, the round page is read as served; then, table after
table, the next waiting table's desk form is filled (seat 1 won, seat 2 lost
its first ship) and posted as htmx posts it. The answer is what the browser
swaps in: that table's rows, the round's state and the message; the other
tables' forms stay as the page showed them. Every post must be answered without
an error and every result stored as confirmed. The time is the server's
(routing, middleware, view, the service's transaction, queries, the answer's
rendering), without a network. The notes say what loading the whole round
page, every waiting table's form on it, costs once.

Target: p95 under 150 ms per result post, the person at the desk waits for it.
"""

from __future__ import annotations

import statistics

from bench.bench_load import percentile
from bench.django_db import throwaway_database
from bench.framework import Result, hot_spots, timed, within
from bench.load_driver import forms_of
from bench.real_fleets import legal_fleet_contents, utopia_file

PLAYERS = 500
RESULTS = 40
LIMIT_MS = 150
ERROR = "alert-danger"


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_result_entry: no Utopia file; set CARD_DATA to measure the round desk")
        return []
    with throwaway_database("bench_result_entry"):
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from bench.generated_event import generated_event
        from fleets.catalog_import import import_catalog
        from fleets.selectors import load_catalog
        from tournaments.models import Match, MatchStatus
        from tournaments.services import round_pair_next

        import_catalog(data=path.read_bytes())
        event = generated_event(players=PLAYERS, rounds=0, contents=legal_fleet_contents(load_catalog(), PLAYERS))
        round_ = round_pair_next(event=event, by=event.organizer)
        page = reverse("tournaments:round", args=[event.pk, round_.number])
        client = Client(SERVER_NAME="localhost")
        client.force_login(event.organizer)
        htmx = {
            "HTTP_HX_REQUEST": "true",
            "HTTP_HX_CURRENT_URL": f"http://localhost{page}",
        }
        opened, shown = timed(lambda: client.get(page).content.decode())
        waiting = iter([form for form in forms_of(shown) if any(name.endswith("-winner") for name in form.choices)])
        posts: list[float] = []

        def next_result() -> tuple[str, dict[str, list[str]]]:
            """Where the next waiting table's desk form posts, and its fields: seat 1 won, seat 2 lost a ship."""
            form = next(waiting)
            prefix = next(name for name in form.choices if name.endswith("-winner")).removesuffix("winner")
            data: dict[str, list[str]] = {}
            for name, value in form.fill(
                **{f"{prefix}winner": "1", f"{prefix}lost_2": form.choices[f"{prefix}lost_2"][:1]}
            ):
                data.setdefault(name, []).append(value)
            return form.action, data

        def enter_one(record: bool = True) -> None:
            """One result posted from the desk as shown; its answer is swapped in place."""
            action, data = next_result()
            seconds, answer = timed(lambda: client.post(action, data, **htmx))
            text = answer.content.decode()
            if answer.status_code != 200 or ERROR in text or "result saved" not in text:
                raise RuntimeError(f"the desk refused a result: HTTP {answer.status_code}")
            if record:
                posts.append(seconds * 1000)

        enter_one(record=False)  # the first post loads the templates
        for _ in range(RESULTS):
            enter_one()
        with CaptureQueriesContext(connection) as captured:
            enter_one(record=False)
        confirmed = Match.objects.filter(round=round_, status=MatchStatus.CONFIRMED, table__isnull=False).count()
        if confirmed != RESULTS + 2:
            raise RuntimeError(f"{RESULTS + 2} results were posted, {confirmed} are confirmed")
        post_p95 = percentile(posts, 95)
        setting = f"{PLAYERS} players at {PLAYERS // 2} tables; {connection.vendor}"
        post_notes = (
            f"p50 {statistics.median(posts):.0f} ms, p99 {percentile(posts, 99):.0f} ms, {len(posts)} results; "
            f"{setting}; {len(captured)} SQL queries for a post; the round page with its {PLAYERS // 2} waiting "
            f"tables' forms, opened once, {opened * 1000:.0f} ms"
        )
        if post_p95 >= LIMIT_MS:
            action, data = next_result()
            post_notes += f"; {hot_spots(lambda: client.post(action, data, **htmx))}"
    return [within("Round desk: enter one result (htmx post), p95", [post_p95], LIMIT_MS, "ms", post_notes)]
