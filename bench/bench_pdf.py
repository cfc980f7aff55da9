"""Fleet Build Sheets as PDF: one sheet, and every sheet of a 256-player event in one PDF.

A throw-away database gets the Utopia catalog and a running event of 256
players, each with a legal fleet of the real catalog
(:func:`bench.generated_event.generated_event`). One sheet is
:func:`fleets.sheets.render_fleet_sheet` for 20 different fleets. The bundle is
made as the background worker makes it for the fleets page: a job asked for
(``tournaments.services.sheets_job_request``) and run (``tournaments.tasks.make_fleet_sheets``,
writing its progress as it goes), then its PDF read back; it must hold one page per fleet.
"""

from __future__ import annotations

import statistics
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
        from bench.generated_event import generated_event
        from fleets.catalog_import import import_catalog
        from fleets.selectors import load_catalog
        from fleets.sheets import render_fleet_sheet
        from tournaments.selectors import event_registrations
        from tournaments.services import sheets_job_request
        from tournaments.tasks import make_fleet_sheets

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

        def bundle() -> bytes:
            job = sheets_job_request(event=event, by=event.organizer, site_url="https://muster.example.org/")
            make_fleet_sheets.call(job.pk)
            job.refresh_from_db()
            if job.step != "done":
                raise RuntimeError(f"the sheets were not made: {job.step}")
            return bytes(job.pdf)

        bundles = [timed(bundle) for _ in range(BUNDLE_REPEAT)]
        pdf = bundles[-1][1]
        pages = len(PdfReader(BytesIO(pdf)).pages)
        seconds = [elapsed for elapsed, _ in bundles]
        bundle_notes = f"{pages} pages, {len(pdf) / 1e6:.1f} MB; made as the worker makes it, progress written"
        if statistics.median(seconds) >= BUNDLE_LIMIT_S:
            bundle_notes += "; " + hot_spots(bundle)
    return [
        within("One Fleet Build Sheet (render_fleet_sheet)", single, SHEET_LIMIT_MS, "ms", single_notes),
        within(
            f"All {PLAYERS} sheets of an event in one PDF, by the background worker",
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
