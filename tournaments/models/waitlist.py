"""A player waiting for a place at a full event, in the order they asked."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class WaitlistEntry(models.Model):
    """One player waiting for a place: the first in line is registered when a place comes free
    (:func:`tournaments.services.waitlist.waitlist_fill`), or when the organizer promotes them."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="waitlist")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="waitlist_entries")
    joined_at = models.DateTimeField(auto_now_add=True)
    club = models.CharField(_("Club or store"), max_length=80, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        verbose_name = _("waitlist entry")
        verbose_name_plural = _("waitlist entries")
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_waitlist_entry_per_player")]

    def __str__(self) -> str:
        return f"{self.player} waiting at {self.event_id}"

    @property
    def name(self) -> str:
        return self.player.get_full_name() or self.player.get_username()
