"""Staff: every submitted Fleet Build Sheet of an event in one PDF, to print at the venue.

Hundreds of sheets take seconds, so the fleets page asks with ``?progress=1``
(``static/js/fleet-sheets.js``) and gets a stream of JSON lines: one per fleet
read, then the pages laid out so far, and last the PDF itself (base64). One
request does it all, so nothing is stored between requests, no cache has to be
shared by the server's processes, and nothing is left over when the browser
gives up. Without the parameter (no script) the same PDF comes back plainly.

Reading the fleets needs the database and stays in the request's thread; laying
the pages out is pure ReportLab and runs in a worker thread, so the stream can
report its pages while it works.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth.decorators import login_required
from django.http import Http404, StreamingHttpResponse
from django.views.decorators.http import require_safe
from reportlab.platypus import Flowable

from fleets.decks.sheets import deck_sheet_story, render_deck_sheets
from fleets.selectors import catalog_edition, load_catalog
from fleets.sheets import fleet_sheet_story, render_fleet_sheets

from .. import selectors
from ..access import Viewer, event_staff_required
from ..games import DeckGame, event_game
from ..models import Event, Registration
from ..selectors import submitted_deck_view
from .reports import pdf_response

logger = logging.getLogger(__name__)
POLL_SECONDS = 0.2  # how often the stream reports the pages laid out


@require_safe
@login_required
@event_staff_required
def fleet_sheets(request, event: Event, viewer: Viewer):
    """The event's staff: one PDF with a page per submitted fleet, players in name order
    (a deck game's event: a registration sheet per submitted deck, :func:`deck_sheets`)."""
    if isinstance(event_game(event.game), DeckGame):
        return deck_sheets(event)
    registrations = [r for r in selectors.event_registrations(event) if r.fleet_version_id is not None]
    if not registrations:
        raise Http404("No fleet has been submitted to this event.")
    site_url = request.build_absolute_uri("/")
    title = f"Fleet Build Sheets — {event.name}"
    filename = f"event-{event.pk}-fleet-sheets.pdf"
    if request.GET.get("progress"):
        stories = _stories(event, registrations, site_url)
        lines = _progress(stories, len(registrations), title, filename, event.paper_size)
        response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        response["Cache-Control"] = "no-store"
        response["X-Accel-Buffering"] = "no"  # a proxy in front must pass each line on at once
        return response
    pdf = render_fleet_sheets(_stories(event, registrations, site_url), title=title, paper=event.paper_size)
    return pdf_response(pdf, filename)


def _stories(event: Event, registrations: list[Registration], site_url: str) -> Iterator[list[Flowable]]:
    """Each player's sheet, filled in for the event as their own sheet is (one catalog read for all)."""
    catalog, edition = load_catalog(), catalog_edition()
    players = selectors.printed_players(event)
    for registration in registrations:
        player = players[registration.pk]
        yield fleet_sheet_story(
            version=registration.fleet_version,
            player_name=player.name,
            email=player.email,
            site_url=site_url,
            event_name=event.name,
            event_date=event.date,
            catalog=catalog,
            edition=edition,
        )


def _progress(stories: Iterator[list[Flowable]], total: int, title: str, filename: str, paper: str) -> Iterator[bytes]:
    """JSON lines: ``reading`` k of n, ``printing`` k of n, then ``done`` with the PDF, or ``failed``.

    Once the first line is out the status code is sent, so a failure can only be told in a line.
    """
    try:
        read = []
        for story in stories:
            read.append(story)
            yield _line(step="reading", done=len(read), total=total)
        pages = {"done": 0}
        pool = ThreadPoolExecutor(max_workers=1)
        job = pool.submit(
            render_fleet_sheets, read, title=title, paper=paper, on_page=lambda done: pages.update(done=done)
        )
        pool.shutdown(wait=False)  # the worker ends with its one job; a closed stream must not wait for it
        while True:
            try:
                pdf = job.result(timeout=POLL_SECONDS)
            except TimeoutError:
                yield _line(step="printing", done=pages["done"], total=total)
            else:
                yield _line(step="done", total=total, filename=filename, pdf=base64.b64encode(pdf).decode())
                return
    except Exception:
        logger.exception("making %s failed", filename)
        yield _line(step="failed", message="The sheets could not be made; please try again.")


def _line(**fields) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def deck_sheets(event: Event):
    """Every submitted list of a deck game's event, each on its registration sheet, players in name order."""
    registrations = selectors.event_registrations(event)
    game = event_game(event.game)
    game.load_lists(registrations)
    players = selectors.printed_players(event)
    stories = [
        deck_sheet_story(
            view=submitted_deck_view(deck, event.game),
            player_name=players[registration.pk].name,
            email=players[registration.pk].email,
            event_name=event.name,
            on_date=event.date,
        )
        for registration in registrations
        for deck in registration.decks.all()
    ]
    if not stories:
        raise Http404("No list has been submitted to this event.")
    title = f"Registration sheets — {event.name}"
    pdf = render_deck_sheets(stories, title=title, paper=event.paper_size)
    return pdf_response(pdf, f"event-{event.pk}-registration-sheets.pdf")
