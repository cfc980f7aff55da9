"""Asking for every Fleet Build Sheet of an event in one PDF, made by the background worker."""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.utils.translation import gettext

from ..errors import TournamentError
from ..models import Event, SheetsJob, SheetsStep
from ..tasks import make_fleet_sheets

UNFINISHED = (SheetsStep.QUEUED, SheetsStep.READING, SheetsStep.PRINTING)


@transaction.atomic
def sheets_job_request(*, event: Event, by, site_url: str) -> SheetsJob:
    """The job making the event's sheets: one already under way for ``by``, else a new one, queued for the
    worker once this transaction commits (a request that fails queues nothing)."""
    if not event.registrations.filter(fleet_version__isnull=False).exists():
        raise TournamentError(gettext("No fleet has been submitted to this event."))
    job = event.sheets_jobs.filter(requested_by=by, step__in=UNFINISHED).first()
    if job is not None:
        return job
    job = SheetsJob.objects.create(event=event, requested_by=by, site_url=site_url)
    transaction.on_commit(partial(make_fleet_sheets.enqueue, job.pk))
    return job
