"""The fleet builder: server time of adding and removing a card on 4-ship fleets from the real catalog.

A throw-away database (:mod:`bench.django_db`) gets the Utopia catalog and a
player owning five legal 4-ship fleets (:func:`bench.real_fleets.legal_fleet_contents`).
Through the Django test client, signed in as the owner, each change is made as
the builder page makes it with htmx: the remove button of one upgrade, taken
from the builder as served, is posted; then the player searches that card by
name for its ship and slot (the type-ahead, timed apart) and posts the result's
Add form. Every answer is the fresh builder, checked, priced and validated, whose
forms the next change uses; a refused change (an error in the answer, or no
card more or less on the fleet) stops the benchmark. The time is the server's
(routing, middleware, view, validation, queries, template), without a network.

Target: p95 under 50 ms for adding a card and for removing one.
"""

from __future__ import annotations

import statistics

from bench.bench_load import percentile
from bench.django_db import throwaway_database
from bench.framework import Result, hot_spots, timed, within
from bench.load_driver import Form, forms_of
from bench.real_fleets import legal_fleet_contents, utopia_file

FLEETS = 5
CHANGES_PER_FLEET = 20  # each a removal and the addition of the same card
LIMIT_MS = 50
ERROR = 'class="alert alert-danger"'


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_builder: no Utopia file; set CARD_DATA to measure the builder")
        return []
    with throwaway_database("bench_builder"):
        from django.contrib.auth.models import User
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from fleets.catalog_import import import_catalog
        from fleets.selectors import load_catalog
        from fleets.services import fleet_create

        import_catalog(data=path.read_bytes())
        catalog = load_catalog()
        owner = User.objects.create(username="builder")
        contents = [
            content
            for content in legal_fleet_contents(catalog, 200)
            if len(content["ships"]) == 4 and sum(len(ship["upgrades"]) for ship in content["ships"]) >= 3
        ][:FLEETS]
        client = Client(SERVER_NAME="localhost")
        client.force_login(owner)
        timings: dict[str, list[float]] = {"add": [], "remove": [], "search": []}

        class Builder:
            """One fleet's builder page in the player's browser: what it shows, and the changes it posts."""

            def __init__(self, number: int, content: dict) -> None:
                self.fleet = fleet_create(owner=owner, name=f"Benchmark fleet {number}", faction="", content=content)
                # Each ship's upgrades in the builder's order: what the page's remove buttons point at.
                self.upgrades = [list(ship["upgrades"]) for ship in content["ships"]]
                self.page = reverse("fleets:detail", args=[self.fleet.pk])
                self.shown = client.get(self.page).content.decode()
                self.htmx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": f"http://localhost{self.page}"}

            def removals(self) -> list[Form]:
                action = reverse("fleets:edit", args=[self.fleet.pk, "remove-card"])
                return [
                    f for f in forms_of(self.shown) if f.action == action and f.submitted.get("role") == ["upgrade"]
                ]

            def send(self, form: Form):
                """The form posted as htmx posts it, untouched; the builder's answer."""
                data: dict[str, list[str]] = {}
                for name, value in form.fill():
                    data.setdefault(name, []).append(value)
                return client.post(form.action, data, HTTP_HX_TARGET="fleet-builder", **self.htmx)

            def post(self, form: Form, kind: str) -> None:
                before = len(self.removals())
                seconds, answer = timed(lambda: self.send(form))
                self.shown = answer.content.decode()
                expected = before + (1 if kind == "add" else -1)
                if answer.status_code != 200 or ERROR in self.shown or len(self.removals()) != expected:
                    raise RuntimeError(f"the builder refused the change ({kind}): HTTP {answer.status_code}")
                timings[kind].append(seconds * 1000)

            def remove_and_add(self, turn: int) -> None:
                """Remove one upgrade (a different one each turn), then find it by name and add it back."""
                removals = self.removals()
                form = removals[turn % len(removals)]
                ship, position = int(form.submitted["ship"][0]), int(form.submitted["position"][0])
                card = catalog.get(self.upgrades[ship].pop(position))
                self.post(form, "remove")
                search = {"search": "1", "ship": str(ship), "slot": card.upgrade_type or "other", "q": card.name}
                address = reverse("fleets:search", args=[self.fleet.pk])
                seconds, found = timed(
                    lambda: client.get(address, search, HTTP_HX_TARGET=f"results-ship-{ship + 1}", **self.htmx)
                )
                timings["search"].append(seconds * 1000)
                add = next((f for f in forms_of(found.content.decode()) if f.submitted.get("card") == [card.id]), None)
                if add is None:
                    raise RuntimeError(f"searching {card.name!r} for ship {ship + 1} did not offer {card.id}")
                self.post(add, "add")
                self.upgrades[ship].append(card.id)

        builders = [Builder(number, content) for number, content in enumerate(contents, 1)]
        builders[0].remove_and_add(0)  # the first change loads the templates
        for kind in timings:
            timings[kind].clear()
        for turn in range(CHANGES_PER_FLEET):
            for builder in builders:
                builder.remove_and_add(turn)
        search = percentile(timings["search"], 95)
        labels = {"add": "Builder: add a card (htmx post)", "remove": "Builder: remove a card (htmx post)"}
        figures = {kind: (percentile(timings[kind], 95), list(timings[kind])) for kind in labels}
        with CaptureQueriesContext(connection) as captured:
            builders[0].remove_and_add(CHANGES_PER_FLEET)
        setting = (
            f"{len(builders)} fleets of 4 ships, {CHANGES_PER_FLEET} changes each; {connection.vendor}; "
            f"{len(captured)} SQL queries for a removal, the search and the addition"
        )
        slow = any(p95 >= LIMIT_MS for p95, _ in figures.values())
        profile = ""
        if slow:  # the last thing done: the builder's page is not read again after this removal
            removal = builders[1].removals()[0]
            profile = hot_spots(lambda: builders[1].send(removal))
    out = []
    for kind, (p95, times) in figures.items():
        notes = (
            f"p50 {statistics.median(times):.1f} ms, p99 {percentile(times, 99):.1f} ms, {len(times)} changes; "
            f"the type-ahead search before an addition p95 {search:.1f} ms; {setting}"
        )
        if p95 >= LIMIT_MS:
            notes = f"{notes}; {profile} (a removal)"
        out.append(within(f"{labels[kind]}, p95", [p95], LIMIT_MS, "ms", notes))
    return out
