"""A player's entry in an event, with the exact fleet version they submitted."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Registration(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="registrations")
    registered_at = models.DateTimeField(auto_now_add=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    checked_in = models.BooleanField(default=False)
    first_round_bye = models.BooleanField(default=False)
    dropped_at = models.DateTimeField(null=True, blank=True)
    # PROTECT: a version someone played with can never disappear from under the event's records.
    fleet_version = models.ForeignKey(
        "fleets.FleetVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="registrations"
    )
    fleet_submitted_at = models.DateTimeField(null=True, blank=True)
    # Pairing keeps players of one club or store apart where it can (rules.tournament.pairing's keep-apart group).
    club = models.CharField(_("Club or store"), max_length=80, blank=True)
    # Ticked at the desk when the player has paid the entry fee; the site takes no payment itself.
    paid = models.BooleanField(default=False)
    # When the waitlist gave the player this place (a place that came free, or the organizer's hand).
    promoted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["player__username"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event_id}"

    @property
    def dropped(self) -> bool:
        return self.dropped_at is not None

    @property
    def walk_in(self) -> bool:
        """Whether the player is a walk-in the staff entered by name who has not claimed the account:
        the staff enter their lists (load ``player__guest`` with the registration)."""
        guest = getattr(self.player, "guest", None)
        return guest is not None and guest.claimed_at is None

    @property
    def name(self) -> str:
        return self.player.get_full_name() or self.player.get_username()
