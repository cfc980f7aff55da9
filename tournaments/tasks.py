"""Background jobs of the tournaments app: every Fleet Build Sheet of an event in one PDF.

A 256-player event's sheets take seconds to lay out, longer than a request should hold an
application server. The staff's request records a :class:`~tournaments.models.SheetsJob` and
queues :func:`make_fleet_sheets` once it commits; the worker writes its progress and then the PDF
into the job, where any server reads them. A job may run twice (a worker stopped mid-job takes it
again, see ``run_worker``): it starts over, and a finished job is left as it is.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

from django.utils import timezone
from django.utils.translation import gettext
from django_tasks import task
from reportlab.platypus import Flowable

from fleets.selectors import catalog_edition, load_catalog
from fleets.sheets import fleet_sheet_story, render_fleet_sheets
from stores.languages import printed_for

from . import selectors
from .models import Event, Registration, SheetsJob, SheetsStep

logger = logging.getLogger(__name__)
PROGRESS_SECONDS = 0.25  # how often the job's progress is written (each write is one UPDATE)
# The worker takes the sheets before queued mail: the organizer follows them on the fleets page, at the
# desk in the middle of their event, while a message a few seconds later goes unnoticed.
SHEETS_PRIORITY = 10


def fleet_stories(event: Event, registrations: list[Registration], site_url: str) -> Iterator[list[Flowable]]:
    """Each player's sheet, filled in for the event as their own sheet is (one catalog read for all; the
    registrations come with their versions' judged prices, :func:`tournaments.selectors.event_registrations`)."""
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


def submitted_fleets(event: Event) -> list[Registration]:
    """The registrations with a submitted fleet, players in name order: one sheet each."""
    return [r for r in selectors.event_registrations(event) if r.fleet_version_id is not None]


class Progress:
    """Writes the job's step and count, at most every :data:`PROGRESS_SECONDS` (and always a step's first)."""

    def __init__(self, job: SheetsJob, total: int):
        self.jobs = SheetsJob.objects.filter(pk=job.pk)
        self.total = total
        self.step, self.written_at = None, 0.0

    def __call__(self, step: str, done: int) -> None:
        now = time.monotonic()
        if step != self.step or now - self.written_at >= PROGRESS_SECONDS or done == self.total:
            self.jobs.update(step=step, done=done, total=self.total)
            self.step, self.written_at = step, now


@task(priority=SHEETS_PRIORITY)
def make_fleet_sheets(job_id: int) -> None:
    job = SheetsJob.objects.select_related("event").filter(pk=job_id).first()
    if job is None or job.step == SheetsStep.DONE:
        return  # deleted with its event, or made already by an earlier run
    event = job.event
    try:
        registrations = submitted_fleets(event)
        progress = Progress(job, total=len(registrations))
        stories = []
        with printed_for(event.store):  # the store's language, as every printout of the event
            for story in fleet_stories(event, registrations, job.site_url):
                stories.append(story)
                progress(SheetsStep.READING, len(stories))
            pdf = render_fleet_sheets(
                stories,
                title=gettext("Fleet Build Sheets — %(event)s") % {"event": event.name},
                paper=event.paper_size,
                on_page=lambda pages: progress(SheetsStep.PRINTING, pages),
            )
    except Exception:
        logger.exception("making the sheets of event %s failed", event.pk)
        SheetsJob.objects.filter(pk=job.pk).update(step=SheetsStep.FAILED, finished_at=timezone.now())
        raise
    SheetsJob.objects.filter(pk=job.pk).update(
        step=SheetsStep.DONE, done=len(registrations), total=len(registrations), pdf=pdf, finished_at=timezone.now()
    )
