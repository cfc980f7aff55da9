"""An all-sheets PDF being made in the background, its progress, and the PDF once made."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SheetsStep(models.TextChoices):
    QUEUED = "queued", _("Waiting for the worker")
    READING = "reading", _("Reading the fleets")
    PRINTING = "printing", _("Laying out the sheets")
    DONE = "done", _("Ready")
    FAILED = "failed", _("Failed")


class SheetsJob(models.Model):
    """Every Fleet Build Sheet of an event in one PDF, asked for by one of its staff.

    The worker (``tournaments.tasks.make_fleet_sheets``) writes its progress here, so any
    application server can tell the organizer how far it is, and the PDF, so any can hand it out.
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="sheets_jobs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    site_url = models.URLField(help_text=_("Where the sheets' verification links point."))
    step = models.CharField(max_length=10, choices=SheetsStep.choices, default=SheetsStep.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    pdf = models.BinaryField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("sheets job")
        verbose_name_plural = _("sheets jobs")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"sheets of event {self.event_id}: {self.step}"

    @property
    def finished(self) -> bool:
        return self.step in (SheetsStep.DONE, SheetsStep.FAILED)

    @property
    def filename(self) -> str:
        return f"event-{self.event_id}-fleet-sheets.pdf"
