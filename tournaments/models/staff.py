"""Who appointed or removed an event's judges, and when: the staff part of the event's history."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class StaffAction(models.TextChoices):
    APPOINTED = "appointed", _("appointed judge")
    REMOVED = "removed", _("removed as judge")


class StaffChange(models.Model):
    """One judge appointed to an event, or removed from it, by its organizer (or an administrator)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="staff_changes")
    person = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=20, choices=StaffAction.choices)

    class Meta:
        verbose_name = _("staff change")
        verbose_name_plural = _("staff changes")
        ordering = ["event", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.person} {self.action} at {self.event_id}"
