"""Pairings thrown away by "Pair again": the event's history keeps what they were."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RoundChange(models.Model):
    """One round paired again: who did it, when, and every table it removed.

    Pairing again deletes the round's matches (and with them their reports and result
    changes), so what they held is copied here first: ``removed`` is
    ``{"matches": [{"table", "players", "status", "sides", "reports", "history"}]}``, with
    each result change of a removed table as it was recorded (``id``, ``action``, ``by``,
    ``at``, ``before``, ``after``).
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="round_changes")
    round_number = models.PositiveSmallIntegerField()
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=30, default="paired again")
    removed = models.JSONField(default=dict)

    class Meta:
        verbose_name = _("round change")
        verbose_name_plural = _("round changes")
        ordering = ["event", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"Round {self.round_number} of {self.event_id}: {self.action}"
