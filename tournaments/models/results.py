"""Reported results (one per side, awaiting the opponent's agreement) and the audit history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Outcome(models.TextChoices):
    WIN = "win", _("Win")
    TIE = "tie", _("Tie")
    LOSS = "loss", _("Loss")


class ResultReport(models.Model):
    """What one side says happened at the table; two equal reports confirm the result."""

    match = models.ForeignKey("tournaments.Match", on_delete=models.CASCADE, related_name="reports")
    seat = models.PositiveSmallIntegerField()
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reported_at = models.DateTimeField(auto_now=True)
    # {"winner": seat or null for a tie, "losses": {"1": {...}, "2": {...}}}
    result = models.JSONField()

    class Meta:
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")
        ordering = ["match", "seat"]
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="one_report_per_match_side")]

    def __str__(self) -> str:
        return f"{self.match}: report of seat {self.seat}"


class ResultChange(models.Model):
    """Every change to a match's result: who, when, what it was before and after."""

    match = models.ForeignKey("tournaments.Match", on_delete=models.CASCADE, related_name="changes")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=30)
    before = models.JSONField()
    after = models.JSONField()

    class Meta:
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")
        ordering = ["match", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.match}: {self.action}"
