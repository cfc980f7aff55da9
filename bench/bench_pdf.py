"""Fleet Build Sheets as PDF: one sheet, and every sheet of a 256-player event in one PDF.

A throw-away database gets the Utopia catalog and a running event of 256
players, each with a legal fleet of the real catalog
(:func:`bench.generated_event.generated_event`). One sheet is
:func:`fleets.sheets.render_fleet_sheet` for 20 different fleets. The bundle is
requested as the fleets page asks for it: the staff-only view with
``?progress=1``, its stream of progress lines read to the end, where the PDF
comes (server time through the Django test client, base64 included); it must
hold one page per fleet.
"""

from __future__ import annotations

import base64
import json
import statistics
import time
from io import BytesIO

from pypdf import PdfReader

from bench.django_db import throwaway_database
from bench.framework import Result, hot_spots, timed, within
from bench.real_fleets import legal_fleet_contents, utopia_file

PLAYERS = 256
SINGLE_SHEETS = 20
BUNDLE_REPEAT = 3
SHEET_LIMIT_MS = 50
BUNDLE_LIMIT_S = 10


def run() -> list[Result]:
    path = utopia_file()
    if path is None:
        print("bench_pdf: no Utopia file; set CARD_DATA to measure the fleet sheets")
        return []
    with throwaway_database("bench_pdf"):
        from django.test import Client
        from django.urls import reverse

        from bench.generated_event import generated_event
        from fleets.catalog_import import import_catalog
        from fleets.selectors import load_catalog
        from fleets.sheets import render_fleet_sheet
        from tournaments.selectors import event_registrations

        import_catalog(data=path.read_bytes())
        event = generated_event(players=PLAYERS, rounds=0, contents=legal_fleet_contents(load_catalog(), PLAYERS))
        registrations = event_registrations(event)

        def sheet(registration) -> bytes:
            return render_fleet_sheet(
                version=registration.fleet_version,
                player_name=registration.name,
                email=registration.player.email,
                site_url="https://muster.example.org/",
                event_name=event.name,
                event_date=event.date,
            )

        sheet(registrations[0])  # the first sheet of a process loads the catalog and ReportLab's fonts
        single = [timed(lambda r=r: sheet(r))[0] * 1000 for r in registrations[:SINGLE_SHEETS]]
        single_notes = f"{SINGLE_SHEETS} different fleets of 3–4 ships, QR code included"
        if statistics.median(single) >= SHEET_LIMIT_MS:
            single_notes += "; " + hot_spots(lambda: sheet(registrations[0]))

        client = Client(SERVER_NAME="localhost")
        client.force_login(event.organizer)
        address = reverse("tournaments:fleet_sheets", args=[event.pk]) + "?progress=1"
        bundles = [timed(lambda: read_stream(client.get(address))) for _ in range(BUNDLE_REPEAT)]
        first_line, pdf = bundles[-1][1]
        pages = len(PdfReader(BytesIO(pdf)).pages)
        seconds = [elapsed for elapsed, _ in bundles]
        bundle_notes = f"{pages} pages, {len(pdf) / 1e6:.1f} MB; first progress line after {first_line * 1000:.0f} ms"
        if statistics.median(seconds) >= BUNDLE_LIMIT_S:
            bundle_notes += "; " + hot_spots(lambda: read_stream(client.get(address)))
    return [
        within("One Fleet Build Sheet (render_fleet_sheet)", single, SHEET_LIMIT_MS, "ms", single_notes),
        within(
            f"All {PLAYERS} sheets of an event in one PDF, with progress",
            seconds,
            BUNDLE_LIMIT_S,
            "s",
            bundle_notes,
        ),
        Result(
            f"Pages of the {PLAYERS}-sheet PDF",
            f"{PLAYERS}",
            (float(pages),),
            "pages",
            pages == PLAYERS,
            "one page per submitted fleet",
        ),
    ]


def read_stream(response) -> tuple[float, bytes]:
    """Read the progress stream to its end: (seconds until its first line, the PDF of its last line)."""
    start = time.perf_counter()
    chunks = iter(response.streaming_content)
    first = next(chunks)
    first_line = time.perf_counter() - start
    last = json.loads(b"".join([first, *chunks]).splitlines()[-1])
    if last["step"] != "done":
        raise RuntimeError(f"the sheets were not made: {last}")
    return first_line, base64.b64decode(last["pdf"])
